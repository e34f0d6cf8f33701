import Foundation

/// A value behind a lock that a thread may block on until the value is what it waits for:
/// `Mutex` with waiting, for the few threads that truly block (an OCR engine waiting for the
/// strips other engines lay out, a caller on a blocking thread waiting for an X event loop's
/// answer). Every `withLock` wakes the waiters to look again. Async code never blocks here: it
/// uses `Mutex` with continuations, or an actor.
// `@unchecked Sendable`: `value` is only reached under `condition`, and holds Sendable values.
public final class WaitableMutex<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value under the lock, then wakes the waiters.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Blocks until `isReady` holds, then runs `body` in the same hold of the lock (and wakes the
    /// waiters).
    public func wait<Result>(until isReady: (Value) -> Bool, then body: (inout Value) throws -> Result) rethrows
        -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !isReady(value) { condition.wait() }
        return try body(&value)
    }

    /// Blocks until `isReady` holds or `deadline` passes; runs `body` either way, in the same
    /// hold of the lock, and says whether `isReady` held.
    public func wait<Result>(until isReady: (Value) -> Bool, deadline: Date,
                             then body: (inout Value, _ ready: Bool) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !isReady(value), condition.wait(until: deadline) {}
        return try body(&value, isReady(value))
    }
}
