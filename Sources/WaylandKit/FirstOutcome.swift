import Synchronization

/// Resumes the task awaiting a blocking call once, with whichever comes first: the thread's
/// result, or cancellation (which may come before the continuation exists).
final class FirstOutcome<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var early: Result<Value, any Error>?
        var resumed = false
    }

    private let state = Mutex(State())

    func attach(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            guard let early = state.early else {
                state.continuation = continuation
                return nil
            }
            state.resumed = true
            return early
        }
        if let early { continuation.resume(with: early) }
    }

    /// The first result wins; later ones are dropped.
    func resolve(_ result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard !state.resumed else { return nil }
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = result }
                return nil
            }
            state.resumed = true
            state.continuation = nil
            return continuation
        }
        waiting?.resume(with: result)
    }
}
