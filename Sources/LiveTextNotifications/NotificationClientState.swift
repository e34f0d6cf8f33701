import Foundation

/// The mutable part of a ``NotificationClient``: the cached capabilities and the event streams.
///
/// Shared by the client and its signal tasks, so those never keep the client alive. A class with a
/// lock because the signal tasks publish synchronously; `@unchecked Sendable` as every stored
/// property is guarded by `lock`.
final class NotificationClientState: @unchecked Sendable {
    private let lock = NSLock()
    private var cached: NotificationCapabilities?
    /// Bumped on every change of server, so that a fetch that straddled one is not cached.
    private var generation = 0
    private var subscribers: [Int: AsyncStream<NotificationEvent>.Continuation] = [:]
    private var nextSubscriber = 0
    private var finished = false
    /// The unique name that owns `org.freedesktop.Notifications`, as far as known.
    private var owner: String?

    /// The cached capabilities, and the generation a fresh fetch must be stored under.
    func capabilities() -> (NotificationCapabilities?, generation: Int) {
        lock.withLock { (cached, generation) }
    }

    /// The server's unique name as last seen.
    var serverOwner: String? {
        get { lock.withLock { owner } }
        set { lock.withLock { owner = newValue } }
    }

    /// Caches `capabilities` unless the server changed since the fetch began.
    func store(_ capabilities: NotificationCapabilities, generation: Int) {
        lock.withLock {
            if generation == self.generation { cached = capabilities }
        }
    }

    /// A new stream that receives every event from now on; already finished when the client is.
    func subscribe() -> AsyncStream<NotificationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: NotificationEvent.self, bufferingPolicy: .unbounded)
        let id: Int? = lock.withLock {
            guard !finished else { return nil }
            nextSubscriber += 1
            subscribers[nextSubscriber] = continuation
            return nextSubscriber
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `event` to every stream (in one lock, so all streams see events in the same order).
    func publish(_ event: NotificationEvent) {
        lock.withLock {
            if event == .serverChanged {
                cached = nil
                generation += 1
            }
            for continuation in subscribers.values { continuation.yield(event) }
        }
    }

    /// Ends every stream; later subscriptions end at once.
    func finish() {
        let ended: [AsyncStream<NotificationEvent>.Continuation] = lock.withLock {
            finished = true
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        for continuation in ended { continuation.finish() }
    }
}
