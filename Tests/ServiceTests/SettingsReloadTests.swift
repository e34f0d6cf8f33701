import DBusKit
import Foundation
import Testing
import TestSupport

/// SIGHUP applies the whole file: the detectors' region and URL templates, the cache's size, the
/// languages and limits; a broken file keeps the last good settings and the log names every error
/// and every unknown key.
@Suite("SIGHUP reloads everything", .serialized)
struct SettingsReloadTests {
    static let qr = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
    static let page = RunningDaemon.fixtures.appendingPathComponent("text-light-15px.png").path

    private func write(_ text: String, _ daemon: RunningDaemon) throws {
        try text.write(to: daemon.configHome.appendingPathComponent("livetext/config.toml"), atomically: true, encoding: .utf8)
    }

    private func hangUp(_ daemon: RunningDaemon, expecting line: String) async throws {
        let before = daemon.daemonLog.components(separatedBy: line).count
        kill(daemon.daemon.processIdentifier, SIGHUP)
        for _ in 0..<200 where daemon.daemonLog.components(separatedBy: line).count == before {
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(daemon.daemonLog.components(separatedBy: line).count > before, "\(daemon.daemonLog)")
    }

    private func json(_ daemon: RunningDaemon, _ file: String, _ types: [String]) async throws -> String {
        try #require(try await daemon.analyzer("Analyze", [.string(file), .vardict(["types": .strings(types)])]).last?.string)
    }

    @Test("the region, the URL templates and the cache's size follow the file after SIGHUP")
    func applies() async throws {
        try await RunningDaemon.with(config: "[actions]\nregion = \"US\"\n", environment: ["LIVETEXT_REGION": ""]) { daemon in
            // No word that says phone: after "ruf an" (German for "call") the number is German
            // whatever the region; alone, the region decides.
            let number = "030 12345678"
            let us = try await daemon.analyzer("Detect", [.string(number), .vardict([:])])
            #expect(!"\(us)".contains("+493012345678"))
            // The second time the same pixels come from the cache.
            _ = try await json(daemon, Self.qr, ["codes"])
            #expect(try await json(daemon, Self.qr, ["codes"]).contains("\"cached\":true"))

            try write("""
                [actions]
                region = "DE"
                translate_url = "https://translate.example/?q=%s"
                [limits]
                cached_images = 0
                """, daemon)
            try await hangUp(daemon, expecting: "settings reloaded")
            let de = try await daemon.analyzer("Detect", [.string(number), .vardict([:])])
            #expect("\(de)".contains("+493012345678"), "\(de)")
            #expect(!(try await json(daemon, Self.qr, ["codes"]).contains("\"cached\"")))
            let page = try await json(daemon, Self.page, ["text", "detectors"])
            #expect(page.contains("https://translate.example/?q="), "\(page.prefix(2000))")
        }
    }

    @Test("a broken file: every error and unknown key in the log, the last good settings kept")
    func reportsEverything() async throws {
        try await RunningDaemon.with(config: "[actions]\nregion = \"DE\"\n", environment: ["LIVETEXT_REGION": ""]) { daemon in
            try write("""
                [limits]
                max_pixels = -5
                cached_images = "many"
                [actions]
                regoin = "US"
                """, daemon)
            try await hangUp(daemon, expecting: "keeping the last good settings")
            let log = daemon.daemonLog
            #expect(log.contains("limits.max_pixels"), "\(log)")
            #expect(log.contains("limits.cached_images"), "\(log)")
            #expect(log.contains("actions.regoin") && log.contains("did you mean region?"), "\(log)")
            #expect(log.contains("2 errors; keeping the last good settings"), "\(log)")
            let de = try await daemon.analyzer("Detect", [.string("ruf an: 030 12345678"), .vardict([:])])
            #expect("\(de)".contains("+493012345678"), "the last good region stays: \(de)")
        }
    }
}
