import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Waits for descriptors to become readable without a thread per wait: one thread polls every
/// descriptor waited on, so a thousand pipes whose writers never write cost a thousand entries
/// in one `poll`, not a thousand blocked threads. A wait ends when its descriptor is readable,
/// at its deadline, or when its task is cancelled; after that the watcher no longer looks at the
/// descriptor, which its owner may close.
public final class ReadinessWatcher: Sendable {
    public static let shared = ReadinessWatcher()

    private struct Waiter {
        var fd: Int32
        var deadline: ContinuousClock.Instant
        var continuation: CheckedContinuation<Bool, any Error>
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0
        /// The pipe that wakes the polling thread when the waiters change; made with the thread.
        var wake: (read: Int32, write: Int32)?
    }

    private let state = Mutex(State())

    private init() {}

    /// True once `fd` is readable, at its end or broken (a read says which); false at `deadline`.
    /// Throws `CancellationError` when the task is cancelled.
    public func readable(_ fd: Int32, until deadline: ContinuousClock.Instant) async throws -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let wake = state.withLock { state in
                    state.waiters[id] = Waiter(fd: fd, deadline: deadline, continuation: continuation)
                    return startIfNeeded(&state)
                }
                poke(wake)
                // Cancelled before it was registered: the handler found nothing to resume.
                if Task.isCancelled { abandon(id) }
            }
        } onCancel: {
            abandon(id)
        }
    }

    /// Ends the wait `id` with `CancellationError` if it is still waiting.
    private func abandon(_ id: UInt64) {
        let (waiter, wake) = state.withLock { ($0.waiters.removeValue(forKey: id), $0.wake?.write) }
        guard let waiter else { return }
        waiter.continuation.resume(throwing: CancellationError())
        poke(wake)  // so that the poll drops the descriptor now
    }

    /// Starts the polling thread on the first wait; returns the wake pipe.
    private func startIfNeeded(_ state: inout State) -> Int32? {
        if let wake = state.wake { return wake.write }
        var ends: [Int32] = [0, 0]
        guard systemPipe2(&ends, O_CLOEXEC | O_NONBLOCK) == 0 else {
            // No pipe: the thread still polls, every 100 ms (see `pollTimeout`).
            state.wake = (-1, -1)
            startThread(wake: -1)
            return nil
        }
        state.wake = (ends[0], ends[1])
        startThread(wake: ends[0])
        return ends[1]
    }

    private func poke(_ wake: Int32?) {
        guard let wake, wake >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wake, &byte, 1)  // a full pipe already says "look again"
    }

    private func startThread(wake: Int32) {
        let thread = Thread { [self] in
            while true { pollOnce(wake: wake) }
        }
        thread.name = "livetext-readiness"
        thread.start()
    }

    /// One `poll` over the wake pipe and every waiting descriptor; resumes those that are ready
    /// or past their deadline.
    private func pollOnce(wake: Int32) {
        let waiting = state.withLock { Array($0.waiters) }
        var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        fds += waiting.map { pollfd(fd: $0.value.fd, events: Int16(POLLIN), revents: 0) }
        let now = ContinuousClock.now
        let timeout = Self.pollTimeout(until: waiting.map(\.value.deadline).min(), now: now, canBeWoken: wake >= 0)
        let answered = poll(&fds, nfds_t(fds.count), timeout)
        if fds[0].revents != 0 {
            var sink = [UInt8](repeating: 0, count: 256)
            while read(wake, &sink, sink.count) > 0 {}
        }
        guard answered >= 0 || errno == EINTR else { return }
        let after = ContinuousClock.now
        var ready = [(CheckedContinuation<Bool, any Error>, Bool)]()
        state.withLock { state in
            for (index, entry) in waiting.enumerated() {
                let isReady = fds[index + 1].revents != 0
                guard isReady || entry.value.deadline <= after,
                      let waiter = state.waiters.removeValue(forKey: entry.key) else { continue }
                ready.append((waiter.continuation, isReady))
            }
        }
        for (continuation, isReady) in ready { continuation.resume(returning: isReady) }
    }

    /// Milliseconds until the nearest deadline, rounded up (a deadline is never missed by
    /// waking early); forever with nothing to wait for, unless no wake pipe could be made.
    static func pollTimeout(until deadline: ContinuousClock.Instant?, now: ContinuousClock.Instant,
                            canBeWoken: Bool) -> Int32 {
        let idle: Int32 = canBeWoken ? -1 : 100
        guard let deadline else { return idle }
        let left = now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        let capped = Int32(clamping: milliseconds)
        return canBeWoken ? capped : min(capped, 100)
    }
}

/// glibc's `pipe2` (declared only with `_GNU_SOURCE`, which the Glibc module does not set):
/// both ends close-on-exec from the start, so no child started meanwhile inherits them.
@_silgen_name("pipe2")
private func systemPipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
