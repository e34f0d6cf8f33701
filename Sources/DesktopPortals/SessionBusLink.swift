import DBusKit
import LiveTextCore
import Synchronization

/// One connection to the session bus at a given address, made on first use and kept: a daemon
/// asks the desktop's services many times, and each new connection would cost a `Hello` round
/// trip. A connection the bus closed is forgotten, and the next use connects again.
final class SessionBusLink: Sendable {
    let address: String
    private let cached = Mutex<DBusConnection?>(nil)

    init(address: String) {
        self.address = address
    }

    /// The kept connection, or a new one. Throws `unavailable` when the bus cannot be reached.
    func connection() async throws -> DBusConnection {
        if let kept = cached.withLock({ $0 }) { return kept }
        let made: DBusConnection
        do {
            made = try await DBusConnection.connect(address: address)
        } catch let error as DBusError {
            throw LiveTextError(.unavailable, "cannot reach the session bus at \(address): \(error.message.isEmpty ? error.name : error.message)")
        }
        // Two first uses at once keep the same one.
        return cached.withLock { kept in
            if let kept { return kept }
            kept = made
            return made
        }
    }

    /// Drops `connection` when `error` says the bus closed it.
    func forget(_ connection: DBusConnection, after error: any Error) {
        guard (error as? DBusError)?.name == DBusError.Name.disconnected else { return }
        cached.withLock { kept in
            if kept === connection { kept = nil }
        }
    }

    /// Whether `name` has an owner on the bus: one round trip, within `timeout`.
    func hasOwner(_ name: String, timeout: Duration) async throws -> Bool {
        let connection = try await connection()
        do {
            let reply = try await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                  interface: "org.freedesktop.DBus", member: "NameHasOwner",
                                                  arguments: [.string(name)], timeout: timeout)
            return reply.first?.bool == true
        } catch {
            forget(connection, after: error)
            throw error
        }
    }

    /// The user id of the process that owns `name` on the bus, within `timeout`.
    func ownerUser(of name: String, timeout: Duration) async throws -> UInt32? {
        let connection = try await connection()
        let reply = try await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                              interface: "org.freedesktop.DBus", member: "GetConnectionUnixUser",
                                              arguments: [.string(name)], timeout: timeout)
        return reply.first?.uint32
    }
}
