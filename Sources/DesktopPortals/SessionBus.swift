import DBusKit
import Foundation
import LiveTextCore
import Synchronization

/// The session bus connection a desktop service is reached through, made on first use and kept
/// (the daemon asks the portal for every capture: no connection per request), replaced when the
/// bus dropped it. `address` nil: the process's session bus (`DBUS_SESSION_BUS_ADDRESS`).
final class SessionBus: Sendable {
    let address: String?
    private let kept = Mutex<DBusConnection?>(nil)

    init(address: String?) {
        self.address = address
    }

    func connection() async throws -> DBusConnection {
        if let bus = kept.withLock({ $0 }), bus.isConnected { return bus }
        let bus: DBusConnection
        do {
            if let address { bus = try await DBusConnection.connect(address: address) } else { bus = try await DBusConnection.session() }
        } catch {
            let said = (error as? DBusError).map { $0.message.isEmpty ? $0.name : $0.message } ?? "\(error)"
            throw LiveTextError(.unavailable, "cannot reach the session bus at \(spokenAddress) (\(said)): the desktop's "
                                + "services are asked over it")
        }
        // Two first uses at once keep the same one.
        return kept.withLock { current in
            if let current, current !== bus {
                bus.close()
                return current
            }
            current = bus
            return bus
        }
    }

    /// How messages name the bus: its address, or the variable that gives it.
    var spokenAddress: String { address ?? "$DBUS_SESSION_BUS_ADDRESS" }

    /// Whether `name` has an owner now: one round trip, within `timeout`.
    func isOwned(_ name: String, timeout: Duration = .seconds(2)) async throws -> Bool {
        let bus = try await connection()
        let owned = try await bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                       interface: "org.freedesktop.DBus", member: "NameHasOwner",
                                       arguments: [.string(name)], timeout: timeout)
        return owned.first?.bool == true
    }

    /// The user id of the process that owns `name`, within `timeout`.
    func ownerUser(of name: String, timeout: Duration) async throws -> UInt32? {
        let bus = try await connection()
        let reply = try await bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                       interface: "org.freedesktop.DBus", member: "GetConnectionUnixUser",
                                       arguments: [.string(name)], timeout: timeout)
        return reply.first?.uint32
    }

    /// Drops `connection` when `error` says the bus closed it (the next use connects again).
    func forget(_ connection: DBusConnection, after error: any Error) {
        guard (error as? DBusError)?.name == DBusError.Name.disconnected else { return }
        kept.withLock { if $0 === connection { $0 = nil } }
    }

    /// Whether `name` has an owner now, or can be started by the bus (activatable).
    func hasService(_ name: String) async throws -> Bool {
        if try await isOwned(name) { return true }
        let bus = try await connection()
        let activatable = try await bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                             interface: "org.freedesktop.DBus", member: "ListActivatableNames",
                                             timeout: .seconds(2))
        return activatable.first?.stringArray?.contains(name) == true
    }

    func close() {
        kept.withLock { bus in
            bus?.close()
            bus = nil
        }
    }
}
