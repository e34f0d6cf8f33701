import Foundation
import Synchronization
import Testing
import TestSupport

/// `livetext live` as a user runs it: what it refuses and says before any window opens.
@Suite("livetext live")
struct LiveCommandTests {
    @Test("no display is exit 4 saying what to set; --interaction none and bad targets are refused with exit 2, saying why")
    func refusals() async throws {
        let noDisplay = try await CLIProcess.run(["live"], environment: ["DISPLAY": ""])
        #expect(noDisplay.status == 4)
        #expect(noDisplay.stderr.contains("DISPLAY"), "\(noDisplay.stderr)")
        let noServer = try await CLIProcess.run(["live"], environment: ["DISPLAY": ":997"])
        #expect(noServer.status == 4)
        #expect(noServer.stderr.contains(":997"), "\(noServer.stderr)")

        let none = try await CLIProcess.run(["live", "--interaction", "none"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("none offers nothing"), "\(none.stderr)")
        let unknown = try await CLIProcess.run(["live", "--interaction", "everything"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("textSelection"), "\(unknown.stderr)")
        let two = try await CLIProcess.run(["live", "--monitor", "0", "--region", "0,0,10,10"])
        #expect(two.status == 2)

        try await TestDisplay.with(width: 320, height: 200) { server in
            let outside = try await XPeers.livetext(["live", "--region", "400,300,10,10"], on: server)
            #expect(outside.status == 2)
            #expect(outside.stderr.contains("320"), "\(outside.stderr)")
            let monitor = try await XPeers.livetext(["live", "--monitor", "3"], on: server)
            #expect(monitor.status == 2)
            #expect(monitor.stderr.contains("no monitor 3"), "\(monitor.stderr)")
            let window = try await XPeers.livetext(["live", "--window", "0x7fffff1"], on: server)
            #expect(window.status == 3, "\(window.stderr)")
        }
    }
}

extension LiveCommandTests {
    static let page = CLIProcess.fixture("text-light-15px.png")  // 520×96: an invoice line, an email, a phone
    static let lines = ["Invoice 4471 is due on 2026-12-01", "Questions: billing@example.com", "Call +1 415 555 0123 today"]

    @Test("on the frozen screen: Ctrl+A, a drag across lines, a double and a triple click select exactly those words; Ctrl+C copies and stays, Enter copies and closes, and the copy outlives livetext")
    func selectAndCopy() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            async let ended = XPeers.livetext(["live", "--region", "0,0,520,96"], on: server)
            // Ctrl+A selects everything once the screen is read: until then it copies nothing.
            let all = Self.lines.joined(separator: "\n")
            try await XPeers.copyAllOnceRead(all, on: server)
            #expect(try await XPeers.clipboardText(on: server) == all)

            // From before "Questions:" to just past the end of "today", across the line break.
            try await XPeers.xdotool(["mousemove", "2", "42", "mousedown", "1", "mousemove", "120", "50",
                                      "mousemove", "230", "65", "mouseup", "1", "key", "ctrl+c"], on: server)
            try await XPeers.waitForClipboard(containing: Self.lines[1] + "\n" + Self.lines[2], on: server)
            // A double click on "billing@example.com": that word.
            try await XPeers.xdotool(["mousemove", "150", "42", "click", "--repeat", "2", "--delay", "60", "1",
                                      "key", "ctrl+c"], on: server)
            try await XPeers.waitForClipboard(containing: "billing@example.com", on: server)
            // A triple click on the first line, then Enter: copied, closed.
            try await XPeers.xdotool(["mousemove", "40", "18", "sleep", "0.5", "click", "--repeat", "3", "--delay", "60", "1",
                                      "key", "Return"], on: server)
            let result = try await ended
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try await XPeers.clipboardText(on: server) == Self.lines[0])
        }
    }

    @Test("without a pointer event: Shift+Ctrl+Right selects a word and Ctrl+C copies it; the Menu key's Copy copies two; the caret keys and Tab reach the phone number, Enter shows its menu and its last entry copies the number and closes (exit 0)")
    func keyboardOnly() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            async let ended = XPeers.livetext(["live", "--region", "0,0,520,96"], on: server)
            try await XPeers.copyAllOnceRead(Self.lines.joined(separator: "\n"), on: server)
            // Left: the caret at the start of the selection, the start of the text; a word from there.
            try await XPeers.xdotool(["key", "Left", "key", "shift+ctrl+Right", "key", "ctrl+c"], on: server)
            try await XPeers.waitForClipboard(containing: "Invoice", on: server)
            #expect(try await XPeers.clipboardText(on: server) == "Invoice")
            // One word more, then the Menu key: the selection's menu, its first entry (Copy) highlighted.
            try await XPeers.xdotool(["key", "shift+ctrl+Right", "key", "Menu", "sleep", "0.2", "key", "Return"], on: server)
            try await XPeers.waitForClipboard(containing: "Invoice 4471", on: server)
            #expect(try await XPeers.clipboardText(on: server) == "Invoice 4471")
            // Down twice and Home: the start of "Call +1 415 555 0123 today"; Tab: the phone number
            // after it; Enter: its menu (its actions, then its copy last); End, Enter: the copy.
            try await XPeers.xdotool(["key", "Down", "key", "Down", "key", "Home", "key", "Tab", "key", "Return",
                                      "sleep", "0.2", "key", "End", "key", "Return"], on: server)
            let result = try await ended
            #expect(result.status == 0, "\(result.stderr)")
            try await XPeers.waitForClipboard(on: server)
            let copied = try await XPeers.clipboardText(on: server) ?? ""
            #expect(copied.filter(\.isNumber).hasSuffix("4155550123"), "\(copied)")
        }
    }

    @Test("a click on the underlined phone number shows its menu; its first entry, Call, runs the opener with its tel: target and closes (exit 0)")
    func clickItem() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            let (opener, opened) = try Self.recordingOpener()
            defer { try? FileManager.default.removeItem(at: opened.deletingLastPathComponent()) }
            try await XPeers.paintRoot(Self.page, on: server)
            async let ended = XPeers.livetext(["live", "--region", "0,0,520,96"], on: server,
                                              environment: ["LIVETEXT_OPENER": opener])
            // Every line read (each live, its items underlined, as it is read): Ctrl+A copies them all.
            for _ in 0..<300 {
                try await XPeers.xdotool(["key", "ctrl+a", "key", "ctrl+c"], on: server)
                if try await XPeers.clipboardText(on: server) == Self.lines.joined(separator: "\n") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            // "+1 415 555 0123" on the third line: its menu once the double-click interval (0.4 s) has
            // passed; Down highlights its first entry, Call, and Enter runs it.
            try await XPeers.xdotool(["mousemove", "100", "65", "click", "1", "sleep", "1", "key", "Down", "Return"], on: server)
            let result = try await ended
            #expect(result.status == 0, "\(result.stderr)")
            let target = try String(contentsOf: opened, encoding: .utf8)
            #expect(target.hasPrefix("tel:"), "\(target)")
            #expect(target.filter(\.isNumber).hasSuffix("4155550123"), "\(target)")
        }
    }

    @Test("the Live Text button shows the quick-action chips; the Copy Text chip copies all the text and closes; a font that is not installed is said, another stands in")
    func liveTextButtonChips() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("live-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("livetext"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "[interaction]\nsupplementary_interface_font = \"Nosuchfamily Bold\"\n"
            .write(to: home.appendingPathComponent("livetext/config.toml"), atomically: true, encoding: .utf8)
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            let outcome = Mutex<CLIProcess.Outcome?>(nil)
            let ended = Task {
                let result = try await XPeers.livetext(["live", "--region", "0,0,520,96"], on: server,
                                                       environment: ["XDG_CONFIG_HOME": home.path])
                outcome.withLock { $0 = result }
                return result
            }
            try await Self.selectTodayOnceLive(on: server)
            // The button: 22 px square, 6 px from the bottom-right corner; the first chip 6 px from
            // the bottom-left. The button comes with the whole reading, which a loaded machine may
            // finish after "today" was selected from the pointer's line: button and chip are
            // clicked until the chip closes the surface (the events are handled in order, so a
            // button that was hit shows the chip the next click finds).
            for _ in 0..<30 where outcome.withLock({ $0 == nil }) {
                try await XPeers.xdotool(["mousemove", "503", "79", "click", "1", "sleep", "0.3",
                                          "mousemove", "20", "79", "click", "1"], on: server)
                for _ in 0..<10 where outcome.withLock({ $0 == nil }) { try await Task.sleep(for: .milliseconds(100)) }
            }
            let result = try await ended.value
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("font 'Nosuchfamily Bold' is not installed; using"), "\(result.stderr)")
            try await XPeers.waitForClipboard(containing: Self.lines.joined(separator: "\n"), on: server)
        }
    }

    /// Double clicks "today" (and copies it) until the clipboard holds it: the screen is read and
    /// the word selected.
    static func selectTodayOnceLive(on server: TestDisplay) async throws {
        for _ in 0..<300 {
            try await XPeers.xdotool(["mousemove", "200", "65", "click", "--repeat", "2", "--delay", "60", "1",
                                      "key", "ctrl+c", "sleep", "0.5"], on: server)
            if try await XPeers.clipboardText(on: server) == "today" { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("the screen never became live")
    }

    /// An opener that writes what it is given to a file: (the opener command, the file). The script
    /// is run by `sh`, not executed: a child another test forks meanwhile may hold the new file
    /// open for writing, and executing it would fail with "Text file busy".
    static func recordingOpener() throws -> (String, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let opener = directory.appendingPathComponent("opener"), opened = directory.appendingPathComponent("opened")
        try "#!/bin/sh\necho \"$@\" > '\(opened.path)'\n".write(to: opener, atomically: true, encoding: .utf8)
        return ("/bin/sh " + opener.path, opened)
    }

    @Test("a right click on the selection, then Look Up: the opener gets the lookup template filled with the selected words")
    func lookUpSelection() async throws {
        // The menu opens at the pointer, moved up to fit the 96 px high surface: 22 px rows from
        // y 0 (Copy, Copy as One Line, Select All, Look Up “today”, …); Look Up is the fourth.
        try await Self.lookUpToday(["click", "3", "sleep", "0.3", "mousemove", "210", "77", "click", "1"])
    }

    @Test("the right-click menu by keyboard: Escape closes the menu and live text stays; Down four times and Enter run Look Up")
    func menuKeys() async throws {
        try await Self.lookUpToday(["click", "3", "sleep", "0.3", "key", "Escape", "sleep", "0.3",
                                    "click", "3", "sleep", "0.3", "key", "Down", "Down", "Down", "Down", "Return"])
    }

    @Test("a Wi-Fi code's menu by keyboard: End and Enter open Wi-Fi Details, Down and Enter copy the password and live text stays until Esc")
    func wifiDetails() async throws {
        let code = FixtureCorpus("codes").directory.appendingPathComponent("qr-wifi.png").path  // 318×164, the code at left
        try await TestDisplay.with(width: 640, height: 480) { server in
            try await XPeers.paintRoot(code, on: server)
            async let ended = XPeers.livetext(["live", "--region", "0,0,318,164"], on: server)
            // Live once Ctrl+A copies the title beside the code (read whole only when the code's
            // modules are not taken for a window's border).
            var copied: String?
            for _ in 0..<300 where copied?.contains("Wi-Fi: Home-5G") != true {
                try await Task.sleep(for: .milliseconds(copied == nil ? 0 : 100))
                try await XPeers.xdotool(["key", "ctrl+a", "key", "ctrl+c"], on: server)
                copied = try await XPeers.clipboardText(on: server) ?? ""
            }
            try #require(copied?.contains("Wi-Fi: Home-5G") == true, "Ctrl+A never copied the title: \(copied ?? "")")
            // A second between steps: on a loaded machine (the desktop suites' sessions beside it) a
            // key sent before the menu or the details were up went astray and live never closed.
            try await XPeers.xdotool(["mousemove", "65", "95", "click", "3", "sleep", "1", "key", "End", "Return",
                                      "sleep", "1", "key", "Down", "Return", "sleep", "1", "key", "Escape",
                                      "sleep", "1", "key", "Escape"], on: server)
            let result = try await ended
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try await XPeers.clipboardText(on: server) == "correct horse battery staple")
        }
    }

    /// Selects "today" on the live page, then `xdotool` runs `steps` that should choose Look Up:
    /// livetext exits 0 and the opener gets the lookup template filled with "today".
    static func lookUpToday(_ steps: [String]) async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            let (opener, opened) = try Self.recordingOpener()
            defer { try? FileManager.default.removeItem(at: opened.deletingLastPathComponent()) }
            try await XPeers.paintRoot(Self.page, on: server)
            async let ended = XPeers.livetext(["live", "--region", "0,0,520,96"], on: server,
                                              environment: ["LIVETEXT_OPENER": opener,
                                                            "LIVETEXT_LOOKUP_URL": "https://lookup.test/?q=%s"])
            try await Self.selectTodayOnceLive(on: server)
            try await XPeers.xdotool(steps, on: server)
            let result = try await ended
            #expect(result.status == 0, "\(result.stderr)")
            let target = try String(contentsOf: opened, encoding: .utf8)
            #expect(target == "https://lookup.test/?q=today\n", "\(target)")
        }
    }
}

extension LiveCommandTests {
    @Test("the display going away while live text is shown ends it: exit 4, saying so, no hang")
    func displayGone() async throws {
        let server = try await TestDisplay.start(width: 320, height: 200)
        async let ended = XPeers.livetext(["live"], on: server)
        try await XPeers.xdotool(["search", "--sync", "--class", "livetext"], on: server)
        let stopped = ContinuousClock.now
        await server.stop()
        let result = try await ended
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("went away"), "\(result.stderr)")
        // No hang: the reading under way is waited for (its engines must stop before exit), no more.
        #expect(ContinuousClock.now - stopped < .seconds(60))
    }
}

/// `livetext view`: an image in a window of its own, its text live.
@Suite("livetext view")
struct ViewCommandTests {
    @Test("a file that is not an image is exit 3 before any window (no display needed); a missing one too")
    func notAnImage() async throws {
        let text = try await CLIProcess.run(["view", "/etc/hostname"], environment: ["DISPLAY": ""])
        #expect(text.status == 3)
        #expect(text.stderr.contains("not an image"), "\(text.stderr)")
        let missing = try await CLIProcess.run(["view", "/nonexistent.png"], environment: ["DISPLAY": ""])
        #expect(missing.status == 3, "\(missing.stderr)")
        let noDisplay = try await CLIProcess.run(["view", LiveCommandTests.page], environment: ["DISPLAY": ""])
        #expect(noDisplay.status == 4)
    }

    @Test("view shows the image in a window: Ctrl+A then Ctrl+C copies all its text, q closes (exit 0); a window closed by another client ends it (exit 0)")
    func selectAndClose() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            async let viewed = XPeers.livetext(["view", LiveCommandTests.page], on: server)
            try await XPeers.xdotool(["search", "--sync", "--class", "livetext"], on: server)
            let all = LiveCommandTests.lines.joined(separator: "\n")
            // Keys go to the window under the pointer (no window manager): Ctrl+A selects once read.
            for _ in 0..<300 {
                try await XPeers.xdotoolInWindow(["mousemove", "100", "50", "key", "ctrl+a", "key", "ctrl+c"], on: server)
                if try await XPeers.clipboardText(on: server) == all { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            try await XPeers.xdotool(["key", "q"], on: server)
            let result = try await viewed
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try await XPeers.clipboardText(on: server) == all)

            async let closed = XPeers.livetext(["view", LiveCommandTests.page], on: server)
            try await XPeers.xdotool(["search", "--sync", "--class", "livetext", "windowclose"], on: server)
            let ended = try await closed
            #expect(ended.status == 0, "\(ended.stderr)")
        }
    }
}
