import Foundation
import Testing
import TestSupport

@Suite("livetext --notify in-process, through dunst")
struct NotifyCommandTests {
    @Test("analyze --notify: the notification outlives the command; clicking it copies the QR payload")
    func detached() async throws {
        try await DunstServer.with { dunst in
            let monitor = try await dunst.monitorNotifyCalls()
            defer { Task { await monitor.stop() } }
            let result = try await CLIProcess.run(["analyze", "--notify", CLIProcess.fixture("qr-url.png")],
                                   environment: dunst.environment.merging(["XDG_CONFIG_HOME": "/nonexistent"]) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("https://example.org/livetext?q=1"))
            let seen = try await monitor.lastNotify()
            #expect(seen.summary == "QR code: example.org")
            #expect(seen.image != nil)
            try await dunst.clickNotification()
            try await XPeers.waitForClipboard(containing: "https://example.org/livetext?q=1", on: dunst.display)
        }
    }

    @Test("--notify with no notification server: the result is still printed, the command succeeds")
    func noServer() async throws {
        let bus = try await TestBus.start()
        defer { Task { await bus.stop() } }
        let result = try await CLIProcess.run(["analyze", "--notify", CLIProcess.fixture("qr-url.png")],
                               environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(result.status == 0)
        #expect(result.stdout.contains("https://example.org/livetext?q=1"))
        #expect(result.stderr.contains("no notification: no notification server"))
    }

    @Test("--interaction without --notify is a usage error")
    func interactionNeedsNotify() async throws {
        let result = try await CLIProcess.run(["analyze", "--interaction", "none", CLIProcess.fixture("qr-url.png")])
        #expect(result.status == 2 && result.stderr.contains("--interaction goes with --notify"))
    }

    @Test("[notifications] enabled = false: --notify in-process shows nothing either, as the daemon does")
    func notificationsOff() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-off-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("livetext"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "[notifications]\nenabled = false\n".write(to: home.appendingPathComponent("livetext/config.toml"),
                                                       atomically: true, encoding: .utf8)
        try await DunstServer.with { dunst in
            let monitor = try await dunst.monitorNotifyCalls()
            defer { Task { await monitor.stop() } }
            let result = try await CLIProcess.run(["analyze", "--notify", CLIProcess.fixture("qr-url.png")],
                                   environment: dunst.environment.merging(["XDG_CONFIG_HOME": home.path]) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
            // A probe after it: once the monitor shows the probe, it would have shown livetext's
            // notification before it.
            _ = try await runCommand("/usr/bin/dunstify", ["probe"], environment: dunst.environment)
            #expect(try await monitor.lastNotify().summary == "probe")
            #expect(monitor.calls().count == 1, "\(monitor.calls())")
        }
    }
}
