import Foundation

/// A private `dbus-daemon` for one test: started with a temporary config that listens on a fresh
/// `unix:dir=`, its address read from `--print-address`, terminated by `stop()`.
public final class TestBus: @unchecked Sendable {
    public let address: String
    /// The dbus-daemon's process id (to stop it, for a test of a bus that hangs).
    public var pid: Int32 { process.processIdentifier }
    private let process: Process
    private let directory: URL

    private init(address: String, process: Process, directory: URL) {
        self.address = address
        self.process = process
        self.directory = directory
    }

    /// Starts a bus; `activatable` names (name → command line) are started by it on demand, as an
    /// installed `.service` file makes them. `anyUser`: processes of every user may connect (a
    /// compositor the tests run as another user shares it with them); else only this user's.
    public static func start(activatable: [String: String] = [:], anyUser: Bool = false) async throws -> TestBus {
        try await offPool {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("dbuskit-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let config = directory.appendingPathComponent("bus.conf")
            let services = directory.appendingPathComponent("services")
            try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
            for (name, command) in activatable {
                try "[D-BUS Service]\nName=\(name)\nExec=\(command)\n"
                    .write(to: services.appendingPathComponent(name + ".service"), atomically: true, encoding: .utf8)
            }
            try """
                <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
                 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
                <busconfig>
                  <type>session</type>
                  <listen>unix:dir=\(directory.path)</listen>
                  <servicedir>\(services.path)</servicedir>
                  <auth>EXTERNAL</auth>
                  <policy context="default">\(anyUser ? "\n    <allow user=\"*\"/>" : "")
                    <allow send_destination="*" eavesdrop="true"/>
                    <allow eavesdrop="true"/>
                    <allow own="*"/>
                  </policy>
                </busconfig>
                """.write(to: config, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            process.arguments = ["--config-file=\(config.path)", "--print-address", "--nofork"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice  // "cannot raise fd limit" noise as non-root
            try process.run()
            // The address is the first line dbus-daemon prints; it blocks until the bus listens.
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { throw TestFailure("dbus-daemon exited before printing its address") }
                line.append(chunk)
            }
            let address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return TestBus(address: address, process: process, directory: directory)
        }
    }

    /// Kills the daemon (it does not reliably exit on SIGTERM) and reaps it off the cooperative pool.
    public func stop() async {
        kill(process.processIdentifier, SIGKILL)
        let process = self.process, directory = self.directory
        _ = try? await offPool {
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
        }
    }
}

public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Runs blocking work (process waits, pipe reads) on its own thread, so that it never occupies one of
/// the few cooperative threads the service's handlers need on a 2-core machine.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}

/// The result of a command-line client.
public struct CommandResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// It ran past its time limit and was terminated.
    public var timedOut = false
}

/// Runs `gdbus`, `busctl`, `dbus-send`, `xdotool` … to its end (at most two minutes).
public func runCommand(_ executable: String, _ arguments: [String],
                       environment: [String: String] = [:]) async throws -> CommandResult {
    let outcome = try await ChildProcess.run(executable, arguments,
                                             environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    return CommandResult(status: outcome.status, stdout: String(decoding: outcome.stdout, as: UTF8.self),
                         stderr: String(decoding: outcome.stderr, as: UTF8.self), timedOut: outcome.timedOut)
}

/// A command started with its output going to files, for a test to act on while it runs.
public final class RunningCommand: @unchecked Sendable {
    public let process: Process
    private let directory: URL

    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dbuskit-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("out").path, contents: nil)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("err").path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = try FileHandle(forWritingTo: directory.appendingPathComponent("out"))
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// What the command printed on stderr so far, while it runs (a daemon's log).
    public var errorsSoFar: String {
        (try? String(contentsOf: directory.appendingPathComponent("err"), encoding: .utf8)) ?? ""
    }

    /// Asks the program itself to stop (SIGTERM), not a `runuser` in front of it: runuser sent a
    /// signal passes it on, then kills the program two seconds later, which a daemon's clean exit
    /// (releasing what it holds on the bus) can outlast under load. Without a child, the command.
    public func terminateProgram() {
        if let program = programIdentifier { kill(program, SIGTERM) } else { process.terminate() }
    }

    /// The program's process when the command is `runuser` in front of it (its one child); nil
    /// without a child.
    public var programIdentifier: pid_t? {
        let pid = process.processIdentifier
        return ((try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? "")
            .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }.first
    }

    /// Waits for the command to exit (terminating it after `limit` seconds) and reads what it printed.
    /// The exit is looked for with `waitpid` as well as through `Process`: Foundation on Linux
    /// has been seen to miss a child's exit under load (the child a zombie, `isRunning` true and
    /// `waitUntilExit` waiting for ever), which hung a whole test run.
    public func finish(limit: TimeInterval? = nil) async throws -> CommandResult {
        defer { try? FileManager.default.removeItem(at: directory) }
        let deadline = limit.map { Date().addingTimeInterval($0) }
        let pid = process.processIdentifier
        var reaped: Int32?
        func exited() -> Bool {
            if reaped != nil || !process.isRunning { return true }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { reaped = status }
            return reaped != nil
        }
        while !exited(), deadline.map({ Date() < $0 }) ?? true { try await Task.sleep(for: .milliseconds(20)) }
        let timedOut = !exited()
        if timedOut {
            kill(pid, SIGTERM)
            for _ in 0..<100 where !exited() { try await Task.sleep(for: .milliseconds(20)) }
            if !exited() { kill(pid, SIGKILL) }
            for _ in 0..<250 where !exited() { try await Task.sleep(for: .milliseconds(20)) }
        }
        let status: Int32
        if let reaped {
            let signal = reaped & 0x7F
            status = signal == 0 ? (reaped >> 8) & 0xFF : 128 + signal
        } else if !process.isRunning {
            status = process.terminationStatus
        } else {
            throw TestFailure("\(process.executableURL?.path ?? "a command") (pid \(pid)) never exited, even killed")
        }
        return CommandResult(status: status,
                             stdout: try String(contentsOf: directory.appendingPathComponent("out"), encoding: .utf8),
                             stderr: try String(contentsOf: directory.appendingPathComponent("err"), encoding: .utf8),
                             timedOut: timedOut)
    }
}
