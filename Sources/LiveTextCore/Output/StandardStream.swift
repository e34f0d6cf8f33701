import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// stdout or stderr as livetext writes to them: every byte through `write(2)`, every failure seen.
///
/// `FileHandle.write` traps when the descriptor is closed, full or its reader gone; here a write goes
/// on after `EINTR` and a partial write, waits for room when the descriptor was left non-blocking,
/// and reports anything else (`EPIPE`, `EBADF`, `ENOSPC`, `EIO`) as a `StreamWriteError`. With
/// `SIGPIPE` ignored (as livetext does), a reader that went away is `EPIPE`, never a signal.
public struct StandardStream: Sendable {
    public let descriptor: Int32
    /// `stdout` or `stderr`, for messages.
    public let name: String

    public static let output = StandardStream(descriptor: STDOUT_FILENO, name: "stdout")
    public static let error = StandardStream(descriptor: STDERR_FILENO, name: "stderr")

    /// Whether a terminal shows what is written: its control characters would be obeyed.
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Whether the stream leads nowhere: `/dev/null` (as under bus activation without systemd), or a
    /// descriptor that was closed when the process started.
    public var isDiscarded: Bool {
        if StandardStream.closedAtStart.contains(descriptor) { return true }
        var own = stat(), null = stat()
        guard fstat(descriptor, &own) == 0 else { return true }
        guard stat("/dev/null", &null) == 0 else { return false }
        return (own.st_mode & S_IFMT) == S_IFCHR && own.st_rdev == null.st_rdev
    }

    /// Writes all of `text`.
    public func write(_ text: String) throws(StreamWriteError) {
        var text = text
        let failure = text.withUTF8 { bytes in Self.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) }
        if failure != 0 { throw StreamWriteError(stream: name, code: failure) }
    }

    /// Writes all of `data` (a PNG to stdout).
    public func write(_ data: Data) throws(StreamWriteError) {
        let failure = data.withUnsafeBytes { bytes in Self.writeAll(descriptor, bytes) }
        if failure != 0 { throw StreamWriteError(stream: name, code: failure) }
    }

    /// 0, or the errno of the write that failed.
    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard var next = bytes.baseAddress else { return 0 }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(fd, next, left)
            if written >= 0 {
                next += written
                left -= written
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            case let code:
                return code
            }
        }
        return 0
    }

    // MARK: Descriptors closed at start

    /// Descriptors 0, 1 and 2 that were closed when the process started.
    public static var closedAtStart: Set<Int32> { closed.withLock { $0 } }
    private static let closed = Mutex<Set<Int32>>([])

    /// Fills descriptors 0–2 that are closed with `/dev/null` opened the wrong way round (stdin for
    /// writing, stdout and stderr for reading): a file or socket opened later can then never take
    /// their number and receive our output, and a write to them still fails (`EBADF`), as it would
    /// have. Call once, first thing in `main`.
    public static func reserveClosedDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if opened >= 0, opened != fd {
                _ = dup2(opened, fd)
                close(opened)
            }
            _ = closed.withLock { $0.insert(fd) }
        }
    }
}

/// A write to stdout or stderr that failed.
public struct StreamWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    public let stream: String
    /// The errno: `EPIPE` (the reader went away), `EBADF` (closed), `ENOSPC` (full), ...
    public let code: Int32

    public var description: String { "cannot write to \(stream): \(String(cString: strerror(code)))" }
}
