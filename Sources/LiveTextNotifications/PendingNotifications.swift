/// What ``PendingNotifications`` did with one event from the server, for the caller's log.
public enum PendingOutcome: Sendable, Hashable {
    /// The handler of notification `id` ran with `key`.
    case performed(id: UInt32, key: String)
    /// An action for a notification that is not (or no longer) remembered: closed, already
    /// acted on, dropped for room, from before a server change, or never shown by this holder.
    case staleId(id: UInt32, key: String)
    /// An action key the notification never offered.
    case unknownKey(id: UInt32, key: String)
    /// Notification `id` closed; `wasPending` says whether it was still remembered.
    case closed(id: UInt32, reason: NotificationCloseReason, wasPending: Bool)
    /// The server changed and `forgotten` remembered notifications were dropped.
    case serverChanged(forgotten: Int)
    /// Notification `id` was dropped to stay within the capacity.
    case evicted(id: UInt32)
}

/// Notifications shown with a handler for their actions: when the user picks an action, its
/// handler runs once with the action's key.
///
/// Remembers up to `capacity` notifications (the oldest are dropped first). A notification is
/// forgotten once its handler ran (unless it was posted `resident`), when it closes, and, all of
/// them, when the server changes. An action for a forgotten id or a key the notification did not
/// offer is ignored and reported. Servers that send `ActionInvoked` and then `NotificationClosed`
/// run the handler once; an action arriving after `NotificationClosed` is stale (the
/// specification makes the id invalid once closed).
///
/// Events are handled one at a time, in order; a handler is awaited before the next event, so
/// keep handlers short. ``stop()`` or releasing the object ends the event loop.
///
/// ```swift
/// let pending = PendingNotifications(client: client) { outcome in log.debug("\(outcome)") }
/// try await pending.show(request) { key in if key == "copy" { await copy(payload) } }
/// ```
public final class PendingNotifications: Sendable {
    /// The client the notifications are posted with.
    public let client: NotificationClient
    private let registry: PendingRegistry
    private let loop: Task<Void, Never>

    /// Starts handling `client`'s events at once. `report` receives the outcome of every event
    /// that concerned this holder (after any handler it ran returned).
    public init(client: NotificationClient, capacity: Int = 64,
                report: @escaping @Sendable (PendingOutcome) -> Void = { _ in }) {
        self.client = client
        let registry = PendingRegistry(capacity: max(1, capacity), report: report)
        self.registry = registry
        let events = client.events()  // subscribed now, so nothing posted later can be missed
        loop = Task {
            for await event in events {
                await registry.handle(event)
            }
        }
    }

    deinit { loop.cancel() }

    /// Ends the event loop; notifications shown afterwards are still posted but never acted on.
    public func stop() {
        loop.cancel()
    }

    /// Posts `request` and remembers `handler` for its actions. Returns the notification's id.
    @discardableResult
    public func show(_ request: NotificationRequest, handler: @escaping @Sendable (String) async -> Void)
        async throws -> UInt32
    {
        let id = try await client.notify(request)
        await registry.remember(id: id, keys: Set(request.actionKeys), resident: request.resident, handler: handler)
        return id
    }

    /// Whether notification `id` is remembered.
    public func isPending(_ id: UInt32) async -> Bool {
        await registry.contains(id)
    }

    /// How many notifications are remembered.
    public var count: Int {
        get async { await registry.count }
    }
}

/// The remembered notifications, in the order they were shown.
actor PendingRegistry {
    private struct Entry {
        let keys: Set<String>
        let resident: Bool
        let handler: @Sendable (String) async -> Void
    }

    private let capacity: Int
    private let report: @Sendable (PendingOutcome) -> Void
    private var entries: [UInt32: Entry] = [:]
    /// Ids oldest first; every id in `entries` appears once.
    private var order: [UInt32] = []

    init(capacity: Int, report: @escaping @Sendable (PendingOutcome) -> Void) {
        self.capacity = capacity
        self.report = report
    }

    var count: Int { entries.count }

    func contains(_ id: UInt32) -> Bool { entries[id] != nil }

    func remember(id: UInt32, keys: Set<String>, resident: Bool, handler: @escaping @Sendable (String) async -> Void) {
        // A replaced notification keeps its id: the new actions and handler take over.
        if entries[id] != nil { order.removeAll { $0 == id } }
        entries[id] = Entry(keys: keys, resident: resident, handler: handler)
        order.append(id)
        while order.count > capacity {
            let oldest = order.removeFirst()
            entries[oldest] = nil
            report(.evicted(id: oldest))
        }
    }

    func handle(_ event: NotificationEvent) async {
        switch event {
        case .actionInvoked(let id, let key):
            guard let entry = entries[id] else {
                report(.staleId(id: id, key: key))
                return
            }
            guard entry.keys.contains(key) else {
                report(.unknownKey(id: id, key: key))
                return
            }
            // Forgotten before the handler runs, so that a repeated signal cannot run it twice.
            if !entry.resident { forget(id) }
            await entry.handler(key)
            report(.performed(id: id, key: key))
        case .closed(let id, let reason):
            let wasPending = entries[id] != nil
            forget(id)
            report(.closed(id: id, reason: reason, wasPending: wasPending))
        case .serverChanged:
            let forgotten = entries.count
            entries = [:]
            order = []
            report(.serverChanged(forgotten: forgotten))
        case .activationToken:
            break
        }
    }

    private func forget(_ id: UInt32) {
        guard entries.removeValue(forKey: id) != nil else { return }
        order.removeAll { $0 == id }
    }
}
