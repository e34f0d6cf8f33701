import Foundation
import Testing
import TestSupport

/// `livetext live` as a user runs it: what it refuses and says before any window opens.
@Suite("livetext live")
struct LiveCommandTests {
    @Test("no display is exit 4 saying what to set; --interaction none and bad targets are refused with exit 2, saying why")
    func refusals() async throws {
        let noDisplay = try await offPool { try CLIProcess.run(["live"], environment: ["DISPLAY": ""]) }
        #expect(noDisplay.status == 4)
        #expect(noDisplay.stderr.contains("DISPLAY"), "\(noDisplay.stderr)")
        let noServer = try await offPool { try CLIProcess.run(["live"], environment: ["DISPLAY": ":997"]) }
        #expect(noServer.status == 4)
        #expect(noServer.stderr.contains(":997"), "\(noServer.stderr)")

        let none = try await offPool { try CLIProcess.run(["live", "--interaction", "none"]) }
        #expect(none.status == 2)
        #expect(none.stderr.contains("none offers nothing"), "\(none.stderr)")
        let unknown = try await offPool { try CLIProcess.run(["live", "--interaction", "everything"]) }
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("textSelection"), "\(unknown.stderr)")
        let two = try await offPool { try CLIProcess.run(["live", "--monitor", "0", "--region", "0,0,10,10"]) }
        #expect(two.status == 2)

        try await TestDisplay.with(width: 320, height: 200) { server in
            let outside = try await XPeers.livetext(["live", "--region", "400,300,10,10"], on: server)
            #expect(outside.status == 2)
            #expect(outside.stderr.contains("320"), "\(outside.stderr)")
            let monitor = try await XPeers.livetext(["live", "--monitor", "3"], on: server)
            #expect(monitor.status == 2)
            #expect(monitor.stderr.contains("no monitor 3"), "\(monitor.stderr)")
            let window = try await XPeers.livetext(["live", "--window", "0x7fffff1"], on: server)
            #expect(window.status == 3, "\(window.stderr)")
        }
    }
}
