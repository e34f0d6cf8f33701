/// An interface an exported object implements: its methods, properties and signals, described in
/// Swift. The description drives dispatch, argument checking, `Properties` and `Introspect`.
public struct DBusInterface: Sendable {
    /// The interface name, e.g. `org.livetext.Analyzer1`.
    public var name: String
    /// Documentation, served as an `org.freedesktop.DBus.DocString` annotation.
    public var doc: String?
    public var methods: [DBusMethod]
    public var properties: [DBusProperty]
    public var signals: [DBusSignal]

    public init(_ name: String, doc: String? = nil, methods: [DBusMethod] = [], properties: [DBusProperty] = [],
                signals: [DBusSignal] = []) {
        self.name = name
        self.doc = doc
        self.methods = methods
        self.properties = properties
        self.signals = signals
    }

    func method(named member: String) -> DBusMethod? { methods.first { $0.name == member } }
    func property(named name: String) -> DBusProperty? { properties.first { $0.name == name } }

    /// Throws `InvalidArgs` naming the first invalid interface, member or duplicate name.
    func validate() throws {
        try Names.checkInterface(name)
        for m in methods { try Names.checkMember(m.name) }
        for p in properties { try Names.checkMember(p.name) }
        for s in signals { try Names.checkMember(s.name) }
        let all = methods.map(\.name) + properties.map(\.name) + signals.map(\.name)
        if Set(methods.map(\.name)).count != methods.count || Set(properties.map(\.name)).count != properties.count
            || Set(signals.map(\.name)).count != signals.count
        {
            throw DBusError.invalidArgs("duplicate member name in \(name): \(all)")
        }
    }
}

/// A named argument of a method or signal.
public struct DBusArgument: Sendable {
    public var name: String
    public var type: DBusType

    /// `DBusArgument("options", "a{sv}")`.
    public init(_ name: String, _ type: DBusType) {
        self.name = name
        self.type = type
    }
}

/// What a method handler receives.
public struct DBusMethodCall: Sendable {
    /// The caller's unique bus name, e.g. `:1.42` (use it to track per-caller state and to notice the
    /// caller leaving the bus through `NameOwnerChanged`).
    public let sender: String
    public let path: DBusObjectPath
    public let interface: String
    public let member: String
    /// The arguments, already checked against the method's input signature.
    public let arguments: [DBusValue]

    /// The argument at `index`.
    public subscript(index: Int) -> DBusValue { arguments[index] }

    /// Every file descriptor passed in, in argument order (nested ones included). They are owned by the
    /// call's ``DBusFileDescriptor`` objects and closed with them; `take()` one to keep it.
    public var fileDescriptors: [DBusFileDescriptor] {
        var result: [DBusFileDescriptor] = []
        func collect(_ value: DBusValue) {
            switch value {
            case .unixFD(let fd): result.append(fd)
            case .array(_, let values), .structure(let values): values.forEach(collect)
            case .dictionary(_, _, let entries): entries.forEach { collect($0.key); collect($0.value) }
            case .variant(let inner): collect(inner)
            default: break
            }
        }
        arguments.forEach(collect)
        return result
    }
}

/// A method: its arguments and the `async` handler that answers it.
///
/// The handler runs in its own task, off the bus queue, so a slow handler never holds up other calls.
/// It returns the output values (checked against `outputs`); a thrown ``DBusError`` becomes that error
/// reply, any other error `org.freedesktop.DBus.Error.Failed`.
public struct DBusMethod: Sendable {
    public typealias Handler = @Sendable (DBusMethodCall) async throws -> [DBusValue]

    public var name: String
    public var inputs: [DBusArgument]
    public var outputs: [DBusArgument]
    public var doc: String?
    public var handler: Handler
    /// Other input signatures the handler takes (introspection shows only `inputs`'s): a leading
    /// part of them, for clients that cannot build the rest (dbus-send cannot build `a{sv}`).
    public var alsoAccepts: Set<String> = []

    public init(_ name: String, inputs: [DBusArgument] = [], outputs: [DBusArgument] = [], doc: String? = nil,
                handler: @escaping Handler) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.doc = doc
        self.handler = handler
    }

    var inputSignature: String { inputs.map(\.type.signature).joined() }
    var outputSignature: String { outputs.map(\.type.signature).joined() }
}

/// A property, served through `org.freedesktop.DBus.Properties`.
public struct DBusProperty: Sendable {
    public typealias Getter = @Sendable () async throws -> DBusValue
    /// Takes the new value and the unique bus name of the connection that set it.
    public typealias Setter = @Sendable (_ value: DBusValue, _ sender: String) async throws -> Void

    public enum Access: String, Sendable {
        case read, write, readwrite
    }

    /// The `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation: a promise to clients about
    /// `PropertiesChanged`. DBusKit does not emit it by itself: call
    /// ``DBusConnection/emitPropertiesChanged(path:interface:changed:invalidated:)`` when values change.
    public enum EmitsChanged: String, Sendable {
        case `true`, invalidates, const, `false`
    }

    public var name: String
    public var type: DBusType
    public var access: Access
    public var emitsChanged: EmitsChanged
    public var doc: String?
    public var get: Getter?
    public var set: Setter?

    /// A property; `access` follows from which of `get` and `set` are given. A setter may throw (e.g.
    /// `InvalidArgs` for an out-of-range value); values of the wrong type never reach it.
    public init(_ name: String, type: DBusType, emitsChanged: EmitsChanged = .true, doc: String? = nil,
                get: Getter? = nil, set: Setter? = nil) {
        precondition(get != nil || set != nil, "property \(name) needs a getter or a setter")
        self.name = name
        self.type = type
        self.emitsChanged = emitsChanged
        self.doc = doc
        self.get = get
        self.set = set
        access = get != nil ? (set != nil ? .readwrite : .read) : .write
    }
}

/// A signal an interface declares (for introspection and for checked emission).
public struct DBusSignal: Sendable {
    public var name: String
    public var arguments: [DBusArgument]
    public var doc: String?

    public init(_ name: String, arguments: [DBusArgument] = [], doc: String? = nil) {
        self.name = name
        self.arguments = arguments
        self.doc = doc
    }
}
