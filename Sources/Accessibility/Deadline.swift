import LiveTextCore
import Synchronization

/// What `work` gives, or a timeout error after `limit`, whichever comes first. Work that cannot
/// be cancelled (libdbus's handshake with a bus that accepts the socket and never answers) goes
/// on alone; what it makes too late is handed to `late` (a connection to close).
func first<T: Sendable>(within limit: Duration, _ what: String, _ work: @escaping @Sendable () async throws -> T,
                        late: @escaping @Sendable (T) -> Void) async throws -> T {
    let race = Race<T>()
    return try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        Task {
            do {
                let value = try await work()
                if !race.finish(.success(value)) { late(value) }
            } catch {
                race.finish(.failure(error))
            }
        }
        Task {
            try? await Task.sleep(for: limit)
            race.finish(.failure(LiveTextError(.unavailable, "\(what) did not answer in time")))
        }
    }
}

/// One continuation, resumed once, by whichever side finishes first.
private final class Race<T: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<T, any Error>?, done: Bool)>((nil, false))

    func start(_ continuation: CheckedContinuation<T, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Resumes with `result` if nothing has yet; true when this was first.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
            guard !state.done else { return nil }
            state.done = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
        return continuation != nil
    }
}
