import DBusKit
import Foundation
import Testing
import TestSupport

/// The daemon as other programs reach it: gdbus, busctl, dbus-send and a Python client.
@Suite("the daemon with real D-Bus clients", .serialized)
struct ClientTests {
    @Test("gdbus, busctl and dbus-send: properties, Detect, errors")
    func commandLineClients() async throws {
        try await RunningDaemon.with { daemon in
            let address = daemon.bus.address
            let version = try await runCommand("/usr/bin/busctl", ["--address=\(address)", "get-property", "org.livetext",
                                                                   "/org/livetext", "org.livetext.Analyzer1", "Version"])
            #expect(version.stdout == "u 1\n", "\(version.stderr)")
            let languages = try await runCommand("/usr/bin/busctl", ["--address=\(address)", "get-property", "org.livetext",
                                                                     "/org/livetext", "org.livetext.Analyzer1", "Languages"])
            #expect(languages.stdout.contains("\"eng\""))
            let detect = try await runCommand("/usr/bin/gdbus", ["call", "--address", address, "--dest", "org.livetext",
                                                                 "--object-path", "/org/livetext", "--method",
                                                                 "org.livetext.Analyzer1.Detect", "Flight UA 1234 on Mar 3", "{}"])
            #expect(detect.status == 0, "\(detect.stderr)")
            #expect(detect.stdout.contains("'flight'") && detect.stdout.contains("'date'"))
            // dbus-send cannot build a{sv}: the wrong signature is refused before any work.
            let bad = try await runCommand("/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=org.livetext",
                                                                  "/org/livetext", "org.livetext.Analyzer1.AnalyzeFile",
                                                                  "string:relative.png", "dict:string:string:"],
                                           environment: ["DBUS_SESSION_BUS_ADDRESS": address])
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs") && bad.stderr.contains("'sa{sv}'"))
            let unknown = try await runCommand("/usr/bin/gdbus", ["call", "--address", address, "--dest", "org.livetext",
                                                                  "--object-path", "/org/livetext/analysis/999", "--method",
                                                                  "org.livetext.Analysis1.Wait"])
            #expect(unknown.stderr.contains("UnknownObject"))
            let set = try await runCommand("/usr/bin/busctl", ["--address=\(address)", "set-property", "org.livetext",
                                                               "/org/livetext", "org.livetext.Interaction1",
                                                               "SupplementaryInterfaceContentInsets", "(dddd)", "1", "2", "3", "4"])
            #expect(set.status == 0, "\(set.stderr)")
            let insets = try await daemon.property("/org/livetext", "org.livetext.Interaction1", "SupplementaryInterfaceContentInsets")
            #expect(insets.fields?.compactMap(\.double) == [1, 2, 3, 4])
        }
    }

    @Test("a Python program (dbus-python) analyzes a file and reads the result")
    func python() async throws {
        try await RunningDaemon.with { daemon in
            let script = """
                import dbus, json, sys
                bus = dbus.bus.BusConnection(sys.argv[1])
                analyzer = dbus.Interface(bus.get_object("org.livetext", "/org/livetext"), "org.livetext.Analyzer1")
                path = analyzer.AnalyzeFile(sys.argv[2], {"types": dbus.Array(["codes", "detectors"], signature="s")})
                analysis = bus.get_object("org.livetext", path)
                analysis.Wait(dbus_interface="org.livetext.Analysis1")
                props = dbus.Interface(analysis, "org.freedesktop.DBus.Properties")
                document = json.loads(props.Get("org.livetext.Analysis1", "Json"))
                actions = props.Get("org.livetext.Analysis1", "QuickActions")
                print(document["codes"][0]["payload"], [str(a["id"]) for a in actions][0])
                analysis.Release(dbus_interface="org.livetext.Analysis1")
                """
            let qr = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
            let result = try await runCommand("/usr/bin/python3", ["-c", script, daemon.bus.address, qr])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "https://example.org/livetext?q=1 open-link-0\n")
        }
    }
}
