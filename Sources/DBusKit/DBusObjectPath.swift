/// A validated object path such as `/org/livetext/analysis/3`.
///
/// Rules (D-Bus specification): starts with `/`; elements of `[A-Za-z0-9_]`, never empty; no trailing
/// `/` except for the root path itself.
public struct DBusObjectPath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path text.
    public let rawValue: String

    /// The root path `/`.
    public static let root = DBusObjectPath(unchecked: "/")

    /// Validates `text`; throws `org.freedesktop.DBus.Error.InvalidArgs` when it is not an object path.
    public init(_ text: String) throws {
        guard Self.isValid(text) else { throw DBusError.invalidArgs("'\(text)' is not a valid object path") }
        rawValue = text
    }

    init(unchecked text: String) { rawValue = text }

    public init(stringLiteral value: String) {
        precondition(Self.isValid(value), "invalid D-Bus object path literal '\(value)'")
        rawValue = value
    }

    /// Whether `text` follows the object path syntax.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previousWasSlash = true
        for b in bytes.dropFirst() {
            if b == UInt8(ascii: "/") {
                if previousWasSlash { return false }
                previousWasSlash = true
            } else {
                let ok = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
                if !ok { return false }
                previousWasSlash = false
            }
        }
        return true
    }

    /// The path's elements (`[]` for the root).
    public var elements: [Substring] {
        rawValue.split(separator: "/")
    }

    /// A child path: `/org/livetext` + `analysis` → `/org/livetext/analysis`.
    /// Throws when `element` is not a valid path element.
    public func appending(_ element: String) throws -> DBusObjectPath {
        guard !element.contains("/") else { throw DBusError.invalidArgs("'\(element)' is not a path element") }
        return try DBusObjectPath(rawValue == "/" ? "/" + element : rawValue + "/" + element)
    }

    /// Whether `self` is `other` or lies below it.
    public func isDescendant(of other: DBusObjectPath) -> Bool {
        if other.rawValue == "/" { return true }
        return rawValue == other.rawValue || rawValue.hasPrefix(other.rawValue + "/")
    }

    public var description: String { rawValue }

    public static func < (lhs: DBusObjectPath, rhs: DBusObjectPath) -> Bool { lhs.rawValue < rhs.rawValue }
}
