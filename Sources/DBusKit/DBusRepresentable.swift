/// A Swift type with a fixed D-Bus type, convertible to and from ``DBusValue``.
///
/// Conforming: the integer types that D-Bus has (`UInt8`, `Int16`, `UInt16`, `Int32`, `UInt32`,
/// `Int64`, `UInt64`), `Bool`, `Double`, `String`, ``DBusObjectPath``, ``DBusSignature``,
/// ``DBusFileDescriptor``, arrays and dictionaries of those, and ``DBusValue`` itself, which stands for
/// a variant. So `[String: DBusValue]` is `a{sv}` and `[[String: DBusValue]]` is `aa{sv}`.
public protocol DBusRepresentable: Sendable {
    /// The D-Bus type every value of this Swift type has.
    static var dbusType: DBusType { get }
    /// The value as a ``DBusValue``.
    var dbusValue: DBusValue { get }
    /// Converts back; `nil` when `dbusValue` has another type.
    init?(dbusValue: DBusValue)
}

extension DBusValue {
    /// Converts a Swift value (see ``DBusRepresentable``): `DBusValue(["types": DBusValue(["text"])])`.
    public init<T: DBusRepresentable>(_ value: T) {
        self = value.dbusValue
    }

    /// The identity, so that `DBusValue(someValue)` does not wrap it in a variant.
    public init(_ value: DBusValue) {
        self = value
    }

    /// Converts to a Swift value; `nil` when the types differ.
    public func decode<T: DBusRepresentable>(_ type: T.Type = T.self) -> T? {
        T(dbusValue: self)
    }
}

extension UInt8: DBusRepresentable {
    public static var dbusType: DBusType { .byte }
    public var dbusValue: DBusValue { .byte(self) }
    public init?(dbusValue: DBusValue) { guard case .byte(let v) = dbusValue else { return nil }; self = v }
}

extension Bool: DBusRepresentable {
    public static var dbusType: DBusType { .bool }
    public var dbusValue: DBusValue { .bool(self) }
    public init?(dbusValue: DBusValue) { guard case .bool(let v) = dbusValue else { return nil }; self = v }
}

extension Int16: DBusRepresentable {
    public static var dbusType: DBusType { .int16 }
    public var dbusValue: DBusValue { .int16(self) }
    public init?(dbusValue: DBusValue) { guard case .int16(let v) = dbusValue else { return nil }; self = v }
}

extension UInt16: DBusRepresentable {
    public static var dbusType: DBusType { .uint16 }
    public var dbusValue: DBusValue { .uint16(self) }
    public init?(dbusValue: DBusValue) { guard case .uint16(let v) = dbusValue else { return nil }; self = v }
}

extension Int32: DBusRepresentable {
    public static var dbusType: DBusType { .int32 }
    public var dbusValue: DBusValue { .int32(self) }
    public init?(dbusValue: DBusValue) { guard case .int32(let v) = dbusValue else { return nil }; self = v }
}

extension UInt32: DBusRepresentable {
    public static var dbusType: DBusType { .uint32 }
    public var dbusValue: DBusValue { .uint32(self) }
    public init?(dbusValue: DBusValue) { guard case .uint32(let v) = dbusValue else { return nil }; self = v }
}

extension Int64: DBusRepresentable {
    public static var dbusType: DBusType { .int64 }
    public var dbusValue: DBusValue { .int64(self) }
    public init?(dbusValue: DBusValue) { guard case .int64(let v) = dbusValue else { return nil }; self = v }
}

extension UInt64: DBusRepresentable {
    public static var dbusType: DBusType { .uint64 }
    public var dbusValue: DBusValue { .uint64(self) }
    public init?(dbusValue: DBusValue) { guard case .uint64(let v) = dbusValue else { return nil }; self = v }
}

extension Double: DBusRepresentable {
    public static var dbusType: DBusType { .double }
    public var dbusValue: DBusValue { .double(self) }
    public init?(dbusValue: DBusValue) { guard case .double(let v) = dbusValue else { return nil }; self = v }
}

extension String: DBusRepresentable {
    public static var dbusType: DBusType { .string }
    public var dbusValue: DBusValue { .string(self) }
    public init?(dbusValue: DBusValue) { guard case .string(let v) = dbusValue else { return nil }; self = v }
}

extension DBusObjectPath: DBusRepresentable {
    public static var dbusType: DBusType { .objectPath }
    public var dbusValue: DBusValue { .objectPath(self) }
    public init?(dbusValue: DBusValue) { guard case .objectPath(let v) = dbusValue else { return nil }; self = v }
}

extension DBusSignature: DBusRepresentable {
    public static var dbusType: DBusType { .signature }
    public var dbusValue: DBusValue { .signature(self) }
    public init?(dbusValue: DBusValue) { guard case .signature(let v) = dbusValue else { return nil }; self = v }
}

extension DBusFileDescriptor: DBusRepresentable {
    public static var dbusType: DBusType { .unixFD }
    public var dbusValue: DBusValue { .unixFD(self) }
    public convenience init?(dbusValue: DBusValue) {
        // A class cannot return an existing instance from init, so this duplicates the descriptor;
        // prefer `value.fileDescriptor` to get the same owner back.
        guard case .unixFD(let v) = dbusValue, let fd = v.rawValue, let copy = try? DBusFileDescriptor(duplicating: fd),
              let owned = copy.take() else { return nil }
        self.init(owning: owned)
    }
}

extension DBusValue: DBusRepresentable {
    /// A ``DBusValue`` used as a typed Swift value stands for a variant.
    public static var dbusType: DBusType { .variant }
    public var dbusValue: DBusValue { .variant(self) }
    public init?(dbusValue: DBusValue) {
        guard case .variant(let inner) = dbusValue else { return nil }
        self = inner
    }
}

extension Array: DBusRepresentable where Element: DBusRepresentable {
    public static var dbusType: DBusType { .array(Element.dbusType) }
    public var dbusValue: DBusValue {
        // `as? [UInt8]` would also succeed for an empty array of another type, so compare the types.
        if Element.self == UInt8.self, let bytes = self as? [UInt8] { return .bytes(bytes) }
        return .array(Element.dbusType, map(\.dbusValue))
    }
    public init?(dbusValue: DBusValue) {
        switch dbusValue {
        case .bytes(let bytes):
            guard Element.self == UInt8.self, let same = bytes as? [Element] else { return nil }
            self = same
        case .array(let element, let values):
            guard element == Element.dbusType else { return nil }
            var result: [Element] = []
            result.reserveCapacity(values.count)
            for v in values {
                guard let e = Element(dbusValue: v) else { return nil }
                result.append(e)
            }
            self = result
        default:
            return nil
        }
    }
}

extension Dictionary: DBusRepresentable where Key: DBusRepresentable, Value: DBusRepresentable {
    public static var dbusType: DBusType { .dictionary(key: Key.dbusType, value: Value.dbusType) }
    public var dbusValue: DBusValue {
        var entries = map { DBusDictEntry(key: $0.key.dbusValue, value: $0.value.dbusValue) }
        // Dictionary order is random per process; a stable order keeps messages and tests reproducible.
        entries.sort { $0.key.description < $1.key.description }
        return .dictionary(key: Key.dbusType, value: Value.dbusType, entries)
    }
    public init?(dbusValue: DBusValue) {
        guard case .dictionary(let kt, let vt, let entries) = dbusValue, kt == Key.dbusType, vt == Value.dbusType
        else { return nil }
        var result: [Key: Value] = [:]
        for entry in entries {
            guard let k = Key(dbusValue: entry.key), let v = Value(dbusValue: entry.value) else { return nil }
            result[k] = v
        }
        self = result
    }
}
