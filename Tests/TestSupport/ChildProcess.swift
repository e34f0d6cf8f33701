import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end, the way a shell runs it: started with `posix_spawn`, its output
/// read and its exit waited for on a thread of its own. Nothing of it depends on Foundation's
/// `Process`, whose exit notice comes through Dispatch threads that a loaded test process may
/// not have free (a child long gone was still "running" there), nor on a cooperative thread.
public enum ChildProcess {
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
        /// Ended by a signal (a crash, SIGPIPE) rather than by exiting.
        public var signalled: Bool
        /// Still running at its deadline: terminated (SIGTERM, SIGKILL 5 s later).
        public var timedOut: Bool
    }

    /// Runs `executable` with `arguments` (argv[0] is the executable's path) and `environment`
    /// as its whole environment, `stdin` written to its standard input then closed, until it
    /// exits and its output ends, or until `timeout`.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           stdin: Data? = nil, timeout: Duration = .seconds(120)) async throws -> Outcome {
        try await offPool { try runBlocking(executable, arguments, environment: environment, stdin: stdin, timeout: timeout) }
    }

    /// `run`, blocking the calling thread (never call it on a cooperative one).
    public static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String],
                                   stdin: Data? = nil, timeout: Duration = .seconds(120)) throws -> Outcome {
        _ = ignoreBrokenPipes
        let input = try pipe(), output = try pipe(), errors = try pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.read, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test runner blocks signals; a program that inherits the mask cannot be stopped.
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        for fd in [input.read, output.write, errors.write] { close(fd) }
        guard status == 0 else {
            for fd in [input.write, output.read, errors.read] { close(fd) }
            throw TestFailure("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        let feeder = Thread {
            if let stdin {
                stdin.withUnsafeBytes { raw in
                    var done = 0
                    while done < raw.count {
                        let count = write(input.write, raw.baseAddress! + done, raw.count - done)
                        if count < 0 && errno == EINTR { continue }
                        guard count > 0 else { break }
                        done += count
                    }
                }
            }
            close(input.write)
        }
        feeder.start()
        return wait(pid, output: output.read, errors: errors.read, deadline: .now + timeout)
    }

    /// Reads both pipes until they end and reaps `pid`; past `deadline` terminates it, and stops
    /// reading 5 s later (a grandchild may hold the pipes).
    private static func wait(_ pid: pid_t, output: Int32, errors: Int32, deadline: ContinuousClock.Instant) -> Outcome {
        defer { close(output); close(errors) }
        var collected = [Data(), Data()]
        var open = [true, true]
        var status: Int32 = 0
        var exited = false
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !exited || open.contains(true) {
            let now = ContinuousClock.now
            if now >= deadline + .seconds(5) { break }
            if now >= deadline && !timedOut {
                timedOut = !exited
                if timedOut { kill(pid, SIGTERM) }
            }
            if timedOut && !exited && now >= deadline + .seconds(2) { kill(pid, SIGKILL) }
            var fds = [pollfd(fd: open[0] ? output : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: open[1] ? errors : -1, events: Int16(POLLIN), revents: 0)]
            // Short polls: the exit is looked for between them (no SIGCHLD is taken from anyone).
            _ = poll(&fds, 2, exited ? 100 : 10)
            for index in 0..<2 where open[index] && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count > 0 {
                    collected[index].append(contentsOf: buffer[0..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = false
                }
            }
            if !exited {
                let reaped = waitpid(pid, &status, WNOHANG)
                exited = reaped == pid || (reaped < 0 && errno == ECHILD)
            }
        }
        if !exited {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        let signal = status & 0x7F
        return Outcome(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
                       stdout: collected[0], stderr: collected[1], signalled: signal != 0, timedOut: timedOut)
    }

    /// A child that exits without reading its input must not end the test process with SIGPIPE.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw TestFailure("pipe2: \(String(cString: strerror(errno)))") }
        return (ends[0], ends[1])
    }
}

@_silgen_name("pipe2")
private func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
