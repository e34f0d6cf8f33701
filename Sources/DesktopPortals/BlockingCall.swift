import Dispatch
import Foundation
import LiveTextCore
import Synchronization

/// Runs async D-Bus work for a caller that must block (a `ScreenGrabber` is asked on a backend's
/// queue): the work runs as a task on the cooperative pool while the calling thread waits, at most
/// until `deadline`, when the task is cancelled and `onDeadline`'s error thrown. The caller's
/// thread is never one of the pool's (the backends' queues are plain dispatch queues), so waiting
/// here cannot starve the task it waits for.
enum BlockingCall {
    static func run<T: Sendable>(within deadline: Duration, onDeadline: @escaping @Sendable () -> LiveTextError,
                                 _ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        let (seconds, attoseconds) = deadline.components
        let wait = DispatchTime.now() + .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        if done.wait(timeout: wait) == .timedOut {
            task.cancel()
            throw onDeadline()
        }
        return try outcome.withLock { $0! }.get()
    }
}
