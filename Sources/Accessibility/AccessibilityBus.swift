import DBusKit
import Foundation
import LiveTextCore

/// The accessibility bus (AT-SPI): a bus of its own, beside the session bus, whose address the
/// session bus's `org.a11y.Bus` gives. Its state (`org.a11y.Status`) says whether applications
/// that only publish on request (Firefox, Chromium, Qt outside X11) are asked to.
public enum AccessibilityBus {
    static let busName = "org.a11y.Bus"
    static let busPath: DBusObjectPath = "/org/a11y/bus"
    static let statusInterface = "org.a11y.Status"

    /// The accessibility bus's address, asked of the session bus (`sessionAddress` nil: the
    /// process's own) within `timeout`. Throws `LiveTextError(.unavailable)` naming what is missing.
    public static func address(sessionAddress: String?, timeout: Duration = .milliseconds(500)) async throws -> String {
        let session = try await connectSession(sessionAddress)
        defer { session.close() }
        do {
            let reply = try await session.call(destination: busName, path: busPath, interface: busName,
                                               member: "GetAddress", timeout: timeout)
            guard let address = reply.first?.string, !address.isEmpty else {
                throw LiveTextError(.unavailable, "org.a11y.Bus gave no accessibility bus address")
            }
            return address
        } catch let error as DBusError {
            throw LiveTextError(.unavailable, "no accessibility bus on the session bus (\(error.name)): "
                                + "at-spi2-core's bus launcher does not run")
        }
    }

    /// Whether the bus is there and what it asks of applications; never throws (a missing bus is
    /// an answer).
    public static func status(sessionAddress: String?, timeout: Duration = .milliseconds(500)) async -> AccessibilityStatus {
        guard let session = try? await connectSession(sessionAddress) else {
            return AccessibilityStatus(busAddress: nil, isEnabled: nil, screenReaderEnabled: nil)
        }
        defer { session.close() }
        let address = try? await session.call(destination: busName, path: busPath, interface: busName,
                                              member: "GetAddress", timeout: timeout).first?.string
        async let enabled = flag("IsEnabled", on: session, timeout: timeout)
        async let reader = flag("ScreenReaderEnabled", on: session, timeout: timeout)
        return AccessibilityStatus(busAddress: address, isEnabled: await enabled, screenReaderEnabled: await reader)
    }

    /// Sets `org.a11y.Status` `IsEnabled`: applications that publish only on request start to (the
    /// user's choice, never made silently).
    public static func setEnabled(_ enabled: Bool, sessionAddress: String?, timeout: Duration = .seconds(2)) async throws {
        let session = try await connectSession(sessionAddress)
        defer { session.close() }
        do {
            _ = try await session.call(destination: busName, path: busPath, interface: "org.freedesktop.DBus.Properties",
                                       member: "Set",
                                       arguments: [.string(statusInterface), .string("IsEnabled"), .variant(.bool(enabled))],
                                       timeout: timeout)
        } catch let error as DBusError {
            throw LiveTextError(.unavailable, "cannot set org.a11y.Status IsEnabled: \(error.message.isEmpty ? error.name : error.message)")
        }
    }

    static func sessionAddressFromEnvironment() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
           FileManager.default.fileExists(atPath: runtime + "/bus") {
            return "unix:path=" + runtime + "/bus"
        }
        return nil
    }

    private static func flag(_ name: String, on session: DBusConnection, timeout: Duration) async -> Bool? {
        let reply = try? await session.call(destination: busName, path: busPath, interface: "org.freedesktop.DBus.Properties",
                                            member: "Get", arguments: [.string(statusInterface), .string(name)],
                                            timeout: timeout)
        return reply?.first?.unwrapped.bool
    }

    /// The session bus, within `limit` (a stopped bus never finishes the handshake). Without an
    /// address, the environment's or `$XDG_RUNTIME_DIR/bus`; never libdbus's autolaunch, which
    /// would start a bus of its own for the X display.
    static func connectSession(_ address: String?, within limit: Duration = .seconds(1)) async throws -> DBusConnection {
        guard let address = address ?? sessionAddressFromEnvironment() else {
            throw LiveTextError(.unavailable, "no session bus (DBUS_SESSION_BUS_ADDRESS is not set): the accessibility "
                                + "bus is found through it")
        }
        do {
            return try await DBusConnection.connect(address: address, within: limit)
        } catch {
            throw LiveTextError(.unavailable, "cannot reach the session bus, through which the accessibility bus is found")
        }
    }
}

/// What `livetext desktop` says of accessibility.
public struct AccessibilityStatus: Sendable, Hashable {
    /// The accessibility bus's address; nil: no bus (at-spi2-core's launcher does not run).
    public var busAddress: String?
    /// `org.a11y.Status` `IsEnabled`: applications that publish only on request are asked to.
    public var isEnabled: Bool?
    /// `ScreenReaderEnabled`.
    public var screenReaderEnabled: Bool?

    public init(busAddress: String?, isEnabled: Bool?, screenReaderEnabled: Bool?) {
        self.busAddress = busAddress
        self.isEnabled = isEnabled
        self.screenReaderEnabled = screenReaderEnabled
    }

    public var busPresent: Bool { busAddress != nil }
}
