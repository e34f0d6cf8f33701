import TestSupport
import DBusKit
import Foundation

/// A stored value behind a lock, for property state shared by handler tasks.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ newValue: Value) { lock.lock(); value = newValue; lock.unlock() }
}

/// The object the tests export: one method per behaviour under test.
enum TestService {
    static let name = "org.dbuskit.Test"
    static let path: DBusObjectPath = "/org/dbuskit/Test"
    static let interfaceName = "org.dbuskit.Test1"

    /// Every type at once (all but `h`, which has its own methods).
    static let allTypes: [DBusArgument] = [
        DBusArgument("y", "y"), DBusArgument("b", "b"), DBusArgument("n", "n"), DBusArgument("q", "q"),
        DBusArgument("i", "i"), DBusArgument("u", "u"), DBusArgument("x", "x"), DBusArgument("t", "t"),
        DBusArgument("d", "d"), DBusArgument("s", "s"), DBusArgument("o", "o"), DBusArgument("g", "g"),
        DBusArgument("options", "a{sv}"), DBusArgument("items", "aa{sv}"), DBusArgument("region", "(iiuu)"),
        DBusArgument("bytes", "ay"), DBusArgument("anything", "av"), DBusArgument("lists", "a{ias}"),
        DBusArgument("nested", "a(sa{sv})"),
    ]

    static func interface(connection: @escaping @Sendable () -> DBusConnection?, gate: Gate, name: Locked<String>)
        -> DBusInterface
    {
        DBusInterface(
            interfaceName, doc: "A test interface & friends.",
            methods: [
                DBusMethod("EchoAll", inputs: allTypes, outputs: allTypes, doc: "Returns its arguments.") { call in
                    call.arguments
                },
                DBusMethod("EchoVariant", inputs: [DBusArgument("value", "v")], outputs: [DBusArgument("value", "v")]) {
                    call in call.arguments
                },
                DBusMethod("EchoString", inputs: [DBusArgument("text", "s")], outputs: [DBusArgument("text", "s")]) {
                    call in call.arguments
                },
                DBusMethod("Add", inputs: [DBusArgument("a", "i"), DBusArgument("b", "i")],
                           outputs: [DBusArgument("sum", "i")], doc: "Adds two numbers.") { call in
                    [.int32(call[0].int32! &+ call[1].int32!)]
                },
                DBusMethod("ReadFd", inputs: [DBusArgument("fd", "h")], outputs: [DBusArgument("contents", "ay")]) { call in
                    guard let fd = call.fileDescriptors.first?.rawValue else { throw DBusError.invalidArgs("no fd") }
                    return [.bytes(try readAll(fd))]
                },
                DBusMethod("PassFd", inputs: [DBusArgument("fd", "h")], outputs: [DBusArgument("fd", "h")]) { call in
                    call.arguments
                },
                DBusMethod("Fail", inputs: [DBusArgument("name", "s"), DBusArgument("message", "s")]) { call in
                    throw DBusError(name: call[0].string!, message: call[1].string!)
                },
                DBusMethod("FailPlain") { _ in
                    throw TestFailure("plain swift error")
                },
                DBusMethod("BadReply", outputs: [DBusArgument("text", "s")]) { _ in
                    [.int32(1)]
                },
                DBusMethod("Sender", outputs: [DBusArgument("sender", "s")]) { call in
                    [.string(call.sender)]
                },
                DBusMethod("Slow", inputs: [DBusArgument("id", "s")], outputs: [DBusArgument("id", "s")]) { call in
                    await gate.pass()
                    return call.arguments
                },
                DBusMethod("Fast", inputs: [DBusArgument("id", "s")], outputs: [DBusArgument("id", "s")]) { call in
                    call.arguments
                },
                DBusMethod("Emit", inputs: [DBusArgument("text", "s")]) { call in
                    try connection()?.emitSignal(path: path, interface: interfaceName, member: "Ping", arguments: call.arguments)
                    return []
                },
            ],
            properties: [
                DBusProperty("Name", type: "s", doc: "A writable name.", get: { .string(name.get()) }, set: { value, _ in
                    guard let text = value.string, !text.isEmpty else { throw DBusError.invalidArgs("empty name") }
                    name.set(text)
                    try await connection()?.emitPropertiesChanged(path: path, interface: interfaceName, names: ["Name"])
                }),
                DBusProperty("Count", type: "u", emitsChanged: .const, get: { .uint32(42) }),
                DBusProperty("Insets", type: "(dddd)", get: { .structure([1.0, 2.0, 3.0, 4.0]) }),
            ],
            signals: [DBusSignal("Ping", arguments: [DBusArgument("text", "s")], doc: "Sent by Emit.")]
        )
    }
}

/// Reads a whole file descriptor from offset 0 without moving its offset.
func readAll(_ fd: Int32) throws -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(result.count)) }
        if n < 0 { throw TestFailure("pread failed: errno \(errno)") }
        if n == 0 { return result }
        result.append(contentsOf: buffer[0..<n])
    }
}

/// A private bus with the test service on it (owning `org.dbuskit.Test`) and a client connection.
struct Fixture: Sendable {
    let bus: TestBus
    let service: DBusConnection
    let client: DBusConnection
    let gate: Gate

    /// `--address=…` style argument lists for the command-line clients.
    var gdbusCall: [String] {
        ["call", "--address", bus.address, "--dest", TestService.name, "--object-path", TestService.path.rawValue,
         "--timeout", "20", "--method"]
    }

    func call(_ member: String, _ arguments: [DBusValue] = [], timeout: Duration = DBusConnection.defaultTimeout)
        async throws -> [DBusValue]
    {
        try await client.call(destination: TestService.name, path: TestService.path, interface: TestService.interfaceName,
                              member: member, arguments: arguments, timeout: timeout)
    }

    static func with(_ body: @Sendable (Fixture) async throws -> Void) async throws {
        let bus = try await TestBus.start()
        var connections: [DBusConnection] = []
        do {
            let service = try await DBusConnection.connect(address: bus.address)
            connections.append(service)
            let gate = Gate()
            let holder = Locked<DBusConnection?>(service)
            try service.export(TestService.path, interfaces: [
                TestService.interface(connection: { holder.get() }, gate: gate, name: Locked("initial")),
            ])
            // Export first, then own the name: the order a systemd Type=dbus service needs.
            let owned = try await service.requestName(TestService.name, flags: .doNotQueue)
            guard owned == .primaryOwner else { throw TestFailure("could not own the test name: \(owned)") }
            let client = try await DBusConnection.connect(address: bus.address)
            connections.append(client)
            try await body(Fixture(bus: bus, service: service, client: client, gate: gate))
            holder.set(nil)
        } catch {
            connections.forEach { $0.close() }
            await bus.stop()
            throw error
        }
        connections.forEach { $0.close() }
        await bus.stop()
    }
}
