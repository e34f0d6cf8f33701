import DBusKit
import Foundation
import Testing
import TestSupport

/// `CaptureScreen`'s options are checked before the display is: messages a person can act on.
@Suite("CaptureScreen options")
struct CaptureOptionsTests {
    @Test("window 0 and wrong types are InvalidArgs saying what was expected and what was given")
    func messages() async throws {
        try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
            for (options, message): ([String: DBusValue], String) in [
                (["window": .uint64(0)], "option 'window' is 0, which is no window: give the id of a window"),
                (["window": .uint32(0)], "option 'window' is 0, which is no window"),
                (["window": .string("0x1")], "option 'window' must be an X window id (t, or u), not a string (s)"),
                (["window": .int32(5)], "option 'window' must be an X window id (t, or u), not an int32 (i)"),
                (["monitor": .int32(1)], "option 'monitor' must be a monitor index (u), not an int32 (i)"),
                (["interactive": .string("yes")], "option 'interactive' must be a boolean (b), not a string (s)"),
                (["region": .strings(["0"])],
                 "option 'region' must be a rectangle (iiuu: x, y, width, height), not an array (as)"),
            ] {
                do {
                    _ = try await daemon.analyzer("CaptureScreen", [.vardict(options)])
                    Issue.record("\(options) accepted")
                } catch let error as DBusError {
                    #expect(error.name == "org.livetext.Error.InvalidArgs")
                    #expect(error.message.hasPrefix(message), "\(error.message)")
                }
            }
        }
    }
}
