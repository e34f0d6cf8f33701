/// A validated D-Bus signature: a sequence of complete types, such as `sa{sv}` (possibly empty).
public struct DBusSignature: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The signature text.
    public let rawValue: String
    /// The complete types it consists of, in order.
    public let types: [DBusType]

    /// The limits come from the D-Bus specification; libdbus rejects messages that break them.
    static let maxLength = 255
    static let maxArrayDepth = 32
    static let maxStructDepth = 32

    /// Validates and parses `text`; throws `org.freedesktop.DBus.Error.InvalidSignature`.
    public init(_ text: String) throws {
        guard text.utf8.count <= Self.maxLength else {
            throw DBusError.invalidSignature("signature longer than \(Self.maxLength) bytes")
        }
        var parser = SignatureParser(bytes: Array(text.utf8))
        var types: [DBusType] = []
        while !parser.atEnd {
            types.append(try parser.parseComplete(arrayDepth: 0, structDepth: 0))
        }
        rawValue = text
        self.types = types
    }

    /// Builds the signature of a list of types.
    public init(_ types: [DBusType]) {
        self.types = types
        rawValue = types.map(\.signature).joined()
    }

    public init(stringLiteral value: String) {
        do { try self.init(value) } catch { preconditionFailure("invalid D-Bus signature literal '\(value)'") }
    }

    public var description: String { rawValue }

    /// Whether `text` is a valid signature.
    public static func isValid(_ text: String) -> Bool {
        (try? DBusSignature(text)) != nil
    }
}

/// A recursive-descent parser over signature bytes; depth limits follow the specification.
private struct SignatureParser {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index >= bytes.count }

    mutating func parseComplete(arrayDepth: Int, structDepth: Int) throws -> DBusType {
        guard index < bytes.count else { throw DBusError.invalidSignature("incomplete type") }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .bool
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "h"): return .unixFD
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            guard arrayDepth < DBusSignature.maxArrayDepth else {
                throw DBusError.invalidSignature("arrays nested deeper than \(DBusSignature.maxArrayDepth)")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                index += 1
                let key = try parseComplete(arrayDepth: arrayDepth + 1, structDepth: structDepth + 1)
                guard key.isBasic else { throw DBusError.invalidSignature("dictionary key must be a basic type") }
                let value = try parseComplete(arrayDepth: arrayDepth + 1, structDepth: structDepth + 1)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                    throw DBusError.invalidSignature("dict entry must hold exactly a key and a value")
                }
                index += 1
                return .dictionary(key: key, value: value)
            }
            return .array(try parseComplete(arrayDepth: arrayDepth + 1, structDepth: structDepth))
        case UInt8(ascii: "("):
            guard structDepth < DBusSignature.maxStructDepth else {
                throw DBusError.invalidSignature("structs nested deeper than \(DBusSignature.maxStructDepth)")
            }
            var fields: [DBusType] = []
            while true {
                guard index < bytes.count else { throw DBusError.invalidSignature("unterminated struct") }
                if bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    break
                }
                fields.append(try parseComplete(arrayDepth: arrayDepth, structDepth: structDepth + 1))
            }
            guard !fields.isEmpty else { throw DBusError.invalidSignature("empty struct") }
            return .structure(fields)
        default:
            throw DBusError.invalidSignature("unexpected '\(Character(Unicode.Scalar(c)))' in signature")
        }
    }
}
