import DBusKit
import Foundation
import Testing
import TestSupport

/// The request contract end to end: what a D-Bus caller reads is in D-Bus words (a settings key or
/// an option, never a CLI flag), unknown keys are ignored, and the CLI sends any request it takes.
@Suite("requests and replies over D-Bus")
struct RequestContractTests {
    static let fixture = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path

    @Test("an image over the settings' max_pixels is TooLarge naming limits.max_pixels, in the reply and the Error property")
    func pixelLimit() async throws {
        try await RunningDaemon.with(config: "[limits]\nmax_pixels = 100\n") { daemon in
            do {
                _ = try await daemon.analyzer("Analyze", [.string(Self.fixture), .vardict([:])])
                Issue.record("an image over 100 pixels was analyzed")
            } catch let error as DBusError {
                #expect(error.name == "org.livetext.Error.TooLarge")
                #expect(error.message.contains("over the limit of 100 pixels (limits.max_pixels in the settings raises it)"),
                        "\(error.message)")
                #expect(!error.message.contains("--"), "\(error.message)")
            }
            let path = try #require(try await daemon.analyzer("AnalyzeFile", [.string(Self.fixture), .vardict([:])])
                .first?.objectPath)
            _ = try? await daemon.analysis(path, "Wait")
            let property = try #require(try await daemon.property(path, "org.livetext.Analysis1", "Error").string)
            #expect(property.hasPrefix("org.livetext.Error.TooLarge: ") && property.contains("limits.max_pixels"), "\(property)")
            #expect(!property.contains("--"), "\(property)")
        }
    }

    @Test("unknown option keys are ignored, as PRODUCT.md says, and the daemon's log names them")
    func unknownKeys() async throws {
        try await RunningDaemon.with { daemon in
            let reply = try await daemon.analyzer("Analyze", [.string(Self.fixture),
                                                              .vardict(["types": .strings(["codes"]), "colour": .string("red")])])
            #expect(reply.first?.string?.contains("example") == true, "\(reply)")
            #expect(try await daemon.waitForLog(containing: "ignored unknown option 'colour' (known: types (as)"),
                    "\(daemon.daemonLog)")
        }
    }

    @Test("capture --region whose sides multiply past Int.max goes to the daemon without a trap")
    func hugeRegion() async throws {
        try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
            let run = try await SickDaemonTests.cli(["capture", "--region", "0,0,\(Int.max),3"], bus: daemon.bus.address,
                                                    limit: 60, environment: ["DISPLAY": ""])
            // The daemon has no display, nor has this process: Unavailable, exit 4.
            #expect(!run.timedOut)
            #expect(run.status == 4, "\(run.stderr)")
            // A trap is SIGILL, 4 too: the daemon was asked, answered, and nothing crashed.
            #expect(run.stderr.contains("the daemon cannot do it"), "\(run.stderr)")
            #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
        }
    }
}
