/// A D-Bus value of any type.
///
/// `ay` is always ``bytes(_:)`` when read from a message (it is marshalled as one fixed array, never
/// byte by byte); an ``array(_:_:)`` of `.byte` values is accepted when sending. Arrays and
/// dictionaries carry their element types so that empty ones still have a signature.
///
/// Build values directly, from literals (`"text"`, `42` is `i`, `true`, `1.5`), or from Swift values
/// with ``init(_:)`` (see ``DBusRepresentable``): `DBusValue(["k": DBusValue(1)])` is an `a{sv}`.
public indirect enum DBusValue: Hashable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(DBusObjectPath)
    case signature(DBusSignature)
    case unixFD(DBusFileDescriptor)
    /// `ay`.
    case bytes([UInt8])
    /// `aT`: the element type and the elements.
    case array(DBusType, [DBusValue])
    /// `a{KV}`: key and value types and the entries, in wire order.
    case dictionary(key: DBusType, value: DBusType, [DBusDictEntry])
    /// `(...)`: the fields, at least one.
    case structure([DBusValue])
    /// `v`: any value together with its type.
    case variant(DBusValue)

    /// The value's type as it would be marshalled.
    public var type: DBusType {
        switch self {
        case .byte: .byte
        case .bool: .bool
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .unixFD: .unixFD
        case .bytes: .array(.byte)
        case .array(let element, _): .array(element)
        case .dictionary(let key, let value, _): .dictionary(key: key, value: value)
        case .structure(let fields): .structure(fields.map(\.type))
        case .variant: .variant
        }
    }

    /// The signature of ``type``.
    public var signature: String { type.signature }

    /// Checks that the value can be marshalled: elements match their declared types, dictionary keys are
    /// basic, structs are not empty, strings hold no NUL, and the signature stays within the limits.
    /// Returns the value's type. Throws `InvalidArgs` or `InvalidSignature`.
    @discardableResult
    public func validate() throws -> DBusType {
        let type = try checkedType()
        _ = try DBusSignature(type.signature)
        return type
    }

    private func checkedType() throws -> DBusType {
        switch self {
        case .string(let s):
            if s.utf8.contains(0) { throw DBusError.invalidArgs("a D-Bus string cannot contain NUL") }
            return .string
        case .bytes(let bytes):
            if bytes.count > DBusValue.maxArrayBytes {
                throw DBusError.invalidArgs("array of \(bytes.count) bytes exceeds the 64 MiB D-Bus limit")
            }
            return .array(.byte)
        case .array(let element, let values):
            for v in values {
                let t = try v.checkedType()
                guard t == element else {
                    throw DBusError.invalidArgs("array of '\(element.signature)' holds a '\(t.signature)'")
                }
            }
            return .array(element)
        case .dictionary(let key, let value, let entries):
            guard key.isBasic else {
                throw DBusError.invalidArgs("dictionary key type '\(key.signature)' is not basic")
            }
            for entry in entries {
                let kt = try entry.key.checkedType(), vt = try entry.value.checkedType()
                guard kt == key, vt == value else {
                    throw DBusError.invalidArgs(
                        "dictionary a{\(key.signature)\(value.signature)} holds {\(kt.signature)\(vt.signature)}")
                }
            }
            return .dictionary(key: key, value: value)
        case .structure(let fields):
            guard !fields.isEmpty else { throw DBusError.invalidArgs("a struct needs at least one field") }
            return .structure(try fields.map { try $0.checkedType() })
        case .variant(let inner):
            _ = try inner.validate()
            return .variant
        default:
            return type
        }
    }

    /// The largest array the D-Bus specification allows (64 MiB).
    public static let maxArrayBytes = 64 * 1024 * 1024
}

/// One entry of a D-Bus dictionary.
public struct DBusDictEntry: Hashable, Sendable {
    public var key: DBusValue
    public var value: DBusValue

    public init(key: DBusValue, value: DBusValue) {
        self.key = key
        self.value = value
    }
}

extension DBusValue: CustomStringConvertible {
    /// A compact, GVariant-like rendering for logs and test failures.
    public var description: String {
        switch self {
        case .byte(let v): "byte \(v)"
        case .bool(let v): "\(v)"
        case .int16(let v): "int16 \(v)"
        case .uint16(let v): "uint16 \(v)"
        case .int32(let v): "\(v)"
        case .uint32(let v): "uint32 \(v)"
        case .int64(let v): "int64 \(v)"
        case .uint64(let v): "uint64 \(v)"
        case .double(let v): "\(v)"
        case .string(let v): "\"\(v)\""
        case .objectPath(let v): "objectpath '\(v)'"
        case .signature(let v): "signature '\(v)'"
        case .unixFD(let v): "\(v)"
        case .bytes(let v): v.count <= 16 ? "bytes \(v)" : "bytes[\(v.count)]"
        case .array(_, let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(_, _, let entries):
            "{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .structure(let fields): "(" + fields.map(\.description).joined(separator: ", ") + ")"
        case .variant(let inner): "<\(inner)>"
        }
    }
}
