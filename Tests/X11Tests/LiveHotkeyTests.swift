import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// The daemon's `live` hotkey, pressed as a user does, seen from another client: the surface it
/// opens and the grabs it gives back.
@Suite("the live hotkey")
struct LiveHotkeyTests {
    @Test("the default live hotkey, Super+Shift+X, freezes the monitor under the pointer under a window of class livetext holding both grabs (a second tap before the grab changes nothing); Esc gives them back")
    func pressAndEscape() async throws {
        try await TestDisplay.with(width: 1000, height: 300) { server in
            // Two monitors side by side; the pointer on the right one.
            let painter = try ScreenPainter(server)
            painter.defineMonitors([("LEFT", Bounds(x: 0, y: 0, width: 600, height: 300), true),
                                    ("RIGHT", Bounds(x: 600, y: 0, width: 400, height: 300), false)])
            try await Self.withDaemon(on: server) { log in
                try await Self.waitForLog(log, containing: "live (Super+Shift+X)")
                // Tapped twice, as a hand does: the second press may come before the keyboard is grabbed.
                try await xdotool(server, "mousemove 800 150 key --delay 5 super+shift+x super+shift+x")
                let window = try await LiveProbe.waitForSurface(server)
                #expect(window.overrideRedirect && window.viewable)
                #expect(window.frame == [600, 0, 400, 300])
                let during = try await LiveProbe.grabsFree(server)
                #expect(!during.pointer && !during.keyboard)

                try await xdotool(server, "key Escape")
                let after = try await LiveProbe.waitUntilFree(server)
                #expect(after.pointer && after.keyboard)
                #expect(after.windows.isEmpty)
                try await Self.waitForLog(log, containing: "live text: shown in")
                let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                #expect(said.contains("hotkey live: live text on monitor:"), "\(said)")
                #expect(said.components(separatedBy: "ms after the press").count == 2, "\(said)")
                #expect(!said.contains("hotkey live: cancelled") && !said.contains("already shown"), "\(said)")
            }
        }
    }

    /// Runs `body` with the real daemon on a private bus and `server` as its display, default
    /// settings; `body` gets its log.
    static func withDaemon(on server: TestDisplay, _ body: (URL) async throws -> Void) async throws {
        let bus = try await TestBus.start()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-hotkey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let log = home.appendingPathComponent("daemon.log")
        let daemon: Process
        do {
            daemon = try DaemonProcess.start(address: bus.address, configHome: home, log: log, environment: server.environment)
        } catch {
            await bus.stop()
            throw error
        }
        func stop() async {
            if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
            _ = try? await offPool { daemon.waitUntilExit() }
            await bus.stop()
            try? FileManager.default.removeItem(at: home)
        }
        do {
            try await body(log)
        } catch {
            await stop()
            throw error
        }
        await stop()
    }

    /// Waits (up to 60 s: the hotkeys are grabbed once the engines are warm) for `text` in the log.
    static func waitForLog(_ log: URL, containing text: String) async throws {
        for _ in 0..<1200 {
            if ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains(text) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("the daemon never logged '\(text)': \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }
}
