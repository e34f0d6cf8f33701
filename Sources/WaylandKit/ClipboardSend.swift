import Foundation

/// Writing copied text into the pipe of a program that pastes it, on a thread of its own: a
/// reader that reads slowly, or never, holds up that thread alone, and only until its time is up.
enum ClipboardSend {
    /// Writes `bytes` to `fd` (which it owns and closes) on a new thread, giving up after `limit`.
    static func start(_ bytes: Data, to fd: Int32, within limit: Duration) {
        let thread = Thread {
            // A reader that went away must be EPIPE here, not a SIGPIPE that ends a process which
            // does not ignore it: blocked on this thread, the signal stays pending on it and is
            // dropped when the thread ends.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            write(bytes, to: fd, within: limit)
        }
        thread.name = "livetext-wayland-clipboard-send"
        thread.start()
    }

    /// Writes all of `bytes` unless `limit` passes first or the reader goes away; then closes `fd`.
    /// True when everything was written.
    @discardableResult
    static func write(_ bytes: Data, to fd: Int32, within limit: Duration) -> Bool {
        defer { close(fd) }
        // Non-blocking, so that a full pipe is waited for with poll, which has a deadline.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let end = ContinuousClock.now.advanced(by: limit)
        return bytes.withUnsafeBytes { raw -> Bool in
            var done = 0
            while done < raw.count {
                let remaining = ContinuousClock.now.duration(to: end)
                guard remaining > .zero else { return false }
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&descriptor, 1, remaining.pollMilliseconds)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { return false }
                let count = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                done += count
            }
            return true
        }
    }
}
