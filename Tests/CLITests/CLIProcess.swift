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
                    timeout: TimeInterval = 120, wrapper: [String] = []) async throws -> Outcome {
        var env = ProcessInfo.processInfo.environment
        // In-process unless a test says otherwise: a daemon on the developer's bus must not answer.
        env["LIVETEXT_LOCAL"] = "1"
        // The settings file of the developer running the tests must not change what they see.
        env["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
        env.merge(environment) { $1 }
        let command = wrapper.isEmpty ? [binary.path] + arguments : wrapper + [binary.path] + arguments
        let outcome = try await ChildProcess.run(command[0], Array(command.dropFirst()), environment: env,
                                                 stdin: stdin, timeout: .seconds(timeout))
        if outcome.timedOut {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "livetext \(arguments) hung"])
        }
        return Outcome(status: outcome.status, stdout: String(decoding: outcome.stdout, as: UTF8.self),
                       stderr: String(decoding: outcome.stderr, as: UTF8.self), signalled: outcome.signalled)
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
