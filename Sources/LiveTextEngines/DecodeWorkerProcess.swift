import Foundation
import LiveTextCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One decode worker seen from its parent: the process, the parent's end of their socket, and
/// the two memfds they share (encoded bytes in, RGBA out). One decode at a time.
final class DecodeWorkerProcess: Sendable {
    let pid: pid_t
    private let socket: Int32
    private let input: Int32
    private let output: Int32
    /// Set once it is killed or found dead: it is reaped once, its descriptors closed once.
    private let ended = Mutex(false)
    private let killed = Atomic(false)
    private let answered = Atomic(false)

    /// True once it answered a decode: a warm worker, which may have been killed while idle.
    var hasAnswered: Bool { answered.load(ordering: .acquiring) }

    /// How a decode ended without pixels.
    enum Failure: Error {
        /// The worker exited on its own before it took the request (idle): try another.
        case gone
        /// Killed or crashed: the status `waitpid` gave.
        case died(status: Int32)
        /// No reply before the deadline: killed.
        case overdue
    }

    private init(pid: pid_t, socket: Int32, input: Int32, output: Int32) {
        self.pid = pid
        self.socket = socket
        self.input = input
        self.output = output
    }

    /// Starts `executable decode-worker` with the socket and memfds as its fds 3, 4 and 5 and
    /// nothing else open (0, 1 and 2 on /dev/null), every signal at its default.
    static func start(executable: String) throws -> DecodeWorkerProcess {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw startFailure("socketpair", errno)
        }
        let input = memfdCreate("livetext-decode-in", 1 /* MFD_CLOEXEC */)
        let output = memfdCreate("livetext-decode-out", 1)
        // Above the child's 3…5, so that no dup2 there overwrites a descriptor still to be moved.
        let childEnds = [pair[1], input, output].map { fcntl($0, F_DUPFD_CLOEXEC, 6) }
        defer { for fd in childEnds where fd >= 0 { close(fd) } }
        close(pair[1])
        guard input >= 0, output >= 0, childEnds.allSatisfy({ $0 >= 0 }) else {
            let code = errno
            for fd in [pair[0], input, output] where fd >= 0 { close(fd) }
            throw startFailure("memfd_create", code)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, flags) in [(Int32(0), O_RDONLY), (1, O_WRONLY), (2, O_WRONLY)] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", flags, 0)
        }
        for (index, fd) in childEnds.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, fd, DecodeWorkerWire.socketFD + Int32(index))
        }
        _ = spawnActionsCloseFrom(&actions, 6)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let arguments = ["livetext", "decode-worker"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            for fd in [pair[0], input, output] { close(fd) }
            throw LiveTextError(.failed, "cannot start the image decoder \(executable): \(String(cString: strerror(status)))")
        }
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        return DecodeWorkerProcess(pid: pid, socket: pair[0], input: input, output: output)
    }

    private static func startFailure(_ call: String, _ code: Int32) -> LiveTextError {
        LiveTextError(.failed, "cannot start an image decoder: \(call): \(String(cString: strerror(code)))")
    }

    /// Decodes `data` in the worker: its bytes into the input memfd, the request, then the reply
    /// awaited without holding a thread, for `patience` from the request (not from the call: the
    /// copy may wait its turn behind other work of this process). Throws `Failure` when the
    /// worker ends without a reply (reaped then), the decode's `LiveTextError` otherwise.
    func decode(_ data: Data, _ request: DecodeWorkerWire.Request, patience: Duration) async throws -> PixelImage {
        try await BlockingWork.run { [input] in try Self.fill(input, with: data) }
        let sent = request.encoded.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == DecodeWorkerWire.Request.size else {
            // It never took the request: however it ended while idle (on its own, or killed by
            // someone else), another worker can do it.
            _ = try await end(killing: true)
            throw Failure.gone
        }
        let deadline = ContinuousClock.now + patience
        let header = try await receive(DecodeWorkerWire.Reply.headerSize, until: deadline)
        let message = try await receive(DecodeWorkerWire.Reply.messageLength(header: header), until: deadline)
        guard let reply = DecodeWorkerWire.Reply.decode(header: header, message: message) else {
            throw try await end(killing: true)
        }
        answered.store(true, ordering: .releasing)
        defer { _ = ftruncate(input, 0) }
        if let error = reply.error { throw error }
        return try await BlockingWork.run { [output] in
            try Self.take(output, width: reply.width, height: reply.height)
        }
    }

    /// Ends the worker at once (SIGKILL): a cancelled decode stops here, not when it is done.
    func kill() {
        ended.withLock { ended in
            if !ended { _ = Glibc.kill(pid, SIGKILL) }
        }
        killed.store(true, ordering: .releasing)
    }

    /// True once `kill()` was called: the worker must not be given another decode, even when the
    /// one it was killed during had already answered (a cancel that came just after the reply).
    var wasKilled: Bool { killed.load(ordering: .acquiring) }

    /// Reaps the worker (killed first when `killing`), closes its descriptors, and returns how
    /// it ended, as the `Failure` to throw.
    func end(killing: Bool) async throws -> Failure {
        let first = ended.withLock { ended in
            defer { ended = true }
            return !ended
        }
        guard first else { return .died(status: 0) }
        if killing { _ = Glibc.kill(pid, SIGKILL) }
        let (pid, fds) = (pid, [socket, input, output])
        // Reaped even when the task awaiting it was cancelled: a dead worker is never left a zombie.
        let status = await Task.detached { await Self.reap(pid) }.value
        for fd in fds { close(fd) }
        let exitedCleanly = status & 0x7F == 0 && (status >> 8) & 0xFF == 0
        return exitedCleanly ? .gone : .died(status: status)
    }

    /// Waits for `pid` to end and reaps it, holding no thread while it runs: its pidfd turns
    /// readable when it exits. Without a pidfd (kernels before 5.3), a waiting thread reaps it.
    private static func reap(_ pid: pid_t) async -> Int32 {
        let pidfd = systemPidfdOpen(pid, 0)
        if pidfd >= 0 {
            defer { close(pidfd) }
            // Not cancellable (a detached task) and without deadline: the worker was killed or
            // said it is ending, so this is at most the time the kernel takes to tear it down.
            _ = try? await ReadinessWatcher.shared.readable(pidfd, until: .now + .seconds(365 * 86_400))
            var status: Int32 = 0
            var reaped: pid_t
            repeat { reaped = waitpid(pid, &status, WNOHANG) } while reaped < 0 && errno == EINTR
            if reaped == pid { return status }
        }
        return (try? await BlockingWork.run(.waiting) { () -> Int32 in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status
        }) ?? 0
    }

    private func receive(_ count: Int, until deadline: ContinuousClock.Instant) async throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + done, count - done, Int32(MSG_DONTWAIT)) }
            if got > 0 {
                done += got
            } else if got == 0 {
                throw try await end(killing: false)
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                guard try await ReadinessWatcher.shared.readable(socket, until: deadline) else {
                    _ = try await end(killing: true)
                    throw Failure.overdue
                }
            } else if errno != EINTR {
                throw try await end(killing: true)
            }
        }
        return bytes
    }

    private static func fill(_ fd: Int32, with data: Data) throws {
        try data.withUnsafeBytes { raw in
            guard ftruncate(fd, off_t(raw.count)) == 0 else { throw noRoom(raw.count) }
            var done = 0
            while done < raw.count {
                let count = pwrite(fd, raw.baseAddress! + done, min(raw.count - done, 8 << 20), off_t(done))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw noRoom(raw.count) }
                done += count
            }
        }
    }

    /// The RGBA the worker left in the output memfd, read into the image a chunk at a time, each
    /// chunk's pages given back as it is read: the pixels are held about once, not twice.
    private static func take(_ fd: Int32, width: Int, height: Int) throws -> PixelImage {
        let count = width * height * 4
        defer { _ = ftruncate(fd, 0) }
        var failure: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let chunk = min(count - done, 8 << 20)
                let got = pread(fd, buffer.baseAddress! + done, chunk, off_t(done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    failure = got < 0 ? errno : EIO
                    break
                }
                _ = systemFallocate(fd, 3 /* FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE */, off_t(done), off_t(got))
                done += got
            }
            if failure != 0 { buffer.initialize(repeating: 0) }
            initialized = count
        }
        guard failure == 0 else {
            throw LiveTextError(.failed, "cannot read the decoded pixels: \(String(cString: strerror(failure)))")
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
    }

    private static func noRoom(_ count: Int) -> LiveTextError {
        LiveTextError(.failed, "no room for the image's \(count) bytes for the decoder: \(String(cString: strerror(errno)))")
    }
}

@_silgen_name("memfd_create")
private func memfdCreate(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32

/// glibc's `pidfd_open` (2.36 and later; <sys/pidfd.h> is not part of the Glibc module).
@_silgen_name("pidfd_open")
private func systemPidfdOpen(_ pid: pid_t, _ flags: UInt32) -> Int32

@_silgen_name("fallocate")
private func systemFallocate(_ fd: Int32, _ mode: Int32, _ offset: off_t, _ length: off_t) -> Int32

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; declared with `_GNU_SOURCE`).
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnActionsCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
