import DBusKit
import LiveTextCore

extension LiveTextError {
    /// The D-Bus error reply of PRODUCT.md: `org.livetext.Error.InvalidImage`, ...
    var dbusError: DBusError { DBusError(name: code.dbusName, message: message) }
}

/// Runs `body`, turning livetext's errors into their D-Bus names and anything unexpected into
/// `org.livetext.Error.Failed` (a `DBusError` passes through).
func replying<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as LiveTextError {
        throw error.dbusError
    } catch let error as DBusError {
        throw error
    } catch {
        throw DBusError(name: LiveTextError.Code.failed.dbusName, message: "\(error)")
    }
}

extension DBusError {
    /// The standard name for a caller over its quota.
    static func limitsExceeded(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.LimitsExceeded", message: message)
    }

    static func livetext(_ code: LiveTextError.Code, _ message: String) -> DBusError {
        DBusError(name: code.dbusName, message: message)
    }
}
