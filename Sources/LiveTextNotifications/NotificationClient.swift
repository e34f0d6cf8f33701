import DBusKit
import LiveTextCore

/// A client of the desktop notification server (`org.freedesktop.Notifications` on the session
/// bus): posts and closes notifications and reports what the user did with them.
///
/// Keep one client, on one connection, for as long as its notifications may be clicked: some
/// servers (GNOME Shell, dunst) send `ActionInvoked` only to the connection that called `Notify`.
/// The client holds its connection; ``stop()`` or releasing the client ends its event streams.
///
/// When the server leaves the bus or another one takes the name, the client drops its cached
/// capabilities and reports ``NotificationEvent/serverChanged``: ids from the old server mean
/// nothing to the new one (dunst, for one, starts counting again).
///
/// Only signals from the connection that owns the server's name count as events; one sent to
/// this client directly by anyone else is dropped.
///
/// Calls time out after `callTimeout` (3 s by default, not libdbus's 25 s). With no server on the
/// bus, every call throws `LiveTextError` `.unavailable` at once.
///
/// ```swift
/// let client = try await NotificationClient.session()
/// let events = client.events()
/// let id = try await client.notify(NotificationRequest(summary: "Copied", body: "3 lines"))
/// for await event in events { if case .actionInvoked(id, let key) = event { … } }
/// ```
public final class NotificationClient: Sendable {
    /// The server's well-known bus name.
    public static let serviceName = "org.freedesktop.Notifications"
    /// The server's object.
    public static let objectPath: DBusObjectPath = "/org/freedesktop/Notifications"
    /// The server's interface.
    public static let interfaceName = "org.freedesktop.Notifications"
    /// The default time a call may take.
    public static let defaultCallTimeout: Duration = .seconds(3)

    /// The connection every call and signal goes through.
    public let connection: DBusConnection
    /// How long a call to the server may take before it counts as unavailable.
    public let callTimeout: Duration
    private let state = NotificationClientState()
    private let watchers: [Task<Void, Never>]

    /// A client on `connection`, watching the server's signals and its name from now on.
    public init(connection: DBusConnection, callTimeout: Duration = NotificationClient.defaultCallTimeout) async throws {
        self.connection = connection
        self.callTimeout = callTimeout
        let serverSignals: AsyncStream<DBusIncomingSignal>
        let ownerChanges: AsyncStream<DBusIncomingSignal>
        do {
            // The bus matches a well-known sender against the name's current owner.
            serverSignals = try await connection.signals(matching: DBusMatchRule(
                sender: Self.serviceName, interface: Self.interfaceName, path: Self.objectPath))
            ownerChanges = try await connection.signals(matching: .nameOwnerChanged(name: Self.serviceName))
        } catch let error as DBusError {
            throw LiveTextError(.unavailable, "cannot watch the notification server: \(error)")
        }
        let state = self.state
        state.serverOwner = await Self.currentOwner(on: connection, timeout: callTimeout)
        watchers = [
            Task {
                for await signal in serverSignals {
                    // The bus routes broadcasts by the name's owner, but a signal sent to this
                    // connection directly arrives from anyone: only the server's count.
                    if signal.sender != state.serverOwner {
                        state.serverOwner = await Self.currentOwner(on: connection, timeout: callTimeout)
                        guard signal.sender == state.serverOwner else { continue }
                    }
                    if let event = NotificationEvent(signal) { state.publish(event) }
                }
                state.finish()  // the connection closed, or the client stopped
            },
            Task {
                for await signal in ownerChanges {
                    if let change = NameOwnerChange(signal), change.oldOwner != change.newOwner {
                        state.serverOwner = change.newOwner
                        state.publish(.serverChanged)
                    }
                }
                state.finish()
            },
        ]
    }

    /// The unique name owning the server's name now; `nil` when none does (or the bus did not say).
    private static func currentOwner(on connection: DBusConnection, timeout: Duration) async -> String? {
        let reply = try? await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                               interface: "org.freedesktop.DBus", member: "GetNameOwner",
                                               arguments: [.string(serviceName)], timeout: timeout)
        return reply?.first?.string
    }

    /// A client on a new connection to the session bus. Throws `.unavailable` when there is no
    /// session bus.
    public static func session(callTimeout: Duration = NotificationClient.defaultCallTimeout) async throws
        -> NotificationClient
    {
        let connection: DBusConnection
        do {
            connection = try await DBusConnection.session()
        } catch let error as DBusError {
            throw LiveTextError(.unavailable, "cannot connect to the session bus for notifications: \(error.message)")
        }
        return try await NotificationClient(connection: connection, callTimeout: callTimeout)
    }

    deinit {
        for watcher in watchers { watcher.cancel() }
        state.finish()
    }

    /// Ends the event streams and stops watching the server. The connection stays open.
    public func stop() {
        for watcher in watchers { watcher.cancel() }
        state.finish()
    }

    /// A new stream of everything the server reports from now on, ending when the client stops or
    /// the connection closes. Every stream sees every event, in the same order.
    public func events() -> AsyncStream<NotificationEvent> {
        state.subscribe()
    }

    /// The server's capabilities and identity, fetched once and cached until the server changes.
    public func capabilities() async throws -> NotificationCapabilities {
        let (cached, generation) = state.capabilities()
        if let cached { return cached }
        async let names = call("GetCapabilities")
        async let information = call("GetServerInformation")
        let (nameValues, info) = try await (names, information)
        guard let list = nameValues.first?.stringArray else {
            throw LiveTextError(.failed, "the notification server answered GetCapabilities with \(nameValues)")
        }
        let texts = info.compactMap(\.string)
        guard info.count == 4, texts.count == 4 else {
            throw LiveTextError(.failed, "the notification server answered GetServerInformation with \(info)")
        }
        let capabilities = NotificationCapabilities(names: Set(list), serverName: texts[0], vendor: texts[1],
                                                    version: texts[2], specVersion: texts[3])
        state.store(capabilities, generation: generation)
        return capabilities
    }

    /// Posts a notification and returns the id the server gave it (the same as `replacesId` when that
    /// one still existed). Throws `.invalidArgs` for a request that fails ``NotificationRequest/validate()``.
    public func notify(_ request: NotificationRequest) async throws -> UInt32 {
        try request.validate()
        let reply = try await call("Notify", request.arguments)
        guard reply.count == 1, let id = reply[0].uint32 else {
            throw LiveTextError(.failed, "the notification server answered Notify with \(reply)")
        }
        return id
    }

    /// Asks the server to close notification `id`. Returns `false` when the server refused (the
    /// specification has it answer an unknown or closed id with an error); throws only when there is
    /// no server.
    @discardableResult
    public func close(_ id: UInt32) async throws -> Bool {
        do {
            _ = try await call("CloseNotification", [.uint32(id)])
            return true
        } catch let error as LiveTextError where error.code == .failed {
            return false
        }
    }

    /// Calls `member` on the server, turning D-Bus errors into `LiveTextError`s.
    private func call(_ member: String, _ arguments: [DBusValue] = []) async throws -> [DBusValue] {
        do {
            return try await connection.call(destination: Self.serviceName, path: Self.objectPath,
                                             interface: Self.interfaceName, member: member, arguments: arguments,
                                             timeout: callTimeout)
        } catch let error as DBusError {
            throw Self.translate(error, member: member, timeout: callTimeout)
        }
    }

    /// The `LiveTextError` for a failed call.
    static func translate(_ error: DBusError, member: String, timeout: Duration) -> LiveTextError {
        switch error.name {
        case DBusError.Name.serviceUnknown, "org.freedesktop.DBus.Error.NameHasNoOwner":
            return LiveTextError(.unavailable, "no notification server on the session bus (\(serviceName))")
        case _ where error.name.hasPrefix("org.freedesktop.DBus.Error.Spawn."):
            return LiveTextError(.unavailable, "the notification server (\(serviceName)) could not be started: \(error)")
        case DBusError.Name.noReply, DBusError.Name.timeout:
            return LiveTextError(.unavailable,
                                 "the notification server (\(serviceName)) did not answer \(member) within \(timeout)")
        case DBusError.Name.disconnected:
            return LiveTextError(.unavailable, "the session bus connection for notifications is closed")
        case DBusError.Name.invalidArgs where error.message.isEmpty == false && member == "Notify":
            return LiveTextError(.invalidArgs, "the notification was refused: \(error.message)")
        default:
            return LiveTextError(.failed, "the notification server failed \(member): \(error)")
        }
    }
}
