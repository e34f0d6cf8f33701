import DBusKit
import Foundation
import Testing
import TestSupport

/// The daemon's notifications, received by a real dunst on a private bus and Xvfb, acted on
/// through dunst as a user would, with the clipboard read back by xclip.
@Suite("notifications from the daemon, through dunst")
struct NotificationServiceTests {
    static let qr = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
    static let page = RunningDaemon.fixtures.appendingPathComponent("text-light-15px.png").path

    private func analyze(_ daemon: RunningDaemon, _ file: String, _ options: [String: DBusValue]) async throws {
        let path = try #require(try await daemon.analyzer("AnalyzeFile", [.string(file), .vardict(options)]).first?.objectPath)
        _ = try await daemon.analysis(path, "Wait")
    }

    /// dunst on its Xvfb and bus, the daemon on them, and `busctl monitor` watching the Notify calls.
    private func withDaemonAndDunst(_ body: (DunstServer, RunningDaemon, NotifyMonitor) async throws -> Void) async throws {
        try await DunstServer.with { dunst in
            try await RunningDaemon.with(environment: dunst.display.environment, bus: dunst.bus) { daemon in
                let monitor = try await dunst.monitorNotifyCalls()
                defer { Task { await monitor.stop() } }
                try await body(dunst, daemon, monitor)
            }
        }
    }

    @Test("a QR code: dunst gets its summary, actions and preview; clicking copies the payload")
    func qrCode() async throws {
        try await withDaemonAndDunst { dunst, daemon, monitor in
            try await analyze(daemon, Self.qr, ["notify": .bool(true)])
            let seen = try await monitor.lastNotify()
            #expect(seen.appName == "livetext")
            #expect(seen.summary == "QR code: example.org", "\(seen)")
            #expect(seen.actions.prefix(2) == ["default", "Copy QR Code Payload"])
            #expect(seen.actions.contains("open-link-0"))
            #expect(seen.hintNames.contains("image-data"))
            let image = try #require(seen.image)
            #expect(image.width > 0 && image.width <= 480 && image.height <= 320)
            try await dunst.waitForDisplayed(1)

            try await dunst.clickNotification()
            let payload = "https://example.org/livetext?q=1"
            try await XPeers.waitForClipboard(containing: payload, on: dunst.display)
            // Still there after the notification is gone.
            #expect(try await dunst.displayedCount() == 0)
            #expect(try await XPeers.clipboardText(on: dunst.display) == payload)
        }
    }

    @Test("a named action from dunst's menu: Call runs the opener with the tel: link")
    func namedAction() async throws {
        let opened = FileManager.default.temporaryDirectory.appendingPathComponent("opened-\(UUID().uuidString)")
        let opener = opened.path + ".sh"
        try "#!/bin/sh\necho \"$1\" >> \(opened.path)\n".write(toFile: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener)
        defer { for path in [opened.path, opener] { try? FileManager.default.removeItem(atPath: path) } }
        try await DunstServer.with { dunst in
            // Through sh: executed itself, a fork elsewhere still holding it open fails with ETXTBSY.
            let config = "[actions]\nopener = [\"/bin/sh\", \"\(opener)\"]\n"
            try await RunningDaemon.with(config: config, environment: dunst.display.environment, bus: dunst.bus) { daemon in
                try await analyze(daemon, Self.page, ["notify": .bool(true)])
                try await dunst.waitForDisplayed(1)
                let menu = try await dunst.chooseAction(labeled: "Call +1 415 555 0123")
                #expect(menu.contains { $0.contains("Copy Text") })
                var said: String?
                for _ in 0..<100 {
                    said = try? String(contentsOf: opened, encoding: .utf8)
                    if said != nil { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(said == "tel:+14155550123\n", "\(menu) \(daemon.daemonLog)")
            }
        }
    }

    @Test("interaction types per call: none shows nothing, dataDetectors drops the text actions")
    func interactionTypes() async throws {
        try await withDaemonAndDunst { _, daemon, monitor in
            try await analyze(daemon, Self.page, ["notify": .bool(true), "interaction": .strings(["none"])])
            #expect(try await daemon.waitForLog(containing: "offer nothing (none)"))
            try await analyze(daemon, Self.page, ["notify": .bool(true), "interaction": .strings(["dataDetectors"])])
            let seen = try await monitor.lastNotify()
            // Only the second one reached dunst.
            #expect(monitor.calls().count == 1)
            #expect(!seen.actions.contains("copy-text") && !seen.actions.contains("Copy Text"))
            #expect(seen.actions.contains("call-phone-0"))

            let error = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzeFile", [.string(Self.page), .vardict([
                    "notify": .bool(true), "interaction": .strings(["none", "automatic"])])])
            }
            #expect(error == "org.livetext.Error.InvalidArgs")
        }
    }

    @Test("no notification server: the analysis still finishes and the text is still copied")
    func noServer() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: server.environment) { daemon in
                try await analyze(daemon, Self.page, ["notify": .bool(true), "copy": .bool(true), "only": .strings(["email"])])
                #expect(try await XPeers.clipboardText(on: server) == "billing@example.com")
                try await daemon.waitForLog(containing: "no notification")
                #expect(daemon.daemonLog.contains("no notification: no notification server on the session bus"))
            }
        }
    }

    @Test("a font that is not installed: the notification still comes, and the daemon says so once")
    func missingFont() async throws {
        let config = """
            [interaction]
            supplementary_interface_font = "No Such Family Bold"
            supplementary_interface_content_insets = [5000, 5000, 5000, 5000]
            """
        try await DunstServer.with { dunst in
            try await RunningDaemon.with(config: config, environment: dunst.display.environment, bus: dunst.bus) { daemon in
                try await analyze(daemon, Self.page, ["notify": .bool(true)])
                // Not the same notification twice: dunst would stack the two into one.
                try await analyze(daemon, Self.page, ["notify": .bool(true), "interaction": .strings(["dataDetectors"])])
                try await dunst.waitForDisplayed(2)
                let log = daemon.daemonLog
                #expect(log.components(separatedBy: "'No Such Family Bold' is not installed").count == 2, "\(log)")
            }
        }
    }

    @Test("a hotkey press with notify: the dragged text is copied and the notification says so")
    func hotkey() async throws {
        let config = """
            [hotkeys.text]
            keys = "Control+Alt+T"
            action = "copy-text"
            only = ["email"]
            notify = true
            """
        try await DunstServer.with { dunst in
            try await XPeers.paintRoot(Self.page, on: dunst.display)
            try await RunningDaemon.with(config: config, environment: dunst.display.environment, bus: dunst.bus) { daemon in
                let monitor = try await dunst.monitorNotifyCalls()
                defer { Task { await monitor.stop() } }
                try await daemon.pressHotkeyAndDragOverPage(on: dunst.display)
                try await XPeers.waitForClipboard(containing: "billing@example.com", on: dunst.display)
                let seen = try await monitor.lastNotify()
                #expect(seen.summary == "Copied 1 line", "\(seen)")
                #expect(seen.body.contains("1 email address"))
                #expect(seen.actions.contains("mail-email-0"))
            }
        }
    }

    @Test("dunst restarts: the next notification reaches the new server; notifications off: none at all")
    func restartAndOff() async throws {
        try await DunstServer.with { dunst in
            try await RunningDaemon.with(environment: dunst.display.environment, bus: dunst.bus) { daemon in
                try await analyze(daemon, Self.qr, ["notify": .bool(true)])
                try await dunst.waitForDisplayed(1)
                try await dunst.restart()
                let monitor = try await dunst.monitorNotifyCalls()
                defer { Task { await monitor.stop() } }
                try await analyze(daemon, Self.qr, ["notify": .bool(true)])
                try await dunst.waitForDisplayed(1)
                #expect(try await monitor.lastNotify().summary == "QR code: example.org")
                // The old notification's action can no longer arrive; the new one works.
                try await dunst.clickNotification()
                try await XPeers.waitForClipboard(containing: "https://example.org/livetext?q=1", on: dunst.display)
            }
            try await RunningDaemon.with(config: "[notifications]\nenabled = false\n",
                                         environment: dunst.display.environment, bus: dunst.bus) { daemon in
                let monitor = try await dunst.monitorNotifyCalls()
                defer { Task { await monitor.stop() } }
                try await analyze(daemon, Self.qr, ["notify": .bool(true)])
                #expect(try await daemon.waitForLog(containing: "notifications are off in the settings"))
                #expect(monitor.calls().isEmpty)
            }
        }
    }

    @Test("a hotkey another program holds is shown in a notification, not only logged")
    func takenHotkey() async throws {
        let config = "[hotkeys.text]\nkeys = \"Control+Alt+T\"\naction = \"copy-text\"\n"
        try await DunstServer.with { dunst in
            // The other program: a daemon on its own bus holding the same keys on the same display.
            try await RunningDaemon.with(config: config, environment: dunst.display.environment) { holder in
                try await holder.waitForLog(containing: "hotkeys: text (Control+Alt+T)")
                let monitor = try await dunst.monitorNotifyCalls()
                defer { Task { await monitor.stop() } }
                try await RunningDaemon.with(config: config, environment: dunst.display.environment, bus: dunst.bus) { daemon in
                    let seen = try await monitor.lastNotify()
                    #expect(seen.summary == "A livetext hotkey is not available")
                    #expect(seen.body.contains("Control+Alt+T is already taken by another program"), "\(seen)")
                    #expect(daemon.daemonLog.contains("already taken"))
                }
            }
        }
    }

    @Test("a script's gdbus call returns at once; its notification still comes after gdbus left the bus")
    func callerLeaves() async throws {
        try await withDaemonAndDunst { dunst, daemon, monitor in
            let call = try await runCommand("/usr/bin/gdbus", [
                "call", "--session", "-d", "org.livetext", "-o", "/org/livetext",
                "-m", "org.livetext.Analyzer1.AnalyzeFile", Self.qr, "{'notify': <true>}",
            ], environment: ["DBUS_SESSION_BUS_ADDRESS": dunst.bus.address])
            #expect(call.status == 0, "\(call.stderr)")
            #expect(try await monitor.lastNotify().summary == "QR code: example.org", "\(daemon.daemonLog)")
            #expect(daemon.daemonLog.contains("left the bus"))
        }
    }

    @Test("Interaction1 set to dataDetectors and hidden: the next notification has no text actions; none: no notification")
    func interactionProperties() async throws {
        try await DunstServer.with { dunst in
            try await RunningDaemon.with(environment: dunst.display.environment, bus: dunst.bus) { daemon in
                func set(_ name: String, _ value: DBusValue) async throws {
                    _ = try await daemon.client.call(destination: "org.livetext", path: "/org/livetext",
                                                     interface: "org.freedesktop.DBus.Properties", member: "Set",
                                                     arguments: [.string("org.livetext.Interaction1"), .string(name), .variant(value)])
                }
                let monitor = try await dunst.monitorNotifyCalls()
                defer { Task { await monitor.stop() } }
                try await set("PreferredInteractionTypes", .strings(["dataDetectors"]))
                try await analyze(daemon, Self.page, ["notify": .bool(true)])
                let seen = try await monitor.lastNotify()
                #expect(seen.actions.contains("call-phone-0") && !seen.actions.contains("Copy Text"))
                #expect(!seen.body.contains("Invoice 4471"))

                try await set("PreferredInteractionTypes", .strings(["none"]))
                try await analyze(daemon, Self.page, ["notify": .bool(true)])
                // A call's own types still win over the settings'.
                try await analyze(daemon, Self.qr, ["notify": .bool(true), "interaction": .strings(["automatic"])])
                let last = try await monitor.lastNotify(afterCount: 2)
                #expect(last.summary == "QR code: example.org")
                #expect(monitor.calls().count == 2)
            }
        }
    }

    @Test("the CLI's --notify --interaction through the daemon: the daemon shows it, with that call's types")
    func cliThroughDaemon() async throws {
        try await withDaemonAndDunst { dunst, daemon, monitor in
            let run = try await runCommand(RunningDaemon.binary.path,
                                           ["analyze", "--notify", "--interaction", "dataDetectors", Self.page],
                                           environment: ["DBUS_SESSION_BUS_ADDRESS": dunst.bus.address, "LIVETEXT_LOCAL": "0"])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            let seen = try await monitor.lastNotify()
            #expect(seen.actions.contains("call-phone-0") && !seen.actions.contains("Copy Text"))
            #expect(try await daemon.waitForLog(containing: "notification "))
        }
    }
}
