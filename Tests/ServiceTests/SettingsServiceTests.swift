import DBusKit
import Foundation
import Testing
import TestSupport

/// The settings as the daemon serves and stores them: bounded values, unwritable files, and
/// values in the file that would break it.
@Suite("the daemon's settings")
struct SettingsServiceTests {
    private func set(_ daemon: RunningDaemon, _ name: String, _ value: DBusValue) async -> String? {
        await RunningDaemon.errorName {
            _ = try await daemon.client.call(destination: "org.livetext", path: "/org/livetext",
                                             interface: "org.freedesktop.DBus.Properties", member: "Set",
                                             arguments: [.string("org.livetext.Interaction1"), .string(name), .variant(value)])
        }
    }

    @Test("out-of-bounds Interaction1 values are InvalidArgs with a short message; the file and the value stay")
    func boundedValues() async throws {
        let config = "[interaction]\nsupplementary_interface_font = \"Cantarell Bold\"\n"
        try await RunningDaemon.with(config: config) { daemon in
            let file = daemon.configHome.appendingPathComponent("livetext/config.toml")
            for (name, value) in [
                ("SupplementaryInterfaceFont", DBusValue.string(String(repeating: "A", count: 10_000_000))),
                ("SupplementaryInterfaceContentInsets", .structure([.double(0), .double(.nan), .double(0), .double(0)])),
                ("SupplementaryInterfaceContentInsets", .structure([.double(0), .double(0), .double(1e12), .double(0)])),
                ("SupplementaryInterfaceContentInsets", .structure([.double(-1), .double(0), .double(0), .double(0)])),
            ] {
                var message = ""
                do {
                    _ = try await daemon.client.call(destination: "org.livetext", path: "/org/livetext",
                                                     interface: "org.freedesktop.DBus.Properties", member: "Set",
                                                     arguments: [.string("org.livetext.Interaction1"), .string(name),
                                                                 .variant(value)])
                } catch let error as DBusError {
                    #expect(error.name == "org.livetext.Error.InvalidArgs", "\(name)")
                    message = error.message
                }
                #expect(!message.isEmpty && message.count < 200, "\(name): \(message.prefix(200))")
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == config)
            #expect(try await daemon.property("/org/livetext", "org.livetext.Interaction1",
                                              "SupplementaryInterfaceFont").string == "Cantarell Bold")
            #expect(await set(daemon, "SupplementaryInterfaceFont", .string("Noto Sans Medium")) == nil)
        }
    }

    @Test("a settings file that cannot be written fails a Set with Failed, and the value is not applied")
    func unwritableFile() async throws {
        // /proc/self refuses a new directory even to root, as a read-only directory refuses a user.
        try await RunningDaemon.with(environment: ["XDG_CONFIG_HOME": "/proc/self"]) { daemon in
            #expect(await set(daemon, "SupplementaryInterfaceHidden", .bool(true)) == "org.livetext.Error.Failed")
            let hidden = try await daemon.property("/org/livetext", "org.livetext.Interaction1", "SupplementaryInterfaceHidden")
            #expect(hidden.bool == false)
        }
    }

    @Test("a lifetime past the range is refused at start with the key and range in the log; analyses still end well")
    func lifetimeOutOfRange() async throws {
        try await RunningDaemon.with(config: "[limits]\nanalysis_lifetime_seconds = 9223372036854775807\n") { daemon in
            #expect(daemon.daemonLog.contains(
                "limits.analysis_lifetime_seconds: expected an integer from 1 to 604800, got 9223372036854775807; using defaults"),
                "\(daemon.daemonLog)")
            let file = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
            let path = try #require(try await daemon.analyzer("AnalyzeFile", [.string(file), .vardict(["types": .strings(["codes"])])])
                .first?.objectPath)
            _ = try await daemon.analysis(path, "Wait")
            #expect(try await daemon.property(path, "org.livetext.Analysis1", "State").string == "finished")
            try await Task.sleep(for: .milliseconds(300))
            #expect(daemon.daemon.isRunning, "\(daemon.daemonLog)")
            #expect(try await daemon.analyzer("Detect", [.string("x"), .vardict([:])]).count == 1)
        }
    }

    @Test("a settings file anyone can write is refused, saying why, and none of its values apply")
    func untrustedFile() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-untrusted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("livetext"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("livetext/config.toml")
        try "[interaction]\nsupplementary_interface_hidden = true\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(chmod(file.path, 0o666) == 0)
        try await RunningDaemon.with(environment: ["XDG_CONFIG_HOME": home.path]) { daemon in
            #expect(daemon.daemonLog.contains("config.toml: refused: anyone can write it (mode 666)"), "\(daemon.daemonLog)")
            let hidden = try await daemon.property("/org/livetext", "org.livetext.Interaction1", "SupplementaryInterfaceHidden")
            #expect(hidden.bool == false)
        }
    }

    @Test("LIVETEXT_OPENER given to the daemon wins over the settings' opener, as for the CLI")
    func openerFromEnvironment() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("opened.log")
        let script = scratch.appendingPathComponent("opener.sh")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try await RunningDaemon.with(config: "[actions]\nopener = [\"/bin/false\"]\n",
                                     environment: ["LIVETEXT_OPENER": "/bin/sh " + script.path]) { daemon in
            let file = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
            let path = try #require(try await daemon.analyzer("AnalyzeFile", [.string(file), .vardict(["types": .strings(["codes", "detectors"])])])
                .first?.objectPath)
            _ = try await daemon.analysis(path, "Wait")
            _ = try await daemon.analysis(path, "PerformAction", [.string("open-link-0")])
            #expect(try String(contentsOf: log, encoding: .utf8) == "https://example.org/livetext?q=1\n")
        }
    }
}
