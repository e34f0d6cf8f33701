import DBusKit
import Foundation
import Testing
import TestSupport

/// Stopping the daemon: SIGTERM ends an idle one at once, and text it copied stays on the
/// clipboard (no clipboard manager runs here: a detached livetext serve-clipboard takes it).
@Suite("the daemon stops", .serialized)
struct DaemonStopTests {
    static let qr = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
    static let payload = "https://example.org/livetext?q=1"

    /// Sends SIGTERM and waits for the daemon to exit (5 s at most); how long it took.
    private func terminate(_ daemon: RunningDaemon) async throws -> Duration {
        let started = ContinuousClock.now
        kill(daemon.daemon.processIdentifier, SIGTERM)
        while daemon.daemon.isRunning && ContinuousClock.now - started < .seconds(5) {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(!daemon.daemon.isRunning)
        return ContinuousClock.now - started
    }

    /// 10–38 ms on a quiet machine (bench/sigterm.sh); a full parallel test run on two cores
    /// delays every process's wake-ups (2.2 s once), so the test takes the best of up to three
    /// daemons and allows a second: a daemon that always lingers for seconds (1.2–1.5 s before)
    /// still fails it.
    @Test("SIGTERM stops an idle daemon, hotkeys grabbed, at once")
    func idleStopsAtOnce() async throws {
        var times: [Duration] = []
        for _ in 0..<3 where times.allSatisfy({ $0 >= .seconds(1) }) {
            try await TestDisplay.with(width: 320, height: 200) { server in
                try await RunningDaemon.with(environment: server.environment) { daemon in
                    _ = try await daemon.analyzer("Analyze", [.string(Self.qr), .vardict(["types": .strings(["codes"])])])
                    #expect(try await daemon.waitForLog(containing: "hotkeys: "))
                    times.append(try await terminate(daemon))
                }
            }
        }
        #expect(times.contains { $0 < .seconds(1) }, "SIGTERM took \(times)")
    }

    @Test("what the daemon copied is still on the clipboard after it stopped")
    func copiedTextOutlivesTheDaemon() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let options = DBusValue.vardict(["types": .strings(["codes"]), "copy": .bool(true)])
                _ = try await daemon.analyzer("Analyze", [.string(Self.qr), options])
                try await XPeers.waitForClipboard(containing: Self.payload, on: server)
                // A detached server is started and takes the clipboard first.
                // Stopped within terminate's 5 s, handing on included (76 ms on a quiet machine,
                // bench/sigterm.sh; a loaded 2-core run took 3.2 s once, so no tighter bound here).
                _ = try await terminate(daemon)
                #expect(daemon.daemonLog.contains("served by a detached livetext serve-clipboard"), "\(daemon.daemonLog)")
                #expect(try await XPeers.clipboardText(on: server) == Self.payload)
                // Something else copied: the detached server has nothing left to do and goes.
                let other = try XPeers.xclipOwning(text: "other", on: server)
                defer { other.terminate() }
                try await XPeers.waitForClipboard(containing: "other", on: server)
            }
        }
    }
}
