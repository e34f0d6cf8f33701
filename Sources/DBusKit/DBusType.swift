/// One complete D-Bus type, such as `s`, `a{sv}` or `(iiuu)`.
///
/// A string literal parses as a single complete type and traps when it is not one, which suits the
/// literals in interface descriptions; use ``init(parsing:)`` for text from elsewhere.
public indirect enum DBusType: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    case byte, bool, int16, uint16, int32, uint32, int64, uint64, double
    case string, objectPath, signature, unixFD
    case array(DBusType)
    /// `a{KV}`: a dictionary is an array of dict entries; the key must be a basic type.
    case dictionary(key: DBusType, value: DBusType)
    case structure([DBusType])
    case variant

    /// The type's signature text.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .variant: "v"
        case .array(let element): "a" + element.signature
        case .dictionary(let key, let value): "a{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        }
    }

    public var description: String { signature }

    /// Basic types are the ones allowed as dictionary keys.
    public var isBasic: Bool {
        switch self {
        case .array, .dictionary, .structure, .variant: false
        default: true
        }
    }

    /// Parses exactly one complete type; throws `InvalidSignature` otherwise.
    public init(parsing text: String) throws {
        let types = try DBusSignature(text).types
        guard types.count == 1 else {
            throw DBusError.invalidSignature("'\(text)' is not a single complete type")
        }
        self = types[0]
    }

    public init(stringLiteral value: String) {
        do { try self.init(parsing: value) } catch { preconditionFailure("invalid D-Bus type literal '\(value)'") }
    }
}
