import DBusKit
import Foundation
import Testing
import TestSupport

/// A daemon the bus started without `DISPLAY` serves a request that names a display (the CLI
/// sends its own) on that display, for that request alone; a D-Bus caller that names none is told
/// exactly what to do. Without a daemon, the message blames none.
@Suite("a daemon without DISPLAY", .serialized)
struct DisplayAdoptionTests {
    @Test("a request naming the display is served on it, and nothing sticks: no hotkeys, the next request has none")
    func adopts() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
                let refused = await RunningDaemon.errorName {
                    _ = try await daemon.analyzer("Analyze", [.string("screen"), .vardict([:])])
                }
                #expect(refused == "org.livetext.Error.Unavailable")
                let told = try await runCommand("/usr/bin/gdbus", [
                    "call", "--address", daemon.bus.address, "--dest", "org.livetext", "--object-path", "/org/livetext",
                    "--method", "org.livetext.Analyzer1.Analyze", "screen", "{}"])
                #expect(told.stderr.contains("{'display': <':0'>}") && told.stderr.contains("systemctl --user restart livetext"),
                        "\(told.stderr)")
                #expect(try await daemon.waitForLog(containing: "hotkeys are off"))

                let options = DBusValue.vardict(["display": .string(server.name), "types": .strings(["codes"])])
                let reply = try await daemon.analyzer("Analyze", [.string("screen"), options])
                #expect(reply.last?.string?.contains("\"source\":\"screen:0,0,320,200\"") == true, "\(reply)")
                #expect(daemon.daemonLog.contains("on display unix\(server.name)"), "\(daemon.daemonLog)")
                // For that request alone: the next one without a display has none, and no hotkeys came up.
                let again = await RunningDaemon.errorName {
                    _ = try await daemon.analyzer("Analyze", [.string("screen"), .vardict(["types": .strings(["codes"])])])
                }
                #expect(again == "org.livetext.Error.Unavailable")
                #expect(!daemon.daemonLog.contains("hotkeys: "), "\(daemon.daemonLog)")
                // Over TCP, Xlib would hand the display's cookie to whoever listens: refused.
                let remote = await RunningDaemon.errorName {
                    _ = try await daemon.analyzer("Analyze", [.string("screen"), .vardict(["display": .string("localhost:7")])])
                }
                #expect(remote == "org.livetext.Error.InvalidArgs")
            }
        }
    }

    @Test("livetext capture through a daemon without a display: the daemon captures on the CLI's display")
    func cliSendsItsDisplay() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
                let environment = ["DBUS_SESSION_BUS_ADDRESS": daemon.bus.address, "LIVETEXT_LOCAL": "0",
                                   "XDG_CONFIG_HOME": daemon.configHome.path, "OMP_THREAD_LIMIT": "1",
                                   "DISPLAY": server.name]
                let result = try await runCommand(RunningDaemon.binary.path, ["capture", "--screen", "--types", "codes", "--json"],
                                                  environment: environment)
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
                #expect(result.stdout.contains("screen:0,0,320,200"))
                #expect(daemon.daemonLog.contains(": capture") && daemon.daemonLog.contains("on display unix"),
                        "the daemon did it: \(daemon.daemonLog)")
            }
        }
    }

    @Test("a request's xauthority opens a display that wants a cookie, for that request; $XAUTHORITY is not read")
    func requestCookie() async throws {
        // An Xauthority file with one entry for every display: family wild (65535), no address,
        // no number, MIT-MAGIC-COOKIE-1 and 16 bytes.
        let cookie = (0..<16).map { _ in UInt8.random(in: 0...255) }
        func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xff)] + bytes }
        let entry = [0xff, 0xff] + field([]) + field([]) + field(Array("MIT-MAGIC-COOKIE-1".utf8)) + field(cookie)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xauth-\(UUID().uuidString)")
        try Data(entry).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try await TestDisplay.start(width: 320, height: 200, extraArguments: ["-auth", file.path])
        defer { Task { await server.stop() } }
        try await RunningDaemon.with(environment: ["DISPLAY": "", "XAUTHORITY": "/nonexistent"]) { daemon in
            let without = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("Analyze", [.string("screen"), .vardict(["display": .string(server.name)])])
            }
            #expect(without == "org.livetext.Error.Unavailable")
            let options = DBusValue.vardict(["display": .string(server.name), "xauthority": .string(file.path),
                                             "types": .strings(["codes"])])
            let reply = try await daemon.analyzer("Analyze", [.string("screen"), options])
            #expect(reply.last?.string?.contains("\"source\":\"screen:0,0,320,200\"") == true, "\(reply)")
        }
    }

    @Test("no daemon involved: the message blames none")
    func inProcess() async throws {
        let result = try await runCommand(RunningDaemon.binary.path, ["capture", "--screen", "--local"],
                                          environment: ["DISPLAY": "", "OMP_THREAD_LIMIT": "1"])
        #expect(result.status == 4)
        #expect(result.stderr.contains("DISPLAY is not set"), "\(result.stderr)")
        #expect(!result.stderr.contains("daemon") && !result.stderr.contains("bus"), "\(result.stderr)")
    }
}
