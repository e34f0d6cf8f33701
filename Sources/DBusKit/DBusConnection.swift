/// A connection to a message bus.
///
/// All libdbus work happens on the connection's own serial queue; every method here is safe to call
/// from any thread or task. Exported method handlers run in their own tasks, so they may take as long
/// as they like and may call back into the connection.
///
/// ```swift
/// let bus = try await DBusConnection.session()
/// try bus.export("/org/example", interfaces: [interface])   // export first …
/// let reply = try await bus.requestName("org.example", flags: .doNotQueue)   // … then own the name
/// guard reply == .primaryOwner else { exit(0) }   // someone else already runs
/// ```
///
/// The connection closes when this object is released or on ``close()``. Handlers that capture the
/// connection keep it alive, so a long-lived service simply never releases it; tests call `close()`.
public final class DBusConnection: Sendable {
    let core: ConnectionCore

    /// The unique name the bus gave this connection, e.g. `:1.7`.
    public var uniqueName: String { core.uniqueName }

    /// Whether unix file descriptors (`h`) can travel over this connection.
    public var canSendFileDescriptors: Bool { core.canSendFileDescriptors }

    private init(core: ConnectionCore) {
        self.core = core
    }

    deinit { core.close() }

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`).
    public static func session() async throws -> DBusConnection {
        DBusConnection(core: try await ConnectionCore.connect(.session))
    }

    /// Connects to the system bus.
    public static func system() async throws -> DBusConnection {
        DBusConnection(core: try await ConnectionCore.connect(.system))
    }

    /// Connects to the bus at `address` (e.g. `unix:path=/tmp/bus`) and registers with it (`Hello`).
    public static func connect(address: String) async throws -> DBusConnection {
        DBusConnection(core: try await ConnectionCore.connect(.address(address)))
    }

    /// Flushes what is queued and closes. Pending calls fail with `Disconnected`, signal streams end,
    /// and replies of handlers still running are dropped.
    public func close() {
        core.close()
    }

    /// Whether the connection is still open (neither closed nor dropped by the bus): a kept
    /// connection is replaced when it is not. Not from inside an exported method's handler's queue.
    public var isConnected: Bool { core.isConnected }

    /// Returns when the connection is closed or the bus went away.
    public func waitUntilDisconnected() async {
        await core.waitForDisconnect()
    }

    // MARK: Calls

    /// The timeout libdbus uses by default.
    public static let defaultTimeout: Duration = .seconds(25)

    /// Calls a method and returns the reply's values. An error reply is thrown as ``DBusError`` with
    /// its name; no reply within `timeout` throws `org.freedesktop.DBus.Error.NoReply`; cancelling the
    /// task throws `CancellationError`.
    public func call(destination: String?, path: DBusObjectPath, interface: String?, member: String,
                     arguments: [DBusValue] = [], timeout: Duration = DBusConnection.defaultTimeout) async throws
        -> [DBusValue]
    {
        let message = try Message.methodCall(destination: destination, path: path, interface: interface,
                                             member: member, arguments: arguments)
        return try await core.call(message, timeoutMilliseconds: Self.milliseconds(timeout))
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let ms = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(ms, 0))
    }

    // MARK: Names

    /// `RequestName` flags.
    public struct RequestNameFlags: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Let another connection that asks with `replaceExisting` take the name over.
        public static let allowReplacement = RequestNameFlags(rawValue: 1)
        /// Take the name over from an owner that allowed replacement.
        public static let replaceExisting = RequestNameFlags(rawValue: 2)
        /// Fail with ``RequestNameReply/exists`` instead of waiting in the queue.
        public static let doNotQueue = RequestNameFlags(rawValue: 4)
    }

    /// The outcome of ``requestName(_:flags:)``.
    public enum RequestNameReply: UInt32, Sendable {
        case primaryOwner = 1, inQueue = 2, exists = 3, alreadyOwner = 4
    }

    /// The outcome of ``releaseName(_:)``.
    public enum ReleaseNameReply: UInt32, Sendable {
        case released = 1, nonExistent = 2, notOwner = 3
    }

    /// Asks the bus for a well-known name. Export objects first: a service counts as ready (for
    /// systemd `Type=dbus` and bus activation) the moment it owns its name.
    public func requestName(_ name: String, flags: RequestNameFlags = []) async throws -> RequestNameReply {
        try Names.checkBusName(name)
        let reply = try await core.busCall("RequestName", [.string(name), .uint32(flags.rawValue)])
        guard let code = reply.first?.uint32, let result = RequestNameReply(rawValue: code) else {
            throw DBusError.failed("unexpected RequestName reply \(reply)")
        }
        return result
    }

    /// Gives a well-known name back.
    public func releaseName(_ name: String) async throws -> ReleaseNameReply {
        try Names.checkBusName(name)
        let reply = try await core.busCall("ReleaseName", [.string(name)])
        guard let code = reply.first?.uint32, let result = ReleaseNameReply(rawValue: code) else {
            throw DBusError.failed("unexpected ReleaseName reply \(reply)")
        }
        return result
    }

    /// The process ID of the connection named `name` (a unique or well-known name), as the bus
    /// daemon knows it: what identifies one program behind its many connections.
    public func unixProcessID(of name: String) async throws -> UInt32 {
        let reply = try await core.busCall("GetConnectionUnixProcessID", [.string(name)])
        guard let pid = reply.first?.uint32 else { throw DBusError.failed("unexpected GetConnectionUnixProcessID reply \(reply)") }
        return pid
    }

    // MARK: Signals

    /// Emits a signal. Throws only when the names or values are invalid; the send itself is queued.
    public func emitSignal(path: DBusObjectPath, interface: String, member: String, arguments: [DBusValue] = [],
                           destination: String? = nil) throws {
        core.send(try Message.signal(path: path, interface: interface, member: member, destination: destination,
                                     arguments: arguments))
    }

    /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged` for the object at `path`; with
    /// `destination`, to that connection only (values only its owner may read).
    public func emitPropertiesChanged(path: DBusObjectPath, interface: String, changed: [String: DBusValue],
                                      invalidated: [String] = [], destination: String? = nil) throws {
        try Names.checkInterface(interface)
        try emitSignal(path: path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                       arguments: [.string(interface), .vardict(changed), .strings(invalidated)], destination: destination)
    }

    /// Emits `PropertiesChanged` with the current values of the named properties, read through their
    /// getters (properties declared `invalidates` are listed as invalidated instead); with
    /// `destination`, to that connection only.
    public func emitPropertiesChanged(path: DBusObjectPath, interface: String, names: [String],
                                      destination: String? = nil) async throws {
        guard let description = core.objects.interfaces(at: path)?.first(where: { $0.name == interface }) else {
            throw DBusError(name: DBusError.Name.unknownInterface, message: "no interface '\(interface)' at '\(path)'")
        }
        var changed: [String: DBusValue] = [:]
        var invalidated: [String] = []
        for name in names {
            guard let property = description.property(named: name) else {
                throw DBusError(name: DBusError.Name.unknownProperty, message: "no property '\(name)' in '\(interface)'")
            }
            if property.emitsChanged == .invalidates || property.get == nil {
                invalidated.append(name)
            } else if let get = property.get {
                changed[name] = try await ConnectionCore.read(get, type: property.type, name: name)
            }
        }
        try emitPropertiesChanged(path: path, interface: interface, changed: changed, invalidated: invalidated,
                                  destination: destination)
    }

    /// Subscribes to the signals matching `rule`. The match is in place on the bus when this returns;
    /// the stream ends when the connection closes, and dropping it removes the match.
    ///
    /// ```swift
    /// for await signal in try await bus.signals(matching: .nameOwnerChanged()) {
    ///     if let change = NameOwnerChange(signal), change.isDisconnect { forget(change.name) }
    /// }
    /// ```
    public func signals(matching rule: DBusMatchRule) async throws -> AsyncStream<DBusIncomingSignal> {
        try await core.subscribe(rule)
    }

    // MARK: Exported objects

    /// Exports (or replaces) the object at `path`. Takes effect at once, from any thread; the object
    /// also answers `Introspectable`, `Properties` and `Peer`, and shows as a child node of its parents.
    /// With an `access`, only its owner may use all of it, and only the owner sees it listed.
    public func export(_ path: DBusObjectPath, interfaces: [DBusInterface], access: DBusObjectAccess? = nil) throws {
        for interface in interfaces { try interface.validate() }
        let names = interfaces.map(\.name)
        guard Set(names).count == names.count else { throw DBusError.invalidArgs("interface listed twice at \(path)") }
        core.objects.export(path, interfaces, access: access)
    }

    /// Removes the object at `path`; returns whether there was one.
    @discardableResult
    public func unexport(_ path: DBusObjectPath) -> Bool {
        core.objects.unexport(path)
    }

    /// The paths of all exported objects.
    public var exportedPaths: [DBusObjectPath] { core.objects.paths }
}
