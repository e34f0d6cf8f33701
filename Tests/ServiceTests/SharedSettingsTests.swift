import Foundation
import Testing
import TestSupport

/// The CLI and the daemon read one settings file, so `--local` and the daemon print the same.
@Suite("one settings file for the CLI and the daemon")
struct SharedSettingsTests {
    @Test("analyze --json through the daemon and with --local: the settings' types and templates both times")
    func sameOutput() async throws {
        let config = """
            [analysis]
            types = ["text", "detectors"]
            [actions]
            translate_url = "https://translate.example/?q=%s"
            """
        try await RunningDaemon.with(config: config) { daemon in
            let image = RunningDaemon.fixtures.appendingPathComponent("text-light-15px.png").path
            let environment = ["DBUS_SESSION_BUS_ADDRESS": daemon.bus.address, "LIVETEXT_LOCAL": "0",
                               "XDG_CONFIG_HOME": daemon.configHome.path, "OMP_THREAD_LIMIT": "1",
                               "LIVETEXT_REFERENCE_TIME": "2026-03-01T09:00:00-08:00", "LIVETEXT_REGION": "US"]
            let remote = try await runCommand(RunningDaemon.binary.path, ["analyze", "--json", image], environment: environment)
            #expect(remote.status == 0 && remote.stderr.isEmpty, "\(remote.stderr)")
            #expect(daemon.daemonLog.contains("analysis 1 for"))
            let local = try await runCommand(RunningDaemon.binary.path, ["analyze", "--local", "--json", image],
                                             environment: environment)
            #expect(local.status == 0, "\(local.stderr)")
            // The same document but for the time it took.
            func withoutTiming(_ json: String) -> String { json.replacingOccurrences(of: #","timing":\{[^}]*\}"#, with: "",
                                                                                     options: .regularExpression) }
            #expect(withoutTiming(remote.stdout) == withoutTiming(local.stdout))
            for output in [remote.stdout, local.stdout] {
                #expect(output.contains("\"target\":\"https://translate.example/?q=Invoice"), "\(output)")
                #expect(!output.contains("codesMs"), "\(output)")
            }
        }
    }
}
