import Foundation
import Synchronization

/// Blocking work on a thread of its own, for the awaiting task: a clipboard read on its own
/// connection, whose owner may answer slowly, must hold up no shared lane or queue. Cancelling
/// the task calls `onCancel` (which tells the work to stop) and throws `cancelled` at once; the
/// thread finishes in the background and its late result is dropped.
public enum ThreadOfItsOwn {
    public static func run<Value: Sendable>(named name: String, onCancel: @escaping @Sendable () -> Void,
                                            _ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        let outcome = FirstOutcome<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.attach(continuation)
                let thread = Thread { outcome.resolve(Result { try body() }) }
                thread.name = name
                thread.start()
            }
        } onCancel: {
            onCancel()
            outcome.resolve(.failure(LiveTextError.cancelled))
        }
    }
}

/// Resumes the awaiting task once, with whichever comes first: the thread's result, or
/// cancellation (which may come before the continuation exists).
private final class FirstOutcome<Value: Sendable>: Sendable {
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
