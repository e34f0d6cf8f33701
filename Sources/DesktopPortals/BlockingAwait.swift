import Dispatch
import Synchronization

/// Async work awaited from a blocking thread: a `ScreenGrabber` is called on a backend's queue,
/// while DBusKit is async. The work runs in a task of its own and the calling thread waits on a
/// semaphore, never the other way round: a thread of the cooperative pool must never call this,
/// or the task it waits for could find no thread to run on.
enum BlockingAwait {
    /// The work's result, or nil when it did not finish within `limit` (it is then cancelled and
    /// not waited for).
    static func result<T: Sendable>(within limit: Duration,
                                    _ work: @escaping @Sendable () async throws -> T) -> Result<T, any Error>? {
        let finished = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let task = Task {
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        guard finished.wait(timeout: .now() + .nanoseconds(Self.nanoseconds(limit))) == .success else {
            task.cancel()
            return nil
        }
        return outcome.withLock { $0 }
    }

    /// `duration` in whole nanoseconds, clamped to what `DispatchTime` takes.
    static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = Int(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int.max : whole + Int(attoseconds / 1_000_000_000)
    }
}
