import DBusKit
import Foundation
import Testing
import TestSupport

/// The daemon reading the clipboard from an owner that drips its image a byte every 2 s
/// (`DrippingClipboardOwner`), while another client captures the screen.
@Suite("the daemon against a slow clipboard owner")
struct HostileClipboardServiceTests {
    @Test("AnalyzeClipboard of a dripping owner holds up nobody: another client's CaptureScreen finishes meanwhile, and Cancel ends the read")
    func drippingOwner() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try await DrippingClipboardOwner.start(on: server)
            defer { owner.stop() }
            try await RunningDaemon.with(environment: server.environment) { daemon in
                // Before the daemon stops: a read still going would hold up its end.
                defer { owner.stop() }
                let reading = try #require(try await daemon.analyzer("AnalyzeClipboard", [.vardict([:])]).first?.objectPath)
                let requestor = String(try await owner.waitForLine(startingWith: "incr ").dropFirst("incr ".count))

                let other = try await DBusConnection.connect(address: daemon.bus.address)
                let capture = Task {
                    let path = try #require(try await other.call(
                        destination: "org.livetext", path: "/org/livetext", interface: "org.livetext.Analyzer1",
                        member: "CaptureScreen", arguments: [.vardict([:])]).first?.objectPath)
                    _ = try await other.call(destination: "org.livetext", path: path, interface: "org.livetext.Analysis1",
                                             member: "Wait", timeout: .seconds(60))
                    return path
                }
                let captured = try #require(try await result(of: capture, within: .seconds(60))?.get(),
                                            "the other client's capture did not finish")
                let state = try await other.call(destination: "org.livetext", path: captured,
                                                 interface: "org.freedesktop.DBus.Properties", member: "Get",
                                                 arguments: [.string("org.livetext.Analysis1"), .string("State")])
                #expect(state.first?.unwrapped.string == "finished")
                // Still reading: the owner has not been given up on.
                #expect(try await daemon.property(reading, "org.livetext.Analysis1", "State").string == "pending")

                let cancelled = ContinuousClock.now
                _ = try await daemon.analysis(reading, "Cancel")
                let error = await RunningDaemon.errorName { _ = try await daemon.analysis(reading, "Wait") }
                #expect(error == "org.livetext.Error.Cancelled")
                // Cancelled (the error name says so), not ended by the owner, whose drip would
                // go on for hours; in seconds even on a loaded machine.
                #expect(ContinuousClock.now - cancelled < .seconds(8))
                // The read's own connection is closed: its window is gone.
                _ = try await owner.waitForLine(startingWith: "gone \(requestor)", within: .seconds(5))
            }
        }
    }
}
