import Dispatch
import Foundation
import LiveTextCore
import Synchronization

/// Async D-Bus work for a caller that must block (a `ScreenGrabber` is asked on a backend's
/// queue): the work runs as a task while the calling thread waits on a semaphore, at most until
/// the deadline, when the task is cancelled. The caller's thread is never one of the cooperative
/// pool's (the backends' queues are plain dispatch queues), so waiting here cannot starve the
/// task it waits for.
enum BlockingCall {
    /// The work's result, or nil when it did not finish within `limit` (it is then cancelled and
    /// not waited for). Raising `cancel` cancels the work and ends the wait at once with
    /// `cancelled`.
    static func result<T: Sendable>(within limit: Duration, cancel: CancellationFlag? = nil,
                                    _ work: @escaping @Sendable () async throws -> T) -> Result<T, any Error>? {
        let finished = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let task = Task {
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        let end = DispatchTime.now() + .nanoseconds(nanoseconds(limit))
        // Without a flag, one wait; with one, slices of 50 ms between looks at it.
        while finished.wait(timeout: cancel == nil ? end : min(end, .now() + .milliseconds(50))) != .success {
            if cancel?.isCancelled == true {
                task.cancel()
                return .failure(LiveTextError(.cancelled, "cancelled while the desktop's service was asked"))
            }
            guard DispatchTime.now() < end else {
                task.cancel()
                return nil
            }
        }
        return outcome.withLock { $0 }
    }

    /// The work's value or error; past `deadline`, `onDeadline`'s error.
    static func run<T: Sendable>(within deadline: Duration, cancel: CancellationFlag? = nil,
                                 onDeadline: @escaping @Sendable () -> LiveTextError,
                                 _ work: @escaping @Sendable () async throws -> T) throws -> T {
        guard let outcome = result(within: deadline, cancel: cancel, work) else { throw onDeadline() }
        return try outcome.get()
    }

    /// `duration` in whole nanoseconds, clamped to what `DispatchTime` takes.
    static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = Int(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int.max : whole + Int(attoseconds / 1_000_000_000)
    }
}
