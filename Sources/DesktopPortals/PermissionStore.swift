import DBusKit
import LiveTextCore

/// xdg-desktop-portal's permission store (`org.freedesktop.impl.portal.PermissionStore`), where
/// GNOME keeps whether programs without an app id (host programs such as livetext) may take
/// screenshots without asking: table `screenshot`, id `screenshot`, app "" → `yes` or `no`.
public struct PermissionStore: Sendable {
    static let name = "org.freedesktop.impl.portal.PermissionStore"
    static let path: DBusObjectPath = "/org/freedesktop/impl/portal/PermissionStore"
    static let interface = "org.freedesktop.impl.portal.PermissionStore"

    /// What the store says for host programs (app id ""): `yes`, `no`, or nil when nothing is stored.
    public enum Screenshots: String, Sendable { case yes, no }

    private let bus: SessionBus

    /// `busAddress`: the session bus (nil: the process's own).
    public init(busAddress: String? = nil) {
        bus = SessionBus(address: busAddress)
    }

    /// Whether host programs may take screenshots without a dialog, as stored.
    public func screenshots() throws -> Screenshots? {
        try BlockingCall.run(within: .seconds(5), onDeadline: Self.silent) { [bus] in
            let connection = try await bus.connection()
            defer { bus.close() }
            return try await Self.screenshots(on: connection)
        }
    }

    /// What the store says for host programs, asked on `connection`.
    static func screenshots(on connection: DBusConnection) async throws -> Screenshots? {
        do {
            let reply = try await connection.call(destination: name, path: path, interface: interface,
                                                  member: "Lookup", arguments: ["screenshot", "screenshot"],
                                                  timeout: .seconds(4))
            let apps = reply.first?.dictionaryEntries ?? []
            let host = apps.first { $0.key.string == "" }?.value.stringArray?.first
            return host.flatMap(Screenshots.init(rawValue:))
        } catch let error as DBusError where error.name == "org.freedesktop.portal.Error.NotFound" {
            return nil
        } catch let error as DBusError {
            throw unreachable(error)
        }
    }

    /// Stores `value` for host programs: `yes` lets the Screenshot portal answer at once.
    public func setScreenshots(_ value: Screenshots) throws {
        try BlockingCall.run(within: .seconds(5), onDeadline: Self.silent) { [bus] in
            let connection = try await bus.connection()
            defer { bus.close() }
            do {
                _ = try await connection.call(destination: Self.name, path: Self.path, interface: Self.interface,
                                              member: "SetPermission",
                                              arguments: ["screenshot", true, "screenshot", "", .strings([value.rawValue])],
                                              timeout: .seconds(4))
            } catch let error as DBusError {
                throw Self.unreachable(error)
            }
        }
    }

    private static func unreachable(_ error: DBusError) -> LiveTextError {
        LiveTextError(.unavailable, "the portal's permission store (xdg-permission-store) failed: \(error.name): "
                      + "\(error.message); install xdg-desktop-portal, which provides it")
    }

    private static let silent: @Sendable () -> LiveTextError = {
        LiveTextError(.unavailable, "the portal's permission store did not answer within 5 s")
    }
}
