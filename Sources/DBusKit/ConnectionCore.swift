import CDBus
import Dispatch

/// The state behind a ``DBusConnection``. Everything that touches libdbus runs on `queue`: one serial
/// queue owns the connection, driven by libdbus's watch and timeout callbacks through dispatch
/// sources, so no thread ever sits in a blocking dispatch loop (which would stall sends from others).
///
/// `@unchecked Sendable`: the libdbus connection and every mutable property below are only
/// touched on `queue`, except `objects` (a `Mutex` of its own) and the `let`s set before the core
/// is published.
final class ConnectionCore: @unchecked Sendable {
    let queue: DispatchQueue
    let objects = ObjectRegistry()

    // Set once in `open`, before any other thread sees the core.
    private(set) var uniqueName = ""
    private(set) var canSendFileDescriptors = false

    // Queue-confined state.
    var raw: OpaquePointer?
    var connected = false
    var watches: [OpaquePointer: WatchSources] = [:]
    var timers: [OpaquePointer: DispatchSourceTimer] = [:]
    var pendingCalls: [UInt64: PendingCall] = [:]
    var subscriptions: [UInt64: Subscription] = [:]
    var disconnectWaiters: [CheckedContinuation<Void, Never>] = []
    var nextID: UInt64 = 1
    var dispatchScheduled = false

    /// Marks the queue, so that a libdbus callback can tell whether it runs on it. A token rather than
    /// the core itself, because the queue retains the value.
    static let queueKey = DispatchSpecificKey<QueueToken>()
    let queueToken = QueueToken()

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.queueKey, value: queueToken)
    }

    enum Endpoint: Sendable {
        case session, system
        case address(String)
    }

    /// Connects, authenticates and says `Hello`, on the queue. These libdbus calls block, which is
    /// harmless here: nothing else can use the connection before it exists.
    static func connect(_ endpoint: Endpoint) async throws -> ConnectionCore {
        Threads.initialize()
        let core = ConnectionCore(label: "DBusKit.connection")
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            core.queue.async {
                do {
                    try core.open(endpoint)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        return core
    }

    private func open(_ endpoint: Endpoint) throws {
        dispatchPrecondition(condition: .onQueue(queue))
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        var connection: OpaquePointer?
        switch endpoint {
        case .session: connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error)
        case .system: connection = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error)
        case .address(let address):
            connection = dbus_connection_open_private(address, &error)
            if let opened = connection, dbus_bus_register(opened, &error) == 0 {
                dbus_connection_close(opened)
                dbus_connection_unref(opened)
                connection = nil
            }
        }
        guard let connection else {
            if dbus_error_is_set(&error) != 0 {
                throw DBusError(name: String(cString: error.name), message: String(cString: error.message))
            }
            throw DBusError.disconnected("cannot connect to the bus")
        }
        // dbus_bus_get_private sets exit-on-disconnect, which would kill the whole process.
        dbus_connection_set_exit_on_disconnect(connection, 0)
        raw = connection
        connected = true
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        canSendFileDescriptors = dbus_connection_can_send_type(connection, cdbus_type_unix_fd()) != 0
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard dbus_connection_add_filter(connection, filterCallback, me, nil) != 0 else { throw DBusError.noMemory }
        try installMainLoop()
        scheduleDispatch()
    }

    /// Closes the connection (flushing what is queued) and fails whatever still waits on it.
    func close() {
        queue.async { self.closeOnQueue() }
    }

    func closeOnQueue() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let connection = raw else { return }
        if connected { dbus_connection_flush(connection) }
        connected = false
        dbus_connection_close(connection)
        let me = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_remove_filter(connection, filterCallback, me)
        removeMainLoop()
        raw = nil
        failEverything()
        dbus_connection_unref(connection)
    }

    /// The bus went away (or we closed): nothing pending will ever be answered.
    func failEverything() {
        for (_, call) in pendingCalls {
            dbus_pending_call_cancel(call.pending)
            dbus_pending_call_unref(call.pending)
            call.continuation.resume(throwing: DBusError.disconnected())
        }
        pendingCalls.removeAll()
        for (_, subscription) in subscriptions { subscription.continuation.finish() }
        subscriptions.removeAll()
        for waiter in disconnectWaiters { waiter.resume() }
        disconnectWaiters.removeAll()
    }

    /// Queues a message for sending; does nothing once the connection is gone (e.g. a late reply).
    func send(_ message: Message) {
        queue.async {
            guard self.connected, let connection = self.raw else { return }
            _ = dbus_connection_send(connection, message.raw, nil)
        }
    }

    /// Whether the bus still holds this connection (read on the queue: never call it from there).
    var isConnected: Bool {
        dispatchPrecondition(condition: .notOnQueue(queue))
        return queue.sync { connected }
    }

    func waitForDisconnect() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                if self.connected { self.disconnectWaiters.append(continuation) } else { continuation.resume() }
            }
        }
    }

    func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: Incoming messages

    fileprivate func handle(_ rawMessage: OpaquePointer) -> DBusHandlerResult {
        let message = Message(retaining: rawMessage)
        switch message.type {
        case DBUS_MESSAGE_TYPE_METHOD_CALL:
            dispatchMethodCall(message)
            return DBUS_HANDLER_RESULT_HANDLED
        case DBUS_MESSAGE_TYPE_SIGNAL:
            if message.interface == "org.freedesktop.DBus.Local", message.member == "Disconnected" {
                connected = false
                failEverything()
                return DBUS_HANDLER_RESULT_HANDLED
            }
            deliverSignal(message)
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        default:
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
    }
}

private let filterCallback: DBusHandleMessageFunction = { _, message, data in
    guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
    return Unmanaged<ConnectionCore>.fromOpaque(data).takeUnretainedValue().handle(message)
}

/// libdbus must know that it is used from several threads (messages are built and freed off the bus
/// queue), and this has to happen before the first connection.
enum Threads {
    private static let once: Bool = {
        _ = dbus_threads_init_default()
        return true
    }()

    static func initialize() { _ = once }
}

/// Identifies a connection's queue (see `ConnectionCore.queueKey`).
final class QueueToken: Sendable {}
