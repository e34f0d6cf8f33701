import DBusKit
import Foundation
import Testing
import TestSupport

/// The daemon's `Desktop` property: what it can do on its session and through what, the JSON of
/// `livetext desktop --json`.
@Suite("the daemon's Desktop property", .serialized)
struct DesktopPropertyTests {
    static func features(_ json: String) throws -> [String: [String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let features = try #require(document["features"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: features.map { ($0["name"] as? String ?? "", $0) })
    }

    @Test("on an X display: each feature available, through X11; and livetext desktop --json says the same")
    func onX11() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: ["DISPLAY": server.name]) { daemon in
                let json = try #require(try await daemon.property("/org/livetext", "org.livetext.Analyzer1", "Desktop").string)
                let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                #expect(document["session"] as? String == "x11")
                #expect(document["display"] as? String == server.name)
                let features = try Self.features(json)
                #expect(features["capture"]?["available"] as? Bool == true)
                #expect(features["capture"]?["mechanism"] as? String == "X11 (XGetImage)")
                #expect(features["hotkeys"]?["mechanism"] as? String == "X11 key grabs (the daemon)")
                let cli = try await runCommand(builtLivetext().path, ["desktop", "--json"],
                                               environment: ["DISPLAY": server.name, "XDG_CONFIG_HOME": daemon.configHome.path])
                #expect(cli.status == 0)
                #expect(try Self.features(cli.stdout)["capture"]?["mechanism"] as? String == "X11 (XGetImage)")
            }
        }
    }

    @Test("without a display: nothing available, each feature saying why")
    func withoutDisplay() async throws {
        try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
            let json = try #require(try await daemon.property("/org/livetext", "org.livetext.Analyzer1", "Desktop").string)
            let features = try Self.features(json)
            #expect(features["capture"]?["available"] as? Bool == false)
            #expect((features["capture"]?["note"] as? String)?.contains("DISPLAY") == true, "\(json)")
        }
    }
}
