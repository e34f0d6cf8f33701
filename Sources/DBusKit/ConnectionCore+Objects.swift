import CDBus
import Dispatch

/// Method calls to exported objects. Routing and argument checks happen on the bus queue (cheap, and
/// they decide the standard errors before any handler runs); handlers run in their own tasks and
/// their replies go back through the queue whenever they finish. Every call gets exactly one reply
/// (none when the caller set NO_REPLY_EXPECTED).
extension ConnectionCore {
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"

    func dispatchMethodCall(_ message: Message) {
        guard let pathText = message.path, let member = message.member else {
            replyNow(message, DBusError(name: DBusError.Name.unknownMethod, message: "method call without path or member"))
            return
        }
        let path = DBusObjectPath(unchecked: pathText)
        let interfaceName = message.interface
        let object = objects.object(at: path)
        let interfaces = object?.interfaces
        let access = object?.access
        let userMethodExists = interfaces?.contains { $0.method(named: member) != nil } ?? false

        if interfaceName == Self.introspectable || (interfaceName == nil && member == "Introspect" && !userMethodExists) {
            introspect(message, path: path, member: member, interfaces: interfaces)
            return
        }
        if let access, !access.allows(message.sender, member), !isPropertiesCall(interfaceName, member, userMethodExists) {
            replyNow(message, access.denial(member, at: path))
            return
        }
        guard let interfaces else {
            replyNow(message, DBusError(name: DBusError.Name.unknownObject, message: "No such object path '\(path)'"))
            return
        }
        if isPropertiesCall(interfaceName, member, userMethodExists) {
            handleProperties(message, member: member, interfaces: interfaces, path: path, access: access)
            return
        }

        let method: DBusMethod
        let owner: DBusInterface
        if let interfaceName {
            guard let found = interfaces.first(where: { $0.name == interfaceName }) else {
                replyNow(message, DBusError(name: DBusError.Name.unknownInterface,
                                            message: "No interface '\(interfaceName)' at '\(path)'"))
                return
            }
            guard let m = found.method(named: member) else {
                replyNow(message, DBusError(name: DBusError.Name.unknownMethod,
                                            message: "No method '\(member)' in interface '\(interfaceName)'"))
                return
            }
            owner = found
            method = m
        } else {
            guard let found = interfaces.first(where: { $0.method(named: member) != nil }),
                  let m = found.method(named: member)
            else {
                replyNow(message, DBusError(name: DBusError.Name.unknownMethod, message: "No method '\(member)' at '\(path)'"))
                return
            }
            owner = found
            method = m
        }
        let signature = message.signature
        guard signature == method.inputSignature || method.alsoAccepts.contains(signature) else {
            replyNow(message, .invalidArgs(
                "\(owner.name).\(member) takes '\(method.inputSignature)', got '\(signature)'"))
            return
        }
        let call = DBusMethodCall(sender: message.sender ?? "", path: path, interface: owner.name, member: member,
                                  arguments: message.arguments())
        let expected = method.outputSignature
        let handler = method.handler
        respond(to: message) {
            let values = try await handler(call)
            let produced = values.map(\.signature).joined()
            guard produced == expected else {
                throw DBusError.failed("\(owner.name).\(member) produced '\(produced)' instead of '\(expected)'")
            }
            return values
        }
    }

    /// A call of `org.freedesktop.DBus.Properties` (named, or unnamed and not one of the object's own).
    private func isPropertiesCall(_ interfaceName: String?, _ member: String, _ userMethodExists: Bool) -> Bool {
        interfaceName == Self.properties
            || (interfaceName == nil && ["Get", "Set", "GetAll"].contains(member) && !userMethodExists)
    }

    /// Runs `work` in a new task and sends its result (or its error) as the reply to `message`.
    func respond(to message: Message, _ work: @escaping @Sendable () async throws -> [DBusValue]) {
        Task {
            let reply: Message?
            do {
                let values = try await work()
                reply = await Self.marshal(values, replyingTo: message)
            } catch let error as DBusError {
                reply = message.errorReply(error)
            } catch {
                reply = message.errorReply(.failed(String(describing: error)))
            }
            if let reply, !message.noReplyExpected { self.send(reply) }
        }
    }

    /// Large replies are marshalled on a thread of their own, one at a time: a reply of thousands
    /// of dictionaries takes libdbus tens of milliseconds, and the few threads of the cooperative
    /// pool (which Dispatch's global queues share on Linux) answer every other call meanwhile. A
    /// serial queue of its own gets a thread beside that pool.
    private static let largeReplies = DispatchQueue(label: "org.dbuskit.large-replies")

    /// Arrays longer than this at the top of a reply make it large.
    static let largeReplyElements = 256

    private static func marshal(_ values: [DBusValue], replyingTo message: Message) async -> Message? {
        @Sendable func build() -> Message? {
            do {
                return try message.methodReturn(values)
            } catch {
                return message.errorReply(error as? DBusError ?? .failed("\(error)"))
            }
        }
        let large = values.contains {
            if case .array(_, let elements) = $0 { return elements.count > largeReplyElements }
            return false
        }
        guard large else { return build() }
        return await withCheckedContinuation { continuation in
            largeReplies.async { continuation.resume(returning: build()) }
        }
    }

    /// An error reply decided on the queue itself, before any handler.
    func replyNow(_ message: Message, _ error: DBusError) {
        guard !message.noReplyExpected, connected, let connection = raw, let reply = message.errorReply(error) else { return }
        _ = dbus_connection_send(connection, reply.raw, nil)
    }

    private func replyNow(_ message: Message, values: [DBusValue]) {
        guard !message.noReplyExpected, connected, let connection = raw else { return }
        guard let reply = try? message.methodReturn(values) else {
            replyNow(message, .failed("cannot build the reply"))
            return
        }
        _ = dbus_connection_send(connection, reply.raw, nil)
    }

    private func introspect(_ message: Message, path: DBusObjectPath, member: String, interfaces: [DBusInterface]?) {
        guard member == "Introspect" else {
            replyNow(message, DBusError(name: DBusError.Name.unknownMethod, message: "No method '\(member)' in \(Self.introspectable)"))
            return
        }
        guard message.signature.isEmpty else {
            replyNow(message, .invalidArgs("Introspect takes no arguments"))
            return
        }
        let children = objects.children(of: path, visibleTo: message.sender)
        guard interfaces != nil || !children.isEmpty || path == .root else {
            replyNow(message, DBusError(name: DBusError.Name.unknownObject, message: "No such object path '\(path)'"))
            return
        }
        replyNow(message, values: [.string(Introspection.xml(interfaces: interfaces ?? [], children: children))])
    }

    private func handleProperties(_ message: Message, member: String, interfaces: [DBusInterface],
                                  path: DBusObjectPath, access: DBusObjectAccess?) {
        let args = message.arguments()
        func findInterface(_ name: String) -> DBusInterface? {
            guard let found = interfaces.first(where: { $0.name == name }) else {
                replyNow(message, DBusError(name: DBusError.Name.unknownInterface, message: "No interface '\(name)'"))
                return nil
            }
            return found
        }
        func findProperty(_ interface: DBusInterface, _ name: String) -> DBusProperty? {
            guard let found = interface.property(named: name) else {
                replyNow(message, DBusError(name: DBusError.Name.unknownProperty,
                                            message: "No property '\(name)' in '\(interface.name)'"))
                return nil
            }
            if let access, !access.allows(message.sender, name) {
                replyNow(message, access.denial(name, at: path))
                return nil
            }
            return found
        }
        switch (member, message.signature) {
        case ("Get", "ss"):
            guard let interface = findInterface(args[0].string!),
                  let property = findProperty(interface, args[1].string!) else { return }
            guard let getter = property.get else {
                replyNow(message, .invalidArgs("Property '\(property.name)' is write-only"))
                return
            }
            let type = property.type
            respond(to: message) {
                [.variant(try await Self.read(getter, type: type, name: property.name))]
            }
        case ("Set", "ssv"):
            guard let interface = findInterface(args[0].string!),
                  let property = findProperty(interface, args[1].string!) else { return }
            guard let setter = property.set else {
                replyNow(message, DBusError(name: DBusError.Name.propertyReadOnly,
                                            message: "Property '\(property.name)' is read-only"))
                return
            }
            let value = args[2].variantValue!
            guard value.type == property.type else {
                replyNow(message, .invalidArgs(
                    "Property '\(property.name)' has type '\(property.type)', got '\(value.signature)'"))
                return
            }
            let sender = message.sender ?? ""
            respond(to: message) {
                try await setter(value, sender)
                return []
            }
        case ("GetAll", "s"):
            guard let interface = findInterface(args[0].string!) else { return }
            // Another connection's object: only what it may read.
            let readable = interface.properties.filter { $0.get != nil && access?.allows(message.sender, $0.name) ?? true }
            respond(to: message) {
                var entries: [DBusDictEntry] = []
                for property in readable {
                    let value = try await Self.read(property.get!, type: property.type, name: property.name)
                    entries.append(DBusDictEntry(key: .string(property.name), value: .variant(value)))
                }
                return [.dictionary(key: .string, value: .variant, entries)]
            }
        case ("Get", _), ("Set", _), ("GetAll", _):
            replyNow(message, .invalidArgs("wrong arguments '\(message.signature)' for \(Self.properties).\(member)"))
        default:
            replyNow(message, DBusError(name: DBusError.Name.unknownMethod, message: "No method '\(member)' in \(Self.properties)"))
        }
    }

    /// Reads a property and checks that the getter kept to the declared type.
    static func read(_ getter: DBusProperty.Getter, type: DBusType, name: String) async throws -> DBusValue {
        let value = try await getter()
        guard value.type == type else {
            throw DBusError.failed("property '\(name)' produced '\(value.signature)' instead of '\(type)'")
        }
        return value
    }
}
