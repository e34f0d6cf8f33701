import CDBus

/// Name checks done before any name reaches libdbus, which treats an invalid name as a programming
/// error and aborts the process; here it becomes a thrown `InvalidArgs` instead.
enum Names {
    private typealias Validator = (UnsafePointer<CChar>?, UnsafeMutablePointer<CDBus.DBusError>?) -> dbus_bool_t

    private static func valid(_ text: String, _ validator: Validator) -> Bool {
        // Swift strings may hold NUL, which C would silently cut off.
        guard !text.utf8.contains(0) else { return false }
        return text.withCString { validator($0, nil) } != 0
    }

    static func isValidBusName(_ name: String) -> Bool { valid(name, dbus_validate_bus_name) }
    static func isValidInterface(_ name: String) -> Bool { valid(name, dbus_validate_interface) }
    static func isValidMember(_ name: String) -> Bool { valid(name, dbus_validate_member) }
    static func isValidErrorName(_ name: String) -> Bool { valid(name, dbus_validate_error_name) }

    static func checkBusName(_ name: String) throws {
        guard isValidBusName(name) else { throw DBusError.invalidArgs("'\(name)' is not a valid bus name") }
    }

    static func checkInterface(_ name: String) throws {
        guard isValidInterface(name) else { throw DBusError.invalidArgs("'\(name)' is not a valid interface name") }
    }

    static func checkMember(_ name: String) throws {
        guard isValidMember(name) else { throw DBusError.invalidArgs("'\(name)' is not a valid member name") }
    }
}
