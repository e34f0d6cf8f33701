/// A D-Bus error: a name such as `org.livetext.Error.InvalidImage` and a human-readable message.
///
/// Thrown by calls whose reply is an error, and by DBusKit itself (with the standard names below).
/// Thrown from a method handler, it becomes the error reply with exactly this name and message.
public struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error name, e.g. `org.freedesktop.DBus.Error.InvalidArgs`.
    public var name: String
    /// The message sent with the error (the first argument of the error reply).
    public var message: String

    public init(name: String, message: String = "") {
        self.name = name
        self.message = message
    }

    public var description: String { message.isEmpty ? name : "\(name): \(message)" }

    /// Standard error names from the D-Bus specification.
    public enum Name {
        public static let failed = "org.freedesktop.DBus.Error.Failed"
        public static let noMemory = "org.freedesktop.DBus.Error.NoMemory"
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
        public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        public static let invalidSignature = "org.freedesktop.DBus.Error.InvalidSignature"
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        public static let notSupported = "org.freedesktop.DBus.Error.NotSupported"
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        public static let timeout = "org.freedesktop.DBus.Error.Timeout"
    }

    public static func failed(_ message: String) -> DBusError { DBusError(name: Name.failed, message: message) }
    public static func invalidArgs(_ message: String) -> DBusError { DBusError(name: Name.invalidArgs, message: message) }
    public static func invalidSignature(_ message: String) -> DBusError {
        DBusError(name: Name.invalidSignature, message: message)
    }
    public static func disconnected(_ message: String = "the connection is closed") -> DBusError {
        DBusError(name: Name.disconnected, message: message)
    }
    static let noMemory = DBusError(name: Name.noMemory, message: "libdbus ran out of memory")

    /// How many Unicode scalars of a message an error reply carries at most.
    public static let maxSentMessageScalars = 600

    /// `message` as an error reply carries it: a message over `maxSentMessageScalars` keeps its start
    /// and its end (where a hint usually is) and says how much was left out between. Messages quote
    /// what the caller sent (a format, an id, a path); a caller's 10 MB must not come back to it.
    public static func sendable(_ message: String) -> String {
        let scalars = message.unicodeScalars
        guard scalars.count > maxSentMessageScalars else { return message }
        let head = 300, tail = 200
        var cut = String.UnicodeScalarView(scalars.prefix(head))
        cut.append(contentsOf: "…[\(scalars.count - head - tail) characters left out]…".unicodeScalars)
        cut.append(contentsOf: scalars.suffix(tail))
        return String(cut)
    }
}
