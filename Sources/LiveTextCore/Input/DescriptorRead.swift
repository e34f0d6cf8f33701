import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a descriptor another process handed over, so that nothing it does can hold us: a file
/// or memfd is read with `pread` on a `BlockingWork` thread (never mapped); a pipe or socket
/// without blocking, waiting for bytes on the `ReadinessWatcher` (no thread is held meanwhile),
/// until the writer closes its end, `limit` bytes have come, the `timeout` has passed or the task
/// is cancelled. Terminals, devices and eventfds are refused before any read. `progress` hears
/// how many bytes of a stream have come, every MiB, and may throw to stop the read.
public enum DescriptorRead {
    public typealias Progress = @Sendable (_ bytesSoFar: Int) async throws -> Void

    public static func all(_ fd: Int32, limit: Int, timeout: Duration, name: String, what: String,
                           checkStart: (@Sendable (Data) throws -> Void)? = nil,
                           progress: Progress? = nil) async throws -> Data {
        let deadline = ContinuousClock.now + timeout
        switch DescriptorKind(descriptor: fd) {
        case .regularFile(let size):
            return try await BlockingWork.run {
                try BoundedRead.file(fd, size: size, limit: limit, name: name, what: what)
            }
        case .pipe:
            let own = NonBlockingPipe(fd)
            defer { own.close() }
            return try await stream(own.fd, isSocket: false, limit: limit, deadline: deadline, timeout: timeout,
                                    name: name, what: what, checkStart: checkStart, progress: progress)
        case .socket:
            return try await stream(fd, isSocket: true, limit: limit, deadline: deadline, timeout: timeout,
                                    name: name, what: what, checkStart: checkStart, progress: progress)
        case nil:
            throw LiveTextError(.invalidArgs, "\(name): closed or unusable")
        case let kind?:
            throw LiveTextError(.invalidArgs, "\(name) is \(kind.name): images are read from files, memfds, pipes and sockets")
        }
    }

    private static func stream(_ fd: Int32, isSocket: Bool, limit: Int, deadline: ContinuousClock.Instant,
                               timeout: Duration, name: String, what: String,
                               checkStart: (@Sendable (Data) throws -> Void)?, progress: Progress?) async throws -> Data {
        var collected = BoundedRead.Collected(limit: limit, name: name, what: what, checkStart: checkStart)
        var buffer = [UInt8](repeating: 0, count: BoundedRead.chunkSize)
        var sinceYield = 0, sinceProgress = 0
        while true {
            try Task.checkCancellation()
            let count = isSocket ? recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) : read(fd, &buffer, buffer.count)
            if count > 0 {
                try collected.append(buffer[..<count])
                sinceProgress += count
                if let progress, sinceProgress >= 1 << 20 {
                    sinceProgress = 0
                    try await progress(collected.data.count)
                }
                // A writer that never pauses must not keep this thread of the cooperative pool.
                sinceYield += count
                if sinceYield >= 8 << 20 {
                    sinceYield = 0
                    await Task.yield()
                }
            } else if count == 0 {
                return try collected.finish()
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                guard try await ReadinessWatcher.shared.readable(fd, until: deadline) else {
                    throw LiveTextError(.invalidImage, "\(name): no end of the \(what) within \(timeout) "
                                        + "(\(collected.data.count) bytes came; the writer must close its end)")
                }
            } else if errno != EINTR {
                throw BoundedRead.failure(errno, name: name)
            }
        }
    }
}

/// A pipe's read end of our own, in non-blocking mode. The descriptor a client hands over shares
/// its open file (and so its flags) with the client's: setting `O_NONBLOCK` on it would change
/// the client's too. Opening `/proc/self/fd/N` gives a new open file of the same pipe; where that
/// fails (no /proc), the shared one is made non-blocking after all.
struct NonBlockingPipe {
    let fd: Int32
    private let owned: Bool

    init(_ shared: Int32) {
        let own = open("/proc/self/fd/\(shared)", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if own >= 0, Self.samePipe(own, shared) {
            fd = own
            owned = true
        } else {
            if own >= 0 { Glibc.close(own) }
            _ = fcntl(shared, F_SETFL, fcntl(shared, F_GETFL) | O_NONBLOCK)
            fd = shared
            owned = false
        }
    }

    private static func samePipe(_ a: Int32, _ b: Int32) -> Bool {
        var first = stat(), second = stat()
        return fstat(a, &first) == 0 && fstat(b, &second) == 0
            && first.st_ino == second.st_ino && first.st_dev == second.st_dev
    }

    func close() {
        if owned { Glibc.close(fd) }
    }
}
