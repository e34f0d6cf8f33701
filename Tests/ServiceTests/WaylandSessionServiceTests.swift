import DBusKit
import Foundation
import Testing
import TestSupport

/// The daemon in a Wayland session (headless sway with Xwayland) told to use X11
/// (`LIVETEXT_BACKEND=x11`): a capture through Xwayland would be all black, so it fails with
/// Unavailable, saying why; the daemon serves on.
@Suite("the daemon on a Wayland session")
struct WaylandSessionServiceTests {
    // Before: CaptureScreen finished with an analysis of black pixels and no text.
    @Test("CaptureScreen through Xwayland fails with Unavailable, saying why; files are still served")
    func captureRefused() async throws {
        try await SwayServer.with { sway in
            try await RunningDaemon.with(environment: sway.environment.merging(["LIVETEXT_BACKEND": "x11"]) { $1 }) { daemon in
                var failure: DBusError?
                do {
                    let reply = try await daemon.analyzer("CaptureScreen", [.vardict(["region": .structure([
                        .int32(0), .int32(0), .uint32(200), .uint32(100)])])])
                    let path = try #require(reply.first?.objectPath)
                    _ = try await daemon.analysis(path, "Wait")
                } catch let error as DBusError {
                    failure = error
                }
                #expect(failure?.name == "org.livetext.Error.Unavailable")
                #expect(failure?.message.contains("is Xwayland") == true, "\(String(describing: failure))")
                let codes = try await daemon.analyzer("Analyze", [.string(DaemonTests.file("qr-url.png")),
                                                                  .vardict(["types": .strings(["codes"])])])
                #expect(codes.last?.string?.contains("https://example.org/livetext?q=1") == true)
            }
        }
    }
}

/// The daemon serving a Wayland session through its Wayland backend: its own (started in the
/// session), or the caller's, named by the request's `wayland_display`.
@Suite("the daemon on sway, through Wayland")
struct WaylandDaemonTests {
    static let words = "Invoice 4471 is due on 2026-12-01"

    static func scene(_ sway: SwayServer) async throws -> Process {
        try await sway.swaymsg(["output", "HEADLESS-1", "bg", "#ffffff", "solid_color"])
        let foot = try FootPeer.show(words, on: sway, extra: ["-o", "colors.background=ffffff", "-o", "colors.foreground=000000",
                                                              "-o", "font=DejaVu Sans Mono:size=14"])
        try await FootPeer.waitUntilDrawn(on: sway)
        return foot
    }

    func capturedText(_ daemon: RunningDaemon, options: [String: DBusValue]) async throws -> String {
        var request = options
        request["region"] = .structure([.int32(0), .int32(0), .uint32(640), .uint32(120)])
        let path = try #require(try await daemon.analyzer("CaptureScreen", [.vardict(request)]).first?.objectPath)
        _ = try await daemon.analysis(path, "Wait")
        return try await daemon.property(path, "org.livetext.Analysis1", "Text").string ?? ""
    }

    @Test("started in the session, CaptureScreen reads a native window; copy lands on the Wayland clipboard")
    func ownSession() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let foot = try await Self.scene(sway)
            defer { foot.terminate() }
            try await RunningDaemon.with(environment: sway.environment) { daemon in
                let text = try await capturedText(daemon, options: ["copy": .bool(true)])
                #expect(text.contains("Invoice 4471"), "\(text)")
                let pasted = try await WaylandPeers.paste(["--no-newline"], on: sway)
                #expect(pasted.stdout.contains("Invoice 4471"), "\(pasted.stdout)")
                // No key grabs through Xwayland: the compositor binds them (PressHotkey).
                #expect(try await daemon.waitForLog(containing: "hotkeys: this is a Wayland session; bind them in the compositor"))
            }
        }
    }

    @Test("started outside it (no WAYLAND_DISPLAY, no DISPLAY), the request's wayland_display is served; a file is refused")
    func callersSession() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let foot = try await Self.scene(sway)
            defer { foot.terminate() }
            try await RunningDaemon.with(environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""]) { daemon in
                let socket = sway.runtimeDirectory.appendingPathComponent(sway.waylandDisplay).path
                let text = try await capturedText(daemon, options: ["wayland_display": .string(socket)])
                #expect(text.contains("Invoice 4471"), "\(text)")
                var failure: DBusError?
                do {
                    _ = try await capturedText(daemon, options: ["wayland_display": .string("/etc/passwd")])
                } catch let error as DBusError {
                    failure = error
                }
                #expect(failure?.name == "org.livetext.Error.InvalidArgs", "\(String(describing: failure))")
                #expect(failure?.message.contains("is not a Wayland socket") == true)
            }
        }
    }
}
