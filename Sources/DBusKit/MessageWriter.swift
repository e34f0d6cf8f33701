import CDBus

/// Marshals ``DBusValue``s into a message with libdbus append iterators.
/// Values are validated by `Message.append` before they get here, so only OOM can fail.
enum MessageWriter {
    typealias Iter = UnsafeMutablePointer<DBusMessageIter>

    static func append(_ value: DBusValue, to iter: Iter) throws {
        switch value {
        case .byte(let v): try appendBasic(iter, cdbus_type_byte(), v)
        case .bool(let v): try appendBasic(iter, cdbus_type_boolean(), dbus_bool_t(v ? 1 : 0))
        case .int16(let v): try appendBasic(iter, cdbus_type_int16(), v)
        case .uint16(let v): try appendBasic(iter, cdbus_type_uint16(), v)
        case .int32(let v): try appendBasic(iter, cdbus_type_int32(), v)
        case .uint32(let v): try appendBasic(iter, cdbus_type_uint32(), v)
        case .int64(let v): try appendBasic(iter, cdbus_type_int64(), v)
        case .uint64(let v): try appendBasic(iter, cdbus_type_uint64(), v)
        case .double(let v): try appendBasic(iter, cdbus_type_double(), v)
        case .string(let v): try appendString(iter, cdbus_type_string(), v)
        case .objectPath(let v): try appendString(iter, cdbus_type_object_path(), v.rawValue)
        case .signature(let v): try appendString(iter, cdbus_type_signature(), v.rawValue)
        case .unixFD(let fd):
            // libdbus duplicates the descriptor here; ours stays open and owned by `fd`.
            guard let raw = fd.rawValue else { throw DBusError.invalidArgs("file descriptor already closed or taken") }
            try appendBasic(iter, cdbus_type_unix_fd(), raw)
        case .bytes(let bytes):
            try appendByteArray(iter, bytes)
        case .array(.byte, let values):
            try appendByteArray(iter, values.compactMap(\.byte))
        case .array(let element, let values):
            try container(iter, cdbus_type_array(), element.signature) { sub in
                for v in values { try append(v, to: sub) }
            }
        case .dictionary(let key, let valueType, let entries):
            try container(iter, cdbus_type_array(), "{" + key.signature + valueType.signature + "}") { sub in
                for entry in entries {
                    try container(sub, cdbus_type_dict_entry(), nil) { pair in
                        try append(entry.key, to: pair)
                        try append(entry.value, to: pair)
                    }
                }
            }
        case .structure(let fields):
            try container(iter, cdbus_type_struct(), nil) { sub in
                for f in fields { try append(f, to: sub) }
            }
        case .variant(let inner):
            try container(iter, cdbus_type_variant(), inner.signature) { sub in
                try append(inner, to: sub)
            }
        }
    }

    private static func appendBasic<T: BitwiseCopyable>(_ iter: Iter, _ type: Int32, _ value: T) throws {
        var copy = value
        guard dbus_message_iter_append_basic(iter, type, &copy) != 0 else { throw DBusError.noMemory }
    }

    private static func appendString(_ iter: Iter, _ type: Int32, _ text: String) throws {
        let ok = text.withCString { cString -> dbus_bool_t in
            // libdbus wants the address of a `const char *`.
            var pointer: UnsafePointer<CChar>? = cString
            return dbus_message_iter_append_basic(iter, type, &pointer)
        }
        guard ok != 0 else { throw DBusError.noMemory }
    }

    /// `ay` goes in as one fixed array: a per-byte append of 1 MB costs a million calls.
    private static func appendByteArray(_ iter: Iter, _ bytes: [UInt8]) throws {
        try container(iter, cdbus_type_array(), "y") { sub in
            guard !bytes.isEmpty else { return }
            let ok = bytes.withUnsafeBufferPointer { buffer in
                cdbus_append_bytes(sub, buffer.baseAddress, Int32(buffer.count))
            }
            guard ok != 0 else { throw DBusError.noMemory }
        }
    }

    private static func container(_ iter: Iter, _ type: Int32, _ signature: String?, _ body: (Iter) throws -> Void) throws {
        let sub = Iter.allocate(capacity: 1)
        defer { sub.deallocate() }
        let opened: dbus_bool_t
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(iter, type, $0, sub) }
        } else {
            opened = dbus_message_iter_open_container(iter, type, nil, sub)
        }
        guard opened != 0 else { throw DBusError.noMemory }
        do {
            try body(sub)
        } catch {
            dbus_message_iter_abandon_container(iter, sub)
            throw error
        }
        guard dbus_message_iter_close_container(iter, sub) != 0 else { throw DBusError.noMemory }
    }
}
