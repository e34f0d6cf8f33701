import DBusKit
import Foundation
import Testing
import TestSupport

/// `CaptureScreen`, `AnalyzeClipboard`, `Copy`, the `copy` option and the hotkeys of the real
/// daemon on a private bus, with a private Xvfb as its display and xclip/xdotool as the peers.
@Suite("the daemon on an X display")
struct DesktopServiceTests {
    static let page = RunningDaemon.fixtures.appendingPathComponent("text-light-15px.png").path

    /// Starts an analysis with `member`, waits for it and returns its path.
    private func finished(_ daemon: RunningDaemon, _ member: String, _ arguments: [DBusValue]) async throws -> DBusObjectPath {
        let path = try #require(try await daemon.analyzer(member, arguments).first?.objectPath)
        _ = try await daemon.analysis(path, "Wait")
        return path
    }

    @Test("CaptureScreen reads a region of the screen; copy: true leaves the text on the clipboard")
    func captureRegionAndCopy() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let region = DBusValue.structure([.int32(0), .int32(0), .uint32(520), .uint32(96)])
                let path = try await finished(daemon, "CaptureScreen", [.vardict([
                    "region": region, "only": .strings(["email"]), "copy": .bool(true)])])
                #expect(try await daemon.property(path, "org.livetext.Analysis1", "State").string == "finished")
                let json = try await daemon.property(path, "org.livetext.Analysis1", "Json").string ?? ""
                #expect(json.contains("\"source\":\"screen:0,0,520,96\""))
                // The capture's time, one decimal like totalMs.
                let timing = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])["timing"]
                let captureMs = try #require((timing as? [String: Any])?["captureMs"] as? Double)
                #expect(captureMs >= 0 && (captureMs * 10).rounded() == captureMs * 10)
                #expect(try await XPeers.clipboardText(on: server) == "billing@example.com")
                // Copy() of the whole text replaces it; the daemon keeps serving it.
                _ = try await daemon.analysis(path, "Copy", [.string("text")])
                #expect(try await XPeers.clipboardText(on: server)?.contains("Invoice 4471") == true)
            }
        }
    }

    @Test("AnalyzeClipboard reads xclip's PNG; text on the clipboard fails the analysis with NotFound")
    func analyzeClipboard() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let owner = try XPeers.xclipOwning(file: Self.page, type: "image/png", on: server)
                defer { owner.terminate() }
                try await XPeers.waitForClipboard(on: server)
                let path = try await finished(daemon, "AnalyzeClipboard", [.vardict([:])])
                let text = try await daemon.property(path, "org.livetext.Analysis1", "Text").string ?? ""
                #expect(text.contains("billing@example.com"))
                owner.terminate()

                let words = try XPeers.xclipOwning(text: "no picture here", on: server)
                defer { words.terminate() }
                try await XPeers.waitForClipboard(containing: "no picture here", on: server)
                let failing = try #require(try await daemon.analyzer("AnalyzeClipboard", [.vardict([:])]).first?.objectPath)
                let error = await RunningDaemon.errorName { _ = try await daemon.analysis(failing, "Wait") }
                #expect(error == "org.livetext.Error.NotFound")
            }
        }
    }

    @Test("capture options: wrong types and two targets are InvalidArgs; a daemon without a display answers Unavailable")
    func captureErrors() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: server.environment) { daemon in
                for options: [String: DBusValue] in [
                    ["region": .string("0,0,10,10")],
                    ["region": .structure([.int32(0), .int32(0), .uint32(0), .uint32(5)])],
                    ["window": .string("0x1")],
                    ["window": .uint64(1), "interactive": .bool(true)],
                ] {
                    let name = await RunningDaemon.errorName { _ = try await daemon.analyzer("CaptureScreen", [.vardict(options)]) }
                    #expect(name == "org.livetext.Error.InvalidArgs", "\(options)")
                }
                let outside = try #require(try await daemon.analyzer("CaptureScreen", [.vardict([
                    "region": .structure([.int32(1000), .int32(1000), .uint32(5), .uint32(5)])])]).first?.objectPath)
                let name = await RunningDaemon.errorName { _ = try await daemon.analysis(outside, "Wait") }
                #expect(name == "org.livetext.Error.InvalidArgs")
            }
        }
        try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
            for member in ["CaptureScreen", "AnalyzeClipboard"] {
                let name = await RunningDaemon.errorName { _ = try await daemon.analyzer(member, [.vardict([:])]) }
                #expect(name == "org.livetext.Error.Unavailable", "\(member)")
            }
            // Files are still served.
            let path = try #require(try await daemon.analyzer("AnalyzeFile", [.string(Self.page), .vardict([:])]).first?.objectPath)
            _ = try await daemon.analysis(path, "Wait")
            #expect(try await daemon.property(path, "org.livetext.Analysis1", "State").string == "finished")
            // Hotkeys are grabbed after the engines are warm: wait for the line that says they are off.
            try await daemon.waitForLog(containing: "hotkeys are off")
            #expect(daemon.daemonLog.contains("hotkeys are off: no X display"))
        }
    }

    @Test("a hotkey press from the settings freezes the screen; the dragged text lands on the clipboard")
    func hotkeyCopiesSelection() async throws {
        let config = """
            [hotkeys.text]
            keys = "Control+Alt+T"
            action = "copy-text"
            only = ["email"]
            """
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            try await RunningDaemon.with(config: config, environment: server.environment) { daemon in
                try await daemon.pressHotkeyAndDragOverPage(on: server)
                try await XPeers.waitForClipboard(containing: "billing@example.com", on: server)
                #expect(daemon.daemonLog.contains("hotkey text"))
            }
        }
    }

    /// The `text` hotkey, copying what it reads.
    static let copyTextHotkey = "[hotkeys.text]\nkeys = \"Control+Alt+T\"\naction = \"copy-text\"\n"

    /// xdotool: press at the page's top left, drag over the whole page and rest there 1.5 s;
    /// then `end` (a release, or Esc).
    static func dragOverPageAndRest(then end: [String] = ["mouseup", "1"]) -> [String] {
        ["mousemove", "0", "4", "mousedown", "1", "mousemove", "300", "40", "mousemove", "520", "84", "sleep", "1.5"] + end
    }

    /// Over the painted page, the `text` hotkey (copy-text) and the xdotool `moves`; returns
    /// what was copied and the daemon's log.
    private func copiedByHotkey(after moves: [String]) async throws -> (text: String, log: String) {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            var copied: (text: String, log: String)?
            try await RunningDaemon.with(config: Self.copyTextHotkey, environment: server.environment) { daemon in
                try await daemon.pressHotkeyAndDrag(moves, on: server)
                try #require(try await daemon.waitForLog(containing: "hotkey text: copied"))
                copied = (try #require(try await XPeers.clipboardText(on: server)), daemon.daemonLog)
            }
            return try #require(copied)
        }
    }

    @Test("a drag that rests before the release is read while the button is held: the release finds it read")
    func hotkeyReadsWhileResting() async throws {
        let (text, log) = try await copiedByHotkey(after: Self.dragOverPageAndRest())
        #expect(log.contains("hotkey text: read while the pointer rested"))
        #expect(text.contains("Invoice 4471") && text.contains("Call +1 415 555 0123"))
    }

    @Test("a rest over one rectangle, then a drag on to another: the released one is what is copied")
    func hotkeyRestThenMoveOn() async throws {
        // At rest over the first line only, long enough for its reading to start.
        let (text, _) = try await copiedByHotkey(after: ["mousemove", "0", "4", "mousedown", "1", "mousemove", "300", "28",
                                                         "sleep", "0.5", "mousemove", "520", "84", "mouseup", "1"])
        #expect(text.contains("Invoice 4471") && text.contains("Call +1 415 555 0123"))
    }

    @Test("CaptureScreen interactive, a rest before the release: the analysis is the one read while resting")
    func interactiveCaptureReadsWhileResting() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let path = try #require(try await daemon.analyzer("CaptureScreen", [.vardict(["interactive": .bool(true)])])
                    .first?.objectPath)
                try await XPeers.waitForSelectionOverlay(on: server)
                try await XPeers.xdotool(Self.dragOverPageAndRest(), on: server)
                _ = try await daemon.analysis(path, "Wait")
                let text = try await daemon.property(path, "org.livetext.Analysis1", "Text").string ?? ""
                #expect(text.contains("Invoice 4471") && text.contains("Call +1 415 555 0123"))
                #expect(try await daemon.waitForLog(containing: ": read while the pointer rested"))
            }
        }
    }

    @Test("Esc after a rest: the reading made while resting is dropped and the user's clipboard stays")
    func restThenEscape() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            try await RunningDaemon.with(config: Self.copyTextHotkey, environment: server.environment) { daemon in
                let mine = try XPeers.xclipOwning(text: "what the user had", on: server)
                defer { mine.terminate() }
                try await XPeers.waitForClipboard(containing: "what the user had", on: server)
                try await daemon.pressHotkeyAndDrag(Self.dragOverPageAndRest(then: ["key", "Escape"]), on: server)
                #expect(try await daemon.waitForLog(containing: "hotkey text: cancelled"))
                try await XPeers.xdotool(["mouseup", "1"], on: server)
                try await Task.sleep(for: .milliseconds(500))
                #expect(try await XPeers.clipboardText(on: server) == "what the user had")
                #expect(!daemon.daemonLog.contains("hotkey text: copied"))
            }
        }
    }

    @Test("the X server restarts: the next interactive capture works, the daemon stays up, its fds do not grow")
    func serverRestarts() async throws {
        try await TestDisplay.with(width: 400, height: 300) { server in
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let region = DBusValue.structure([.int32(0), .int32(0), .uint32(40), .uint32(30)])
                _ = try await finished(daemon, "CaptureScreen", [.vardict(["region": region, "types": .strings(["codes"])])])
                var fds: [Int] = []
                // The default hotkeys, grabbed (once the engines are warm) and grabbed again after each
                // restart, on a connection of their own.
                let grabbed = "hotkeys: codes (Super+Shift+Q)"
                try #require(try await daemon.waitForLog(containing: grabbed))
                for restart in 1...3 {
                    try await server.restart()
                    for _ in 0..<200 where daemon.daemonLog.components(separatedBy: grabbed).count < restart + 2 {
                        try await Task.sleep(for: .milliseconds(50))
                    }
                    let path = try #require(try await daemon.analyzer("CaptureScreen", [.vardict([
                        "interactive": .bool(true), "types": .strings(["codes"])])]).first?.objectPath)
                    try await XPeers.waitForSelectionOverlay(on: server)
                    try await XPeers.xdotool(["mousemove", "10", "10", "mousedown", "1", "mousemove", "60", "50",
                                              "mouseup", "1"], on: server)
                    _ = try await daemon.analysis(path, "Wait")
                    #expect(try await daemon.property(path, "org.livetext.Analysis1", "State").string == "finished")
                    #expect(daemon.daemon.isRunning, "\(daemon.daemonLog)")
                    fds.append(try FileManager.default.contentsOfDirectory(
                        atPath: "/proc/\(daemon.daemon.processIdentifier)/fd").count)
                }
                // One X connection lost per restart: a leak would add an fd each time.
                #expect(zip(fds, fds.dropFirst()).allSatisfy { $0 >= $1 }, "open fds after each restart: \(fds)")
            }
        }
    }

    @Test("the X server restarts: the hotkeys are grabbed again once it is back, and a press copies as before")
    func hotkeysAfterRestart() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            try await RunningDaemon.with(config: Self.copyTextHotkey, environment: server.environment) { daemon in
                let grabbed = "hotkeys: text (Control+Alt+T)"
                try #require(try await daemon.waitForLog(containing: grabbed))
                try await server.restart()
                try await XPeers.paintRoot(Self.page, on: server)
                for _ in 0..<200 where daemon.daemonLog.components(separatedBy: grabbed).count < 3 {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(daemon.daemonLog.components(separatedBy: grabbed).count == 3, "\(daemon.daemonLog)")
                try await XPeers.xdotool(["key", "ctrl+alt+t"], on: server)
                try await XPeers.waitForSelectionOverlay(on: server)
                try await XPeers.xdotool(Self.dragOverPageAndRest(), on: server)
                try #require(try await daemon.waitForLog(containing: "hotkey text: copied"))
                #expect(try await XPeers.clipboardText(on: server)?.contains("Invoice 4471") == true)
                #expect(daemon.daemonLog.contains("hotkeys: the X display went away; they are grabbed again when it is back"))
            }
        }
    }
}
