import Synchronization

/// The mutable part of a ``NotificationClient``: the cached capabilities and the event streams.
///
/// Shared by the client and its signal tasks, so those never keep the client alive. A `Mutex`
/// rather than an actor because the signal tasks publish synchronously.
final class NotificationClientState: Sendable {
    private struct State {
        var cached: NotificationCapabilities?
        /// Bumped on every change of server, so that a fetch that straddled one is not cached.
        var generation = 0
        var subscribers: [Int: AsyncStream<NotificationEvent>.Continuation] = [:]
        var nextSubscriber = 0
        var finished = false
        /// The unique name that owns `org.freedesktop.Notifications`, as far as known.
        var owner: String?
    }

    private let state = Mutex(State())

    /// The cached capabilities, and the generation a fresh fetch must be stored under.
    func capabilities() -> (NotificationCapabilities?, generation: Int) {
        state.withLock { ($0.cached, $0.generation) }
    }

    /// The server's unique name as last seen.
    var serverOwner: String? {
        get { state.withLock { $0.owner } }
        set { state.withLock { $0.owner = newValue } }
    }

    /// Caches `capabilities` unless the server changed since the fetch began.
    func store(_ capabilities: NotificationCapabilities, generation: Int) {
        state.withLock { state in
            if generation == state.generation { state.cached = capabilities }
        }
    }

    /// A new stream that receives every event from now on; already finished when the client is.
    func subscribe() -> AsyncStream<NotificationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: NotificationEvent.self, bufferingPolicy: .unbounded)
        let id: Int? = state.withLock { state in
            guard !state.finished else { return nil }
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `event` to every stream (in one lock, so all streams see events in the same order).
    func publish(_ event: NotificationEvent) {
        state.withLock { state in
            if event == .serverChanged {
                state.cached = nil
                state.generation += 1
            }
            for continuation in state.subscribers.values { continuation.yield(event) }
        }
    }

    /// Ends every stream; later subscriptions end at once.
    func finish() {
        let ended = state.withLock { state in
            state.finished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in ended { continuation.finish() }
    }
}
