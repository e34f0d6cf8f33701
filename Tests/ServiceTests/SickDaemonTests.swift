import Foundation
import Testing
import TestSupport

/// `livetext analyze` when the daemon is there but sick: stopped, gone with its bus, impossible to
/// start. Each time the CLI says so in one line and gives the in-process result.
@Suite("the CLI under a sick daemon", .serialized)
struct SickDaemonTests {
    static let qr = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
    static let qrText = "https://example.org/livetext?q=1\n"
    /// A dense 1920×1080 screen: seconds of work, time enough to be stopped in the middle.
    static let dense = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/screens/xterm-tiled-dejavu-12px.png").path

    /// Runs the CLI on `bus`; `during` runs once the daemon's log says the analysis started. Terminated
    /// after `limit` seconds (the daemon used to keep it waiting for an hour).
    static func cli(_ arguments: [String], bus: String, daemon: RunningDaemon? = nil, limit: TimeInterval = 100,
                    environment: [String: String] = [:],
                    during: (@Sendable () async throws -> Void)? = nil) async throws -> CommandResult {
        let command = try RunningCommand(RunningDaemon.binary.path, arguments, environment: environment.merging([
            "DBUS_SESSION_BUS_ADDRESS": bus, "LIVETEXT_LOCAL": "0", "OMP_THREAD_LIMIT": "1",
        ]) { $1 })
        if let during, let daemon {
            #expect(try await daemon.waitForLog(containing: "analysis 1 for"))
            try await during()
        }
        return try await command.finish(limit: limit)
    }

    @Test("a daemon stopped before the call counts as absent: the CLI works in-process and says so once")
    func stoppedBefore() async throws {
        try await RunningDaemon.with { daemon in
            kill(daemon.daemon.processIdentifier, SIGSTOP)
            defer { kill(daemon.daemon.processIdentifier, SIGCONT) }
            let run = try await Self.cli(["analyze", Self.qr], bus: daemon.bus.address)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == Self.qrText)
            #expect(run.stderr == "livetext: the livetext daemon did not answer within 1 s; analyzing in this process\n")
        }
    }

    @Test("a daemon stopped mid-analysis is given up after seconds of silence, and the file analyzed here")
    func stoppedMidway() async throws {
        let local = try await runCommand(RunningDaemon.binary.path, ["analyze", "--local", Self.dense])
        try await RunningDaemon.with { daemon in
            let pid = daemon.daemon.processIdentifier
            defer { kill(pid, SIGCONT) }
            let run = try await Self.cli(["analyze", Self.dense], bus: daemon.bus.address, daemon: daemon) {
                kill(pid, SIGSTOP)
            }
            #expect(!run.timedOut)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == local.stdout)
            #expect(run.stderr.hasPrefix("livetext: the livetext daemon stopped answering (silent for "), "\(run.stderr)")
            #expect(run.stderr.hasSuffix("); analyzing in this process\n") && run.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("stdin sent to a daemon that stops answering is analyzed here from the same bytes")
    func standardInputStoppedMidway() async throws {
        let local = try await runCommand(RunningDaemon.binary.path, ["analyze", "--local", Self.dense])
        try await RunningDaemon.with { daemon in
            let pid = daemon.daemon.processIdentifier
            defer { kill(pid, SIGCONT) }
            let command = try RunningCommand("/bin/sh", ["-c", "exec \"$0\" analyze - < \"$1\"", RunningDaemon.binary.path, Self.dense],
                                             environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.bus.address, "LIVETEXT_LOCAL": "0"])
            #expect(try await daemon.waitForLog(containing: "analysis 1 for"))
            kill(pid, SIGSTOP)
            let run = try await command.finish(limit: 100)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == local.stdout)
            #expect(run.stderr.hasPrefix("livetext: the livetext daemon stopped answering"), "\(run.stderr)")
        }
    }

    @Test("a bus that goes away mid-analysis: the file is analyzed here")
    func busKilled() async throws {
        try await RunningDaemon.with { daemon in
            let run = try await Self.cli(["analyze", Self.dense, Self.qr], bus: daemon.bus.address,
                                         daemon: daemon) {
                await daemon.bus.stop()
            }
            #expect(!run.timedOut)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasSuffix("==> \(Self.qr) <==\n" + Self.qrText), "\(run.stdout)")
            #expect(run.stderr.hasPrefix("livetext: the session bus went away ("), "\(run.stderr)")
            #expect(run.stderr.hasSuffix("; analyzing in this process\n") && run.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("clipboard with a daemon stopped mid-analysis reads the clipboard again in this process")
    func clipboardStoppedMidway() async throws {
        let local = try await runCommand(RunningDaemon.binary.path, ["analyze", "--local", Self.dense])
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let owner = try XPeers.xclipOwning(file: Self.dense, type: "image/png", on: server)
                defer { owner.terminate() }
                try await XPeers.waitForClipboard(on: server)
                let pid = daemon.daemon.processIdentifier
                defer { kill(pid, SIGCONT) }
                let run = try await Self.cli(["clipboard"], bus: daemon.bus.address, daemon: daemon,
                                             environment: server.environment) {
                    kill(pid, SIGSTOP)
                }
                #expect(!run.timedOut)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdout == local.stdout)
                #expect(run.stderr.hasPrefix("livetext: the livetext daemon stopped answering (silent for "), "\(run.stderr)")
                #expect(run.stderr.hasSuffix("); working in this process\n") && run.stderr.split(separator: "\n").count == 1)
            }
        }
    }

    @Test("a stopped bus: the connection is given up after 2 s and the CLI works in-process")
    func stoppedBus() async throws {
        let bus = try await TestBus.start()
        kill(bus.pid, SIGSTOP)
        let run = try await Self.cli(["analyze", Self.qr], bus: bus.address, limit: 60)
        await bus.stop()
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.qrText)
        #expect(run.stderr == "livetext: cannot connect to the session bus (no answer within 2 s); analyzing in this process\n")
    }

    @Test("a daemon the bus cannot start counts as absent too")
    func cannotStart() async throws {
        let bus = try await TestBus.start(activatable: ["org.livetext": "/nonexistent/livetextd"])
        let run = try await Self.cli(["analyze", Self.qr], bus: bus.address)
        await bus.stop()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.qrText)
        #expect(run.stderr.hasPrefix("livetext: the livetext daemon could not be started ("), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("without any bus the CLI says so once; with --local it says nothing", arguments: [
        (["analyze", SickDaemonTests.qr], "", "livetext: no session bus (DBUS_SESSION_BUS_ADDRESS is not set); analyzing in this process\n"),
        (["analyze", "--local", SickDaemonTests.qr], "", ""),
        (["analyze", "--local", SickDaemonTests.qr], "unix:path=/nonexistent/bus", ""),
    ])
    func noBus(arguments: [String], address: String, stderr: String) async throws {
        let run = try await Self.cli(arguments, bus: address)
        #expect(run.status == 0)
        #expect(run.stdout == Self.qrText)
        #expect(run.stderr == stderr)
    }
}
