import Foundation
import TestSupport

/// Runs the built `livetext` binary the way a user or a script does.
struct CLIProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Ended by a signal (a crash, SIGPIPE) rather than by exiting.
        var signalled = false
    }

    /// The binary next to the test bundle (SwiftPM builds it because the tests depend on it).
    static let binary = builtLivetext()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AdapterTests/Fixtures")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// Runs livetext with `arguments`; with `wrapper`, runs `wrapper + [livetext] + arguments` instead
    /// (a shell that redirects, a pseudo-terminal).
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
                    timeout: TimeInterval = 120, wrapper: [String] = []) throws -> Outcome {
        let process = Process()
        if let program = wrapper.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = wrapper.dropFirst() + [binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        // In-process unless a test says otherwise: a daemon on the developer's bus must not answer.
        env["LIVETEXT_LOCAL"] = "1"
        // The settings file of the developer running the tests must not change what they see.
        env["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Feed stdin and drain both pipes concurrently so no side blocks on a full pipe.
        let writer = Thread {
            if let stdin { input.fileHandleForWriting.write(stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let stdoutData = Reader(out.fileHandleForReading), stderrData = Reader(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "livetext \(arguments) hung"])
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: stdoutData.text(), stderr: stderrData.text(),
                       signalled: process.terminationReason == .uncaughtSignal)
    }

    /// A wrapper that starts livetext with these shell `redirections` (`>&-`, `>/dev/full`, `2>&-`).
    static func shell(_ redirections: String) -> [String] {
        ["/bin/bash", "-c", "exec \"$0\" \"$@\" \(redirections)"]
    }

    /// A wrapper that gives livetext a pseudo-terminal as stdout (raw: no `\r` added), as in a person's
    /// terminal; what it shows comes back as stdout, stderr stays a pipe. Exits with livetext's status.
    static let terminal = ["/usr/bin/python3", "-c", """
        import os, pty, subprocess, sys, tty
        main, side = pty.openpty()
        tty.setraw(side)
        child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=side)
        os.close(side)
        shown = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        sys.stdout.buffer.write(shown)
        sys.exit(child.wait() & 0xFF)
        """]
}

/// Reads a pipe to its end on a thread of its own.
private final class Reader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
