import CDBus

/// Reads ``DBusValue``s out of a received message with libdbus read iterators. libdbus has validated
/// the whole message on receipt, so every type code seen here is well-formed.
enum MessageReader {
    typealias Iter = UnsafeMutablePointer<DBusMessageIter>

    /// Reads from the iterator's position to the end of its container.
    static func readAll(_ iter: Iter) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(iter) != cdbus_type_invalid() {
            values.append(read(iter))
            dbus_message_iter_next(iter)
        }
        return values
    }

    static func read(_ iter: Iter) -> DBusValue {
        let type = dbus_message_iter_get_arg_type(iter)
        switch type {
        case cdbus_type_byte(): return .byte(basic(iter, UInt8(0)))
        case cdbus_type_boolean(): return .bool(basic(iter, dbus_bool_t(0)) != 0)
        case cdbus_type_int16(): return .int16(basic(iter, Int16(0)))
        case cdbus_type_uint16(): return .uint16(basic(iter, UInt16(0)))
        case cdbus_type_int32(): return .int32(basic(iter, Int32(0)))
        case cdbus_type_uint32(): return .uint32(basic(iter, UInt32(0)))
        case cdbus_type_int64(): return .int64(basic(iter, Int64(0)))
        case cdbus_type_uint64(): return .uint64(basic(iter, UInt64(0)))
        case cdbus_type_double(): return .double(basic(iter, Double(0)))
        case cdbus_type_string(): return .string(string(iter))
        case cdbus_type_object_path(): return .objectPath(DBusObjectPath(unchecked: string(iter)))
        case cdbus_type_signature():
            let text = string(iter)
            return .signature((try? DBusSignature(text)) ?? DBusSignature([]))
        case cdbus_type_unix_fd():
            // libdbus hands out a fresh duplicate on every read: it is ours to close.
            return .unixFD(DBusFileDescriptor(owning: basic(iter, Int32(-1))))
        case cdbus_type_variant():
            let sub = Iter.allocate(capacity: 1)
            defer { sub.deallocate() }
            dbus_message_iter_recurse(iter, sub)
            return .variant(read(sub))
        case cdbus_type_struct():
            let sub = Iter.allocate(capacity: 1)
            defer { sub.deallocate() }
            dbus_message_iter_recurse(iter, sub)
            return .structure(readAll(sub))
        case cdbus_type_array():
            return readArray(iter)
        default:
            preconditionFailure("libdbus returned unknown type code \(type)")
        }
    }

    private static func readArray(_ iter: Iter) -> DBusValue {
        // The iterator's signature gives the element type even for an empty array.
        let arrayType = currentType(iter)
        let sub = Iter.allocate(capacity: 1)
        defer { sub.deallocate() }
        dbus_message_iter_recurse(iter, sub)
        switch arrayType {
        case .array(.byte):
            var pointer: UnsafePointer<UInt8>? = nil
            var count: Int32 = 0
            if dbus_message_iter_get_arg_type(sub) == cdbus_type_byte() {
                cdbus_read_bytes(sub, &pointer, &count)
            }
            guard let pointer, count > 0 else { return .bytes([]) }
            return .bytes(Array(UnsafeBufferPointer(start: pointer, count: Int(count))))
        case .dictionary(let key, let value):
            var entries: [DBusDictEntry] = []
            let pair = Iter.allocate(capacity: 1)
            defer { pair.deallocate() }
            while dbus_message_iter_get_arg_type(sub) == cdbus_type_dict_entry() {
                dbus_message_iter_recurse(sub, pair)
                let k = read(pair)
                dbus_message_iter_next(pair)
                let v = read(pair)
                entries.append(DBusDictEntry(key: k, value: v))
                dbus_message_iter_next(sub)
            }
            return .dictionary(key: key, value: value, entries)
        case .array(let element):
            return .array(element, readAll(sub))
        default:
            preconditionFailure("array iterator with signature \(arrayType.signature)")
        }
    }

    private static func currentType(_ iter: Iter) -> DBusType {
        guard let cString = dbus_message_iter_get_signature(iter) else { preconditionFailure("out of memory") }
        defer { dbus_free(cString) }
        let text = String(cString: cString)
        guard let type = try? DBusType(parsing: text) else {
            preconditionFailure("libdbus returned invalid signature '\(text)'")
        }
        return type
    }

    private static func basic<T: BitwiseCopyable>(_ iter: Iter, _ initial: T) -> T {
        var value = initial
        dbus_message_iter_get_basic(iter, &value)
        return value
    }

    private static func string(_ iter: Iter) -> String {
        var pointer: UnsafePointer<CChar>? = nil
        dbus_message_iter_get_basic(iter, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }
}
