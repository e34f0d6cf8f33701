import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// `livetext view`, the real program, driven by xdotool on Xvfb (no window manager: the window
/// stays at 0,0 in its own size) and seen from another client.
@Suite("livetext view: the window, zoom, pan, turning")
struct ViewProgramTests {
    /// 520×96: an invoice line, an email, a phone. Shown in a 520×200 window at 1:1, 52 px down.
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AdapterTests/Fixtures/text-light-15px.png").path
    static let lines = ["Invoice 4471 is due on 2026-12-01", "Questions: billing@example.com", "Call +1 415 555 0123 today"]

    @Test("a window of class livetext titled with the file, closable by the window manager; a drag over a word copies exactly it at 1:1 and zoomed in with + then panned with space+drag; WM_DELETE_WINDOW ends it (exit 0)")
    func selectThroughZoom() async throws {
        let words = try await Self.wordBounds(Self.page)
        try await TestDisplay.with(width: 800, height: 600) { server in
            let program = try LiveProgram.start(["view", Self.page], on: server)
            defer { if program.isRunning { kill(program.processIdentifier, SIGKILL) } }
            let window = try await Self.waitForWindow(server)
            // Centred on the (only) monitor.
            #expect(window.frame == [140, 200, 520, 200])
            #expect(window.title == "text-light-15px.png — livetext")
            #expect(window.protocols.contains("WM_DELETE_WINDOW"))
            try await Self.waitUntilLive(server, all: Self.lines.joined(separator: "\n"))

            // 1:1, the image centred 52 px down.
            try await Self.drag(over: try #require(words["billing@example.com"]), scale: 1, dx: 0, dy: 52, on: server)
            try await XPeers.waitForClipboard(containing: "billing@example.com", on: server)
            // Zoomed in one step (1.25) about the window's centre (260, 100): image point p shows at
            // p × 1.25 + (-65, 40); then dragged 30 px right with space held: + (-35, 40).
            try await XPeers.xdotoolInWindow(["key", "plus", "keydown", "space", "mousemove", "200", "100", "mousedown", "1",
                                       "mousemove", "215", "100", "mousemove", "230", "100", "mouseup", "1", "keyup", "space"], on: server)
            try await Self.drag(over: try #require(words["2026-12-01"]), scale: 1.25, dx: -35, dy: 40, on: server)
            try await XPeers.waitForClipboard(containing: "2026-12-01", on: server)

            try await Self.askToClose(window.id, server)
            #expect(try await LiveProgram.exitStatus(program) == 0)
            #expect(try await LiveProbe.grabsFree(server).windows.isEmpty)
            // The copy outlives the viewer.
            #expect(try await XPeers.clipboardText(on: server) == "2026-12-01")
        }
    }

    @Test("a file that is not an image is exit 3 before any window is created; no display is exit 4; q and a destroyed window end it (exit 0); - reads stdin")
    func inputsAndEndings() async throws {
        let notImage = FileManager.default.temporaryDirectory.appendingPathComponent("view-\(UUID().uuidString).png")
        try Data("not an image at all\n".utf8).write(to: notImage)
        defer { try? FileManager.default.removeItem(at: notImage) }
        let noDisplay = try await runCommand(builtLivetext().path, ["view", Self.page],
                                             environment: ["DISPLAY": "", "LIVETEXT_LOCAL": "1"])
        #expect(noDisplay.status == 4, "\(noDisplay.stderr)")
        #expect(noDisplay.stderr.contains("DISPLAY"), "\(noDisplay.stderr)")
        try await TestDisplay.with(width: 640, height: 400) { server in
            let created = try await Self.windowsCreated(on: server) {
                let result = try await runCommand(builtLivetext().path, ["view", notImage.path],
                                                  environment: LiveProgram.environment(server))
                #expect(result.status == 3, "\(result.stderr)")
                #expect(result.stderr.contains(notImage.lastPathComponent), "\(result.stderr)")
            }
            #expect(created == 0)

            // Standard input, closed with q.
            let piped = Process()
            piped.executableURL = builtLivetext()
            piped.arguments = ["view", "-"]
            piped.environment = ProcessInfo.processInfo.environment.merging(LiveProgram.environment(server)) { $1 }
            piped.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: Self.page))
            piped.standardOutput = FileHandle.nullDevice
            piped.standardError = FileHandle.nullDevice
            try piped.run()
            defer { if piped.isRunning { kill(piped.processIdentifier, SIGKILL) } }
            let window = try await Self.waitForWindow(server)
            #expect(window.title == "stdin — livetext")
            try await XPeers.xdotoolInWindow(["mousemove", "100", "100", "key", "q"], on: server)
            #expect(try await LiveProgram.exitStatus(piped) == 0)

            // Destroyed by another client (xdotool windowclose).
            let program = try LiveProgram.start(["view", Self.page], on: server)
            defer { if program.isRunning { kill(program.processIdentifier, SIGKILL) } }
            let second = try await Self.waitForWindow(server)
            try await xdotool(server, ["windowclose", "\(second.id)"])
            #expect(try await LiveProgram.exitStatus(program) == 0)
        }
    }

    @Test("without a pointer event: the window focused, Ctrl+A, Left and Shift+Ctrl+Right copy a word; Down, Home and Tab reach the phone number, Enter and End copy it from its menu; Esc lets go, then End/Home, Space and Backspace turn; Ctrl+W ends (exit 0)")
    func keyboardOnly() async throws {
        let second = URL(fileURLWithPath: Self.page).deletingLastPathComponent().appendingPathComponent("sample.png").path
        try await TestDisplay.with(width: 800, height: 600) { server in
            let program = try LiveProgram.start(["view", Self.page, second], on: server)
            defer { if program.isRunning { kill(program.processIdentifier, SIGKILL) } }
            let window = try await Self.waitForWindow(server)
            // The keyboard's focus given to the window as a window manager does: no pointer involved.
            try await xdotool(server, ["windowfocus", "\(window.id)"])
            let all = Self.lines.joined(separator: "\n")
            for _ in 0..<300 {
                try await xdotool(server, ["key", "ctrl+a", "key", "ctrl+c"])
                if try await XPeers.clipboardText(on: server) == all { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            try await xdotool(server, ["key", "Left", "key", "shift+ctrl+Right", "key", "ctrl+c"])
            try await XPeers.waitForClipboard(containing: "Invoice", on: server)
            #expect(try await XPeers.clipboardText(on: server) == "Invoice")
            try await xdotool(server, ["key", "Down", "key", "Down", "key", "Home", "key", "Tab", "key", "Return",
                                       "sleep", "0.2", "key", "End", "key", "Return"])
            try await XPeers.waitForClipboard(on: server)
            for _ in 0..<100 {
                if let copied = try await XPeers.clipboardText(on: server), copied.filter(\.isNumber).hasSuffix("4155550123") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            let copied = try await XPeers.clipboardText(on: server) ?? ""
            #expect(copied.filter(\.isNumber).hasSuffix("4155550123"), "\(copied)")
            // The focus let go of, the keys turn: the last image, the first, Space to the next, Backspace back.
            for (keys, shown) in [(["Escape", "End"], "sample.png"), (["Home"], "text-light-15px.png"),
                                  (["space"], "sample.png"), (["BackSpace"], "text-light-15px.png")] {
                try await xdotool(server, keys.flatMap { ["key", $0] })
                var title: String?
                for _ in 0..<50 {
                    title = try await Self.title(window.id, server)
                    if title == "\(shown) — livetext" { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(title == "\(shown) — livetext", "after \(keys)")
            }
            try await xdotool(server, ["key", "ctrl+w"])
            #expect(try await LiveProgram.exitStatus(program) == 0)
        }
    }

    @Test("two images: n turns to the second before the first is read; only the second's text is ever live, then p turns back to the first's")
    func turnDropsStaleReading() async throws {
        let second = URL(fileURLWithPath: Self.page).deletingLastPathComponent().appendingPathComponent("sample.png").path
        let read = try await runCommand(builtLivetext().path, ["analyze", "--local", second],
                                        environment: ["LIVETEXT_LOCAL": "1", "XDG_CONFIG_HOME": "/nonexistent/livetext-tests",
                                                      "OMP_THREAD_LIMIT": "1"])
        let secondText = read.stdout.trimmingCharacters(in: .newlines), firstText = Self.lines.joined(separator: "\n")
        #expect(secondText != firstText && !secondText.isEmpty)
        try await TestDisplay.with(width: 800, height: 600) { server in
            let program = try LiveProgram.start(["view", Self.page, second], on: server)
            defer { if program.isRunning { kill(program.processIdentifier, SIGKILL) } }
            let window = try await Self.waitForWindow(server)
            try await XPeers.xdotoolInWindow(["mousemove", "160", "100", "key", "n"], on: server)
            var seen: Set<String> = []
            for _ in 0..<300 {
                try await xdotool(server, ["key", "ctrl+a", "key", "ctrl+c"])
                if let text = try await XPeers.clipboardText(on: server) { seen.insert(text) }
                if seen.contains(secondText) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(seen == [secondText])
            #expect(try await Self.title(window.id, server) == "sample.png — livetext")
            try await xdotool(server, ["key", "p"])
            try await Self.waitUntilLive(server, all: firstText)
            // Everything is selected: the first Escape lets go of it, the second closes.
            try await xdotool(server, ["key", "Escape", "sleep", "0.2", "key", "Escape"])
            #expect(try await LiveProgram.exitStatus(program) == 0)
        }
    }
}

extension ViewProgramTests {
    static func title(_ window: UInt, _ server: TestDisplay) async throws -> String? {
        try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            return WindowTitle.read(window, display: probe)
        }
    }

    struct ViewerWindow: Sendable {
        var id: UInt
        var frame: [Int]
        var title: String?
        var protocols: [String]
    }

    /// Waits until a window of class livetext is mapped; what another client sees of it.
    static func waitForWindow(_ server: TestDisplay) async throws -> ViewerWindow {
        try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                for window in LiveProbe.windows(ofClass: "livetext", probe) {
                    var attributes = XWindowAttributes()
                    XGetWindowAttributes(probe.handle, Window(window), &attributes)
                    guard attributes.map_state == IsViewable else { continue }
                    var atoms: UnsafeMutablePointer<Atom>?, count: Int32 = 0
                    var protocols: [String] = []
                    if XGetWMProtocols(probe.handle, Window(window), &atoms, &count) != 0, let atoms {
                        protocols = UnsafeBufferPointer(start: atoms, count: Int(count)).compactMap { probe.atomName($0) }
                        XFree(atoms)
                    }
                    return ViewerWindow(id: window, frame: [attributes.x, attributes.y, attributes.width, attributes.height].map(Int.init),
                                        title: WindowTitle.read(window, display: probe), protocols: protocols)
                }
                usleep(20_000)
            }
            throw TestFailure("no viewer window appeared")
        }
    }

    /// Sends the window `WM_DELETE_WINDOW`, as a window manager does when its close button is pressed.
    static func askToClose(_ window: UInt, _ server: TestDisplay) async throws {
        try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = Window(window)
            event.xclient.message_type = probe.atom("WM_PROTOCOLS")
            event.xclient.format = 32
            event.xclient.data.l.0 = Int(probe.atom("WM_DELETE_WINDOW"))
            event.xclient.data.l.1 = Int(CurrentTime)
            XSendEvent(probe.handle, Window(window), 0, 0, &event)
            probe.sync()
        }
    }

    /// How many top-level windows were created while `body` ran.
    static func windowsCreated(on server: TestDisplay, _ body: () async throws -> Void) async throws -> Int {
        let probe = try X11Display(name: server.name)
        defer { probe.close() }
        XSelectInput(probe.handle, probe.root, SubstructureNotifyMask)
        probe.sync()
        try await body()
        probe.sync()
        var created = 0, event = XEvent()
        while XPending(probe.handle) > 0 {
            XNextEvent(probe.handle, &event)
            if event.type == CreateNotify { created += 1 }
        }
        return created
    }

    /// Ctrl+A, Ctrl+C over the window until the clipboard holds all the text: the image is read.
    static func waitUntilLive(_ server: TestDisplay, all: String) async throws {
        for _ in 0..<300 {
            try await XPeers.xdotoolInWindow(["mousemove", "260", "100", "key", "ctrl+a", "key", "ctrl+c"], on: server)
            if try await XPeers.clipboardText(on: server) == all { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("the image never became live")
    }

    /// Drags across a word from just inside its left edge to just inside its right edge, at its
    /// middle, in the view where image point p shows at p × scale + (dx, dy); then Ctrl+C.
    static func drag(over word: [Int], scale: Double, dx: Double, dy: Double, on server: TestDisplay) async throws {
        func view(_ x: Double, _ y: Double) -> [String] { ["\(Int(x * scale + dx))", "\(Int(y * scale + dy))"] }
        let middle = Double(word[1]) + Double(word[3]) / 2
        try await XPeers.xdotoolInWindow(["mousemove"] + view(Double(word[0]) + 1.5, middle) + ["mousedown", "1"]
                          + ["mousemove"] + view(Double(word[0] + word[2] / 2), middle)
                          + ["mousemove"] + view(Double(word[0] + word[2]) - 1.5, middle) + ["mouseup", "1", "key", "ctrl+c"], on: server)
    }

    /// The bounds of each word of an image as `livetext analyze --json` reads it.
    static func wordBounds(_ file: String) async throws -> [String: [Int]] {
        let result = try await runCommand(builtLivetext().path, ["analyze", "--json", "--local", file],
                                          environment: ["LIVETEXT_LOCAL": "1", "XDG_CONFIG_HOME": "/nonexistent/livetext-tests",
                                                        "OMP_THREAD_LIMIT": "1"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                    "\(result.stderr)")
        var words: [String: [Int]] = [:]
        for block in document["blocks"] as? [[String: Any]] ?? [] {
            for line in block["lines"] as? [[String: Any]] ?? [] {
                for word in line["words"] as? [[String: Any]] ?? [] {
                    if let text = word["text"] as? String, let bounds = word["bounds"] as? [Int] { words[text] = bounds }
                }
            }
        }
        return words
    }
}
