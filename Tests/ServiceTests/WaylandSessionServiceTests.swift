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
