/// Who may use an exported object. Its owner, a unique bus name such as `:1.42`, may use all of
/// it; any other connection only the members listed as public, and the object is not listed to
/// it as a child node in introspection. Everything else answers `deniedError`.
///
/// An object exported without an access is open to every connection on the bus.
public struct DBusObjectAccess: Sendable, Hashable {
    /// The unique bus name of the connection the object belongs to.
    public var owner: String
    /// Methods and properties any connection may use (e.g. a `State` property).
    public var publicMembers: Set<String>
    /// The error name other connections get, e.g. `org.freedesktop.DBus.Error.AccessDenied`.
    public var deniedError: String

    public init(owner: String, publicMembers: Set<String> = [],
                deniedError: String = DBusError.Name.accessDenied) {
        self.owner = owner
        self.publicMembers = publicMembers
        self.deniedError = deniedError
    }

    /// Whether `sender` may use `member` (a method or property name).
    public func allows(_ sender: String?, _ member: String) -> Bool {
        sender == owner || publicMembers.contains(member)
    }

    /// Whether `sender` sees the object at all (in its parent's child nodes).
    public func isVisible(to sender: String?) -> Bool { sender == owner }

    func denial(_ member: String, at path: DBusObjectPath) -> DBusError {
        DBusError(name: deniedError, message: "\(member) of \(path) belongs to another connection")
    }
}
