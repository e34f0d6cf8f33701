/// A match rule for signals: which ones the bus should route to this connection, and which ones a
/// subscription receives (DBusKit also applies the rule locally, since the bus delivers the union of
/// all the connection's rules to one socket).
public struct DBusMatchRule: Hashable, Sendable, CustomStringConvertible {
    /// The sender: a unique name, or `org.freedesktop.DBus` for the bus itself. Signals always carry
    /// the sender's unique name, so a rule with another well-known name is left to the bus only.
    public var sender: String?
    public var interface: String?
    public var member: String?
    public var path: DBusObjectPath?
    /// Matches `path` and everything below it.
    public var pathNamespace: DBusObjectPath?
    /// The first argument, which must be a string with exactly this value.
    public var arg0: String?

    public init(sender: String? = nil, interface: String? = nil, member: String? = nil, path: DBusObjectPath? = nil,
                pathNamespace: DBusObjectPath? = nil, arg0: String? = nil) {
        self.sender = sender
        self.interface = interface
        self.member = member
        self.path = path
        self.pathNamespace = pathNamespace
        self.arg0 = arg0
    }

    /// `NameOwnerChanged` from the bus, for one name or for all. A client leaving the bus shows as its
    /// unique name going from itself to `""`.
    public static func nameOwnerChanged(name: String? = nil) -> DBusMatchRule {
        DBusMatchRule(sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                      path: "/org/freedesktop/DBus", arg0: name)
    }

    /// `PropertiesChanged` of the object at `path` (all objects when `nil`).
    public static func propertiesChanged(sender: String? = nil, path: DBusObjectPath? = nil) -> DBusMatchRule {
        DBusMatchRule(sender: sender, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                      path: path)
    }

    /// The rule text for `AddMatch`, values quoted with `'` escaped as the specification requires.
    public var description: String {
        var parts = ["type='signal'"]
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            parts.append("\(key)='" + value.replacingQuotes() + "'")
        }
        add("sender", sender)
        add("interface", interface)
        add("member", member)
        add("path", path?.rawValue)
        add("path_namespace", pathNamespace?.rawValue)
        add("arg0", arg0)
        return parts.joined(separator: ",")
    }

    func matches(_ signal: DBusIncomingSignal) -> Bool {
        if let sender, sender.hasPrefix(":") || sender == "org.freedesktop.DBus", signal.sender != sender { return false }
        if let interface, signal.interface != interface { return false }
        if let member, signal.member != member { return false }
        if let path, signal.path != path { return false }
        if let pathNamespace, !signal.path.isDescendant(of: pathNamespace) { return false }
        if let arg0, signal.arguments.first?.string != arg0 { return false }
        return true
    }
}

private extension String {
    /// In a match rule a `'` ends the quoted value; it is written as `'\''`.
    func replacingQuotes() -> String {
        split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
    }
}

/// A signal received from the bus.
public struct DBusIncomingSignal: Sendable {
    /// The sender's unique name (`org.freedesktop.DBus` for the bus).
    public let sender: String
    public let path: DBusObjectPath
    public let interface: String
    public let member: String
    public let arguments: [DBusValue]
}

/// A decoded `org.freedesktop.DBus.NameOwnerChanged`.
public struct NameOwnerChange: Sendable, Hashable {
    public let name: String
    /// The previous owner's unique name, `nil` when the name was free.
    public let oldOwner: String?
    /// The new owner's unique name, `nil` when the name is now free.
    public let newOwner: String?

    /// Decodes the signal; `nil` for any other signal.
    public init?(_ signal: DBusIncomingSignal) {
        guard signal.member == "NameOwnerChanged", signal.interface == "org.freedesktop.DBus",
              signal.arguments.count == 3, let name = signal.arguments[0].string,
              let old = signal.arguments[1].string, let new = signal.arguments[2].string
        else { return nil }
        self.name = name
        oldOwner = old.isEmpty ? nil : old
        newOwner = new.isEmpty ? nil : new
    }

    /// True when a unique name left the bus (a client disconnected).
    public var isDisconnect: Bool { name.hasPrefix(":") && newOwner == nil }
}
