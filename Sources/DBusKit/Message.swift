import CDBus
import Foundation

/// An owning reference to a libdbus `DBusMessage`.
///
/// libdbus message reference counts are atomic (`dbus_threads_init_default` is called before any
/// connection opens), and a message is only read after it has been received or fully built, so
/// handing one to another thread is safe.
final class Message: @unchecked Sendable {
    let raw: OpaquePointer

    /// Adopts a reference the caller owns (a `new` or `steal` result).
    init(adopting raw: OpaquePointer) {
        self.raw = raw
    }

    /// Takes an extra reference to a message libdbus lends us (e.g. inside a filter callback).
    init(retaining raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
    }

    deinit { dbus_message_unref(raw) }

    var type: Int32 { dbus_message_get_type(raw) }
    var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }
    var destination: String? { dbus_message_get_destination(raw).map { String(cString: $0) } }
    var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }
    var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    var noReplyExpected: Bool { dbus_message_get_no_reply(raw) != 0 }

    // MARK: Construction (names are validated first: libdbus aborts the process on invalid ones)

    static func methodCall(destination: String?, path: DBusObjectPath, interface: String?, member: String,
                           arguments: [DBusValue]) throws -> Message {
        if let destination { try Names.checkBusName(destination) }
        if let interface { try Names.checkInterface(interface) }
        try Names.checkMember(member)
        guard let raw = dbus_message_new_method_call(destination, path.rawValue, interface, member) else {
            throw DBusError.noMemory
        }
        let message = Message(adopting: raw)
        try message.append(arguments)
        return message
    }

    static func signal(path: DBusObjectPath, interface: String, member: String, destination: String?,
                       arguments: [DBusValue]) throws -> Message {
        try Names.checkInterface(interface)
        try Names.checkMember(member)
        if let destination { try Names.checkBusName(destination) }
        guard let raw = dbus_message_new_signal(path.rawValue, interface, member) else { throw DBusError.noMemory }
        let message = Message(adopting: raw)
        if let destination, dbus_message_set_destination(raw, destination) == 0 { throw DBusError.noMemory }
        try message.append(arguments)
        return message
    }

    /// The method return for `call`, carrying `arguments`.
    func methodReturn(_ arguments: [DBusValue]) throws -> Message {
        guard let raw = dbus_message_new_method_return(self.raw) else { throw DBusError.noMemory }
        let message = Message(adopting: raw)
        try message.append(arguments)
        return message
    }

    /// The error reply for `call`. An invalid error name becomes `Failed` rather than a libdbus abort;
    /// the message is cut to `DBusError.maxSentMessageScalars` (every error reply is built here).
    func errorReply(_ error: DBusError) -> Message? {
        let name = Names.isValidErrorName(error.name) ? error.name : DBusError.Name.failed
        let message = DBusError.sendable(error.message)
        let text = message.utf8.contains(0) ? message.replacingOccurrences(of: "\0", with: " ") : message
        return dbus_message_new_error(raw, name, text).map(Message.init(adopting:))
    }

    // MARK: Arguments

    /// Appends `values` after validating all of them (validation first, so a bad value never leaves a
    /// half-written message behind).
    func append(_ values: [DBusValue]) throws {
        var total = ""
        for value in values { total += try value.validate().signature }
        _ = try DBusSignature(total)
        let iter = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { iter.deallocate() }
        dbus_message_iter_init_append(raw, iter)
        for value in values { try MessageWriter.append(value, to: iter) }
    }

    /// Reads every argument.
    func arguments() -> [DBusValue] {
        let iter = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { iter.deallocate() }
        guard dbus_message_iter_init(raw, iter) != 0 else { return [] }
        return MessageReader.readAll(iter)
    }
}
