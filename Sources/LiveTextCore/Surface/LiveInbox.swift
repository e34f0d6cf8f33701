import Foundation
import Glibc
import Synchronization

/// Work posted to the live surface's thread from any thread, and the pipe that wakes the
/// surface's `poll` when some arrives (X11's socket or a Wayland compositor's).
public final class LiveInbox: Sendable {
    private struct State {
        var work: [@Sendable () -> Void] = []
        var closed = false
    }

    private let state = Mutex(State())
    private let wakeRead: Int32
    private let wakeWrite: Int32

    public init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw LiveTextError(.failed, "cannot create a pipe for the live surface: \(String(cString: strerror(errno)))")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        (wakeRead, wakeWrite) = (fds[0], fds[1])
    }

    deinit { _ = close() }

    /// Queues `work` and wakes the surface; false once closed.
    public func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.work.append(work)
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
            return true
        }
    }

    /// The work queued so far, in order.
    public func take() -> [@Sendable () -> Void] {
        state.withLock { state in
            defer { state.work.removeAll() }
            return state.work
        }
    }

    /// Waits until the display's socket has something to read, work is posted, or `timeout`
    /// milliseconds pass.
    public func wait(display descriptor: Int32, timeout: Int32) {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    /// Refuses work from now on and closes the pipe (once); returns the work still queued, for
    /// the caller to run (whoever waits on it is not left waiting).
    public func close() -> [@Sendable () -> Void] {
        state.withLock { state in
            guard !state.closed else { return [] }
            state.closed = true
            defer { state.work.removeAll() }
            Glibc.close(wakeRead)
            Glibc.close(wakeWrite)
            return state.work
        }
    }
}
