import DBusKit
import LiveTextCore

/// The service's side of `LiveTextError`, the one place errors meet D-Bus: the
/// `org.livetext.Error.*` names of PRODUCT.md, and the option or settings key that cures an error
/// added to its message. A D-Bus caller never reads a command-line flag.
extension LiveTextError.Code {
    private static let prefix = "org.livetext.Error."

    /// The last part of the D-Bus error name, e.g. `InvalidImage`.
    private var dbusSuffix: String {
        switch self {
        case .invalidArgs: "InvalidArgs"
        case .invalidImage: "InvalidImage"
        case .tooLarge: "TooLarge"
        case .notFound: "NotFound"
        case .cancelled: "Cancelled"
        case .unavailable: "Unavailable"
        case .accessDenied: "AccessDenied"
        case .failed: "Failed"
        }
    }

    /// The D-Bus error name, e.g. `org.livetext.Error.InvalidImage`.
    public var dbusName: String { Self.prefix + dbusSuffix }

    /// The code a D-Bus error name stands for (`org.livetext.Error.NotFound` → `.notFound`): how
    /// the CLI, as the daemon's client, reads its replies.
    public init?(dbusName: String) {
        guard let code = Self.allCases.first(where: { $0.dbusName == dbusName }) else { return nil }
        self = code
    }
}

extension LiveTextError {
    /// The message a D-Bus caller reads: what happened, and the settings key or option that cures it.
    public var dbusMessage: String {
        switch remedy {
        case .raisePixelLimit: message + " (limits.max_pixels in the settings raises it)"
        case .nameLanguages: message + " (e.g. the option languages [\"eng\", \"deu\"])"
        case nil: message
        }
    }

    /// The D-Bus error reply of PRODUCT.md: `org.livetext.Error.InvalidImage`, ...
    public var dbusError: DBusError { DBusError(name: code.dbusName, message: dbusMessage) }
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
        throw DBusError.livetext(.failed, "\(error)")
    }
}

extension DBusError {
    /// The standard name for a caller over its quota.
    static func limitsExceeded(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.LimitsExceeded", message: message)
    }

    static func livetext(_ code: LiveTextError.Code, _ message: String) -> DBusError {
        LiveTextError(code, message).dbusError
    }
}
