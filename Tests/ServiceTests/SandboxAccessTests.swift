import DBusKit
import Foundation
@testable import LiveTextService
import Testing
import TestSupport

/// Callers that should not see the screen: a Flatpak application (gdbus in a mount namespace with
/// a Flatpak instance file) must have the user's consent, asked in a notification that a real
/// dunst shows and the test answers through dunst's menu, before the daemon reads a file, the
/// screen or the clipboard for it; a program outside a sandbox never asks.
@Suite("sandboxed callers need consent", .serialized, .enabled(if: FlatpakSandbox.isAvailable, "needs root for unshare"))
struct SandboxAccessTests {
    static let qr = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
    static let payload = "https://example.org/livetext?q=1"

    /// `gdbus call … METHOD ARGS` on the daemon's bus, as `sandbox` or outside any.
    private func gdbus(_ daemon: RunningDaemon, in sandbox: FlatpakSandbox?, _ method: String,
                       _ arguments: [String]) async throws -> CommandResult {
        let call = ["/usr/bin/gdbus", "call", "--address", daemon.bus.address, "--timeout", "90", "--dest", "org.livetext",
                    "--object-path", "/org/livetext", "--method", "org.livetext.Analyzer1." + method] + arguments
        if let sandbox { return try await sandbox.run(call) }
        return try await runCommand(call[0], Array(call.dropFirst()))
    }

    private func settingsText(_ daemon: RunningDaemon) -> String {
        (try? String(contentsOf: daemon.configHome.appendingPathComponent("livetext/config.toml"), encoding: .utf8)) ?? ""
    }

    @Test("a Flatpak caller gets AccessDenied until the user allows it in dunst; unsandboxed callers never ask")
    func consent() async throws {
        try await DunstServer.with { dunst in
            try await RunningDaemon.with(environment: dunst.display.environment, bus: dunst.bus) { daemon in
                let reader = FlatpakSandbox(appID: "org.example.Reader")
                let codes = [Self.qr, "{'types': <['codes']>}"]
                // Outside a sandbox: the result, no question.
                let plain = try await gdbus(daemon, in: nil, "Analyze", codes)
                #expect(plain.status == 0 && plain.stdout.contains(Self.payload), "\(plain.stderr)")
                // Text the application sends itself needs no consent either.
                let detect = try await gdbus(daemon, in: reader, "Detect", ["call 415-555-0123", "{}"])
                #expect(detect.status == 0 && detect.stdout.contains("+14155550123"), "\(detect.stderr)")
                #expect(try await dunst.displayedCount() == 0)

                // Asked; the prompt closed without an answer: refused this time.
                async let closed = gdbus(daemon, in: reader, "Analyze", codes)
                try await dunst.waitForDisplayed(1)
                try await dunst.closeAll()
                let refused = try await closed
                #expect(refused.status != 0)
                #expect(refused.stderr.contains("org.livetext.Error.AccessDenied"), "\(refused.stderr)")
                #expect(!refused.stderr.contains(Self.payload))

                // Allow Once: this call, and the next one asks again.
                async let once = gdbus(daemon, in: reader, "Analyze", codes)
                try await dunst.waitForDisplayed(1)
                let menu = try await dunst.chooseAction(labeled: "Allow Once")
                #expect(menu.contains { $0.contains("Always Allow") } && menu.contains { $0.contains("Deny") }, "\(menu)")
                let allowed = try await once
                #expect(allowed.status == 0 && allowed.stdout.contains(Self.payload), "\(allowed.stderr)")
                #expect(!settingsText(daemon).contains("org.example.Reader"))

                // Always Allow: kept in the settings, and asked no more.
                async let always = gdbus(daemon, in: reader, "AnalyzeFile", codes)
                try await dunst.waitForDisplayed(1)
                _ = try await dunst.chooseAction(labeled: "Always Allow")
                let kept = try await always
                #expect(kept.status == 0 && kept.stdout.contains("/org/livetext/analysis/"), "\(kept.stderr)")
                #expect(settingsText(daemon).contains("allowed = [\"org.example.Reader\"]"), "\(settingsText(daemon))")
                try await Task.sleep(for: .milliseconds(300))
                #expect(try await dunst.displayedCount() == 0)
                let later = try await gdbus(daemon, in: reader, "Analyze", codes)
                #expect(later.status == 0 && later.stdout.contains(Self.payload), "\(later.stderr)")
                #expect(try await dunst.displayedCount() == 0)
            }
        }
    }

    @Test("Deny is kept: the screen, the clipboard and files are refused at once after, without asking")
    func deny() async throws {
        try await DunstServer.with { dunst in
            try await RunningDaemon.with(environment: dunst.display.environment, bus: dunst.bus) { daemon in
                let spy = FlatpakSandbox(appID: "org.example.Spy")
                async let capture = gdbus(daemon, in: spy, "CaptureScreen", ["{}"])
                try await dunst.waitForDisplayed(1)
                _ = try await dunst.chooseAction(labeled: "Deny")
                let denied = try await capture
                #expect(denied.stderr.contains("org.livetext.Error.AccessDenied"), "\(denied.stderr)")
                #expect(settingsText(daemon).contains("denied = [\"org.example.Spy\"]"), "\(settingsText(daemon))")
                try await Task.sleep(for: .milliseconds(300))
                for (method, arguments) in [("AnalyzeClipboard", ["{}"]), ("AnalyzeFile", ["/no/such/file.png", "{}"]),
                                            ("Analyze", ["screen", "{}"])] {
                    let again = try await gdbus(daemon, in: spy, method, arguments)
                    // AccessDenied before anything about the file: a sandbox cannot probe which files exist.
                    #expect(again.stderr.contains("org.livetext.Error.AccessDenied"), "\(method): \(again.stderr)")
                }
                #expect(try await dunst.displayedCount() == 0)
            }
        }
    }

    @Test("no notification server to ask: AccessDenied at once, saying how to allow it")
    func nobodyToAsk() async throws {
        try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
            let started = Date()
            let result = try await gdbus(daemon, in: FlatpakSandbox(appID: "org.example.Reader"), "AnalyzeFile",
                                         [Self.qr, "{}"])
            #expect(result.stderr.contains("org.livetext.Error.AccessDenied"), "\(result.stderr)")
            #expect(result.stderr.contains("[access] allowed"), "\(result.stderr)")
            #expect(Date().timeIntervalSince(started) < 10)
        }
    }

    @Test("allowed in the settings: no question")
    func allowedInSettings() async throws {
        try await RunningDaemon.with(config: "[access]\nallowed = [\"org.example.Reader\"]\n",
                                     environment: ["DISPLAY": ""]) { daemon in
            let result = try await gdbus(daemon, in: FlatpakSandbox(appID: "org.example.Reader"), "Analyze",
                                         [Self.qr, "{'types': <['codes']>}"])
            #expect(result.status == 0 && result.stdout.contains(Self.payload), "\(result.stderr)")
        }
    }

    @Test("a sandbox is told by its Flatpak instance file, snap cgroup or AppArmor label")
    func identification() throws {
        #expect(CallerSandbox.flatpakApplication(info: "[Application]\nname=org.gnome.Foo\nruntime=x\n") == "org.gnome.Foo")
        #expect(CallerSandbox.flatpakApplication(info: "[Runtime]\nname=org.freedesktop.Platform\n") == "org.freedesktop.Platform")
        #expect(CallerSandbox.flatpakApplication(info: "[Application]\nname=../../etc\n") == nil)
        #expect(CallerSandbox.snapName(cgroup: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/snap.firefox.firefox-1c2d.scope\n")
                == "firefox")
        #expect(CallerSandbox.snapName(cgroup: "0::/user.slice/user-1000.slice/session-2.scope\n") == nil)
        #expect(CallerSandbox.snapName(appArmorLabel: "snap.signal-desktop.signal-desktop (enforce)\n") == "signal-desktop")
        #expect(CallerSandbox.snapName(appArmorLabel: "unconfined\n") == nil)
        // This test process runs outside any sandbox.
        #expect(try CallerSandbox.of(pid: UInt32(getpid())) == nil)
        #expect(throws: (any Error).self) { try CallerSandbox.of(pid: 999_999_999) }
    }
}
