// Typed accessors: each returns the payload when the value has exactly that type, `nil` otherwise.
// They never look through a variant, except the `vardict`, `subscript` and `unwrapped` helpers.
extension DBusValue {
    public var byte: UInt8? { if case .byte(let v) = self { v } else { nil } }
    public var bool: Bool? { if case .bool(let v) = self { v } else { nil } }
    public var int16: Int16? { if case .int16(let v) = self { v } else { nil } }
    public var uint16: UInt16? { if case .uint16(let v) = self { v } else { nil } }
    public var int32: Int32? { if case .int32(let v) = self { v } else { nil } }
    public var uint32: UInt32? { if case .uint32(let v) = self { v } else { nil } }
    public var int64: Int64? { if case .int64(let v) = self { v } else { nil } }
    public var uint64: UInt64? { if case .uint64(let v) = self { v } else { nil } }
    public var double: Double? { if case .double(let v) = self { v } else { nil } }
    public var string: String? { if case .string(let v) = self { v } else { nil } }
    public var objectPath: DBusObjectPath? { if case .objectPath(let v) = self { v } else { nil } }
    /// The payload of a `g` value (``signature`` is the value's own type signature).
    public var signatureValue: DBusSignature? { if case .signature(let v) = self { v } else { nil } }
    public var fileDescriptor: DBusFileDescriptor? { if case .unixFD(let v) = self { v } else { nil } }
    /// The payload of a variant.
    public var variantValue: DBusValue? { if case .variant(let v) = self { v } else { nil } }
    /// The fields of a struct.
    public var fields: [DBusValue]? { if case .structure(let v) = self { v } else { nil } }

    /// The bytes of an `ay`, whether held as ``bytes(_:)`` or as an array of `.byte`.
    public var bytes: [UInt8]? {
        switch self {
        case .bytes(let v): return v
        case .array(.byte, let values): return values.compactMap(\.byte)
        default: return nil
        }
    }

    /// The elements of any array (`ay` yields `.byte` elements; dictionaries are not arrays here).
    public var array: [DBusValue]? {
        switch self {
        case .array(_, let values): values
        case .bytes(let v): v.map(DBusValue.byte)
        default: nil
        }
    }

    /// The entries of a dictionary, in wire order.
    public var dictionaryEntries: [DBusDictEntry]? {
        if case .dictionary(_, _, let entries) = self { entries } else { nil }
    }

    /// A dictionary with string keys as a Swift dictionary; for `a{sv}` the variants are unwrapped.
    public var vardict: [String: DBusValue]? {
        guard case .dictionary(.string, let valueType, let entries) = self else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            guard let key = entry.key.string else { return nil }
            result[key] = valueType == .variant ? (entry.value.variantValue ?? entry.value) : entry.value
        }
        return result
    }

    /// `as` as `[String]`.
    public var stringArray: [String]? { decode([String].self) }

    /// Looks `key` up in a dictionary with string keys (variants unwrapped), e.g. `options["types"]`.
    public subscript(key: String) -> DBusValue? {
        vardict?[key]
    }

    /// The value with every variant layer at the top removed.
    public var unwrapped: DBusValue {
        var value = self
        while case .variant(let inner) = value { value = inner }
        return value
    }

    /// Builds an `a{sv}` from a Swift dictionary (keys sorted, so the wire order is stable).
    public static func vardict(_ dictionary: [String: DBusValue]) -> DBusValue {
        DBusValue(dictionary)
    }

    /// Builds an `aa{sv}`.
    public static func vardicts(_ dictionaries: [[String: DBusValue]]) -> DBusValue {
        DBusValue(dictionaries)
    }

    /// Builds an `as`.
    public static func strings(_ strings: [String]) -> DBusValue {
        DBusValue(strings)
    }
}

extension DBusValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral
{
    /// A string literal is an `s`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal is an `i`.
    public init(integerLiteral value: Int32) { self = .int32(value) }
    /// A boolean literal is a `b`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A float literal is a `d`.
    public init(floatLiteral value: Double) { self = .double(value) }
}
