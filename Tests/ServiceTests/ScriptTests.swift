import DBusKit
import Foundation
import Testing
import TestSupport

/// `Analyzer1.Analyze` as a shell script uses it: one command, one connection, the result in the
/// reply; and errors known at call time as the call's error.
@Suite("scripts over D-Bus", .serialized)
struct ScriptTests {
    static let qr = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
    static let payload = "https://example.org/livetext?q=1"

    @Test("the README's one-liners (gdbus, busctl, dbus-send) get the result of Analyze in one call")
    func oneLiners() async throws {
        try await RunningDaemon.with { daemon in
            let address = daemon.bus.address
            let gdbus = try await runCommand("/usr/bin/gdbus", [
                "call", "--address", address, "--timeout", "120", "--dest", "org.livetext", "--object-path", "/org/livetext",
                "--method", "org.livetext.Analyzer1.Analyze", Self.qr, "{'types': <['codes']>}"])
            #expect(gdbus.status == 0, "\(gdbus.stderr)")
            #expect(gdbus.stdout.hasPrefix("('\(Self.payload)', '{\"image\":"), "\(gdbus.stdout)")
            let busctl = try await runCommand("/usr/bin/busctl", [
                "--address=\(address)", "--timeout=120", "call", "org.livetext", "/org/livetext", "org.livetext.Analyzer1",
                "Analyze", "sa{sv}", Self.qr, "2", "types", "as", "1", "codes", "only", "as", "1", "link"])
            #expect(busctl.status == 0, "\(busctl.stderr)")
            // With only: the text is the items' text.
            #expect(busctl.stdout.hasPrefix("ss \"\(Self.payload)\" \""), "\(busctl.stdout)")
            // dbus-send cannot build a{sv}: the source alone is taken, with the settings' options.
            let send = try await runCommand("/usr/bin/dbus-send", [
                "--bus=\(address)", "--print-reply", "--reply-timeout=120000", "--dest=org.livetext", "/org/livetext",
                "org.livetext.Analyzer1.Analyze", "string:\(Self.qr)"])
            #expect(send.status == 0, "\(send.stderr)")
            #expect(send.stdout.contains(Self.payload))
            #expect(!daemon.daemonLog.contains("releasing"), "nothing is left for the caller that leaves: \(daemon.daemonLog)")
        }
    }

    @Test("a source or file that cannot be read is the call's error, for Analyze and AnalyzeFile",
          arguments: [("relative.png", "InvalidArgs"), ("/no/such/file.png", "NotFound"), ("/tmp", "InvalidImage"),
                      ("/dev/null", "InvalidImage"), ("", "InvalidArgs")])
    func fileErrors(path: String, error: String) async throws {
        try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
            let analyze = await RunningDaemon.errorName { _ = try await daemon.analyzer("Analyze", [.string(path), .vardict([:])]) }
            #expect(analyze == "org.livetext.Error.\(error)")
            let file = await RunningDaemon.errorName { _ = try await daemon.analyzer("AnalyzeFile", [.string(path), .vardict([:])]) }
            #expect(file == "org.livetext.Error.\(error)")
        }
    }

    @Test("sources that name nothing, or a screen without a display, are errors at once",
          arguments: [("window:0", "InvalidArgs"), ("monitor:-1", "InvalidArgs"), ("region:1,2,3", "InvalidArgs"),
                      ("printer", "InvalidArgs"), ("screen", "Unavailable"), ("clipboard", "Unavailable")])
    func sourceErrors(source: String, error: String) async throws {
        try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
            let name = await RunningDaemon.errorName { _ = try await daemon.analyzer("Analyze", [.string(source), .vardict([:])]) }
            #expect(name == "org.livetext.Error.\(error)")
        }
    }

    @Test("Analyze counts against the client's analyses until its reply, then gives its share back")
    func limits() async throws {
        try await RunningDaemon.with(config: "[limits]\nmax_analyses_per_caller = 1\n") { daemon in
            let options = DBusValue.vardict(["types": .strings(["codes"])])
            for _ in 0..<2 {
                let reply = try await daemon.analyzer("Analyze", [.string(Self.qr), options])
                #expect(reply.last?.string?.contains(Self.payload) == true)
            }
            let held = try await daemon.analyzer("AnalyzeFile", [.string(Self.qr), options])
            let refused = await RunningDaemon.errorName { _ = try await daemon.analyzer("Analyze", [.string(Self.qr), options]) }
            #expect(refused == "org.freedesktop.DBus.Error.LimitsExceeded")
            _ = try await daemon.analysis(try #require(held.first?.objectPath), "Release")
            let again = try await daemon.analyzer("Analyze", [.string(Self.qr), options])
            #expect(again.last?.string?.contains(Self.payload) == true)
        }
    }

    @Test("a caller that leaves while Analyze waits for the user cancels the analysis")
    func callerLeaves() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let waiting = try RunningCommand("/usr/bin/gdbus", [
                    "call", "--address", daemon.bus.address, "--timeout", "120", "--dest", "org.livetext",
                    "--object-path", "/org/livetext", "--method", "org.livetext.Analyzer1.Analyze", "select", "{}"])
                try await XPeers.waitForSelectionOverlay(on: server)
                // SIGKILL: the test process's children may inherit a blocked SIGTERM.
                kill(waiting.process.processIdentifier, SIGKILL)
                _ = try await waiting.finish()
                #expect(try await daemon.waitForLog(containing: "releasing 1 analyses"), "\(daemon.daemonLog)")
                // Cancelled: the overlay goes, the screen is the user's again.
                var overlay = true
                for _ in 0..<200 where overlay {
                    let found = try await runCommand("/usr/bin/xdotool", ["search", "--name", "livetext selection"],
                                                     environment: server.environment)
                    overlay = !found.stdout.isEmpty
                    if overlay { try await Task.sleep(for: .milliseconds(50)) }
                }
                #expect(!overlay, "the selection overlay is still up: \(daemon.daemonLog)")
            }
        }
    }

    @Test("Analyze announces no AnalysisFinished: its record is never an object on the bus")
    func noSignalForAnalyze() async throws {
        try await RunningDaemon.with { daemon in
            let finished = try await daemon.client.signals(matching: DBusMatchRule(interface: "org.livetext.Analyzer1",
                                                                                  member: "AnalysisFinished"))
            _ = try await daemon.analyzer("Analyze", [.string(Self.qr), .vardict(["types": .strings(["codes"])])])
            // An object's analysis after it: its signal comes after any the Analyze call sent.
            let path = try #require(try await daemon.analyzer("AnalyzeFile", [.string(Self.qr), .vardict([:])]).first?.objectPath)
            _ = try await daemon.analysis(path, "Wait")
            var announced: [DBusObjectPath] = []
            for await signal in finished {
                guard let object = signal.arguments.first?.objectPath else { continue }
                announced.append(object)
                if object == path { break }
            }
            #expect(announced == [path])
        }
    }
}
