import TestSupport
import DBusKit
import Foundation
import Testing

@Suite("error replies")
struct ErrorTests {
    /// Runs `gdbus call` and returns the D-Bus error name from its stderr (`GDBus.Error:NAME: message`).
    static func gdbusError(_ f: Fixture, _ arguments: [String], path: String = TestService.path.rawValue) async throws
        -> String
    {
        var call = f.gdbusCall
        call[call.firstIndex(of: "--object-path")! + 1] = path
        let result = try await runCommand("/usr/bin/gdbus", call + arguments)
        #expect(result.status != 0)
        guard let range = result.stderr.range(of: "GDBus.Error:") else { return "no error: \(result.stderr)" }
        let rest = result.stderr[range.upperBound...]
        return String(rest.prefix { $0 != ":" && !$0.isWhitespace })
    }

    @Test("gdbus sees the exact error names")
    func gdbusErrorNames() async throws {
        try await Fixture.with { f async throws in
            let i = TestService.interfaceName
            #expect(try await Self.gdbusError(f, ["\(i).Fail", "org.example.Error.Custom", "boom"])
                == "org.example.Error.Custom")
            #expect(try await Self.gdbusError(f, ["\(i).FailPlain"]) == DBusError.Name.failed)
            // gdbus types arguments from our introspection data, so wrong types go through dbus-send.
            let wrong = try await runCommand("/usr/bin/dbus-send", [
                "--bus=\(f.bus.address)", "--print-reply", "--dest=\(TestService.name)", TestService.path.rawValue,
                "\(i).Add", "string:x", "string:y",
            ])
            #expect(wrong.stderr.hasPrefix("Error \(DBusError.Name.invalidArgs):"), "\(wrong.stderr)")
            #expect(try await Self.gdbusError(f, ["\(i).Add", "1"]) == DBusError.Name.invalidArgs)
            #expect(try await Self.gdbusError(f, ["\(i).Nope"]) == DBusError.Name.unknownMethod)
            #expect(try await Self.gdbusError(f, ["org.example.Nope.Add", "1", "2"]) == DBusError.Name.unknownInterface)
            #expect(try await Self.gdbusError(f, ["\(i).Add", "1", "2"], path: "/no/such/object")
                == DBusError.Name.unknownObject)
            #expect(try await Self.gdbusError(f, ["\(i).BadReply"]) == DBusError.Name.failed)
        }
    }

    @Test("a DBusKit caller gets DBusError with name and message")
    func dbusKitErrors() async throws {
        try await Fixture.with { f async throws in
            await #expect(throws: DBusError(name: "org.livetext.Error.InvalidImage", message: "not an image")) {
                try await f.call("Fail", ["org.livetext.Error.InvalidImage", "not an image"])
            }
            // An invalid error name from a handler must not crash libdbus; it becomes Failed.
            do {
                _ = try await f.call("Fail", ["not a valid name", "x"])
                Issue.record("expected an error")
            } catch let error as DBusError {
                #expect(error.name == DBusError.Name.failed)
            }
            do {
                _ = try await f.call("FailPlain")
                Issue.record("expected an error")
            } catch let error as DBusError {
                #expect(error.name == DBusError.Name.failed)
                #expect(error.message.contains("plain swift error"))
            }
            do {
                _ = try await f.call("Add", ["one", "two"])
                Issue.record("expected an error")
            } catch let error as DBusError {
                #expect(error.name == DBusError.Name.invalidArgs)
                #expect(error.message.contains("'ii'"))
            }
            // The service answers normally afterwards.
            #expect(try await f.call("Add", [2, 3]) == [5])
        }
    }

    @Test("invalid names and values throw instead of reaching libdbus")
    func localValidation() async throws {
        try await Fixture.with { f async throws in
            await #expect(throws: DBusError.self) {
                try await f.client.call(destination: "not..valid", path: "/", interface: nil, member: "X")
            }
            await #expect(throws: DBusError.self) {
                try await f.client.call(destination: TestService.name, path: "/", interface: "bad", member: "X")
            }
            await #expect(throws: DBusError.self) {
                try await f.client.call(destination: TestService.name, path: "/", interface: nil, member: "a.b")
            }
            await #expect(throws: DBusError.self) { try await f.call("EchoString", [.string("nul\0inside")]) }
            #expect(throws: DBusError.self) {
                try f.service.emitSignal(path: "/", interface: "org.x.Y", member: "Bad-Name")
            }
            #expect(throws: DBusError.self) {
                try f.service.export("/x", interfaces: [DBusInterface("no_dots")])
            }
        }
    }

    @Test("calling a name nobody owns fails with ServiceUnknown")
    func serviceUnknown() async throws {
        try await Fixture.with { f async throws in
            do {
                _ = try await f.client.call(destination: "org.nobody.Here", path: "/", interface: "org.x.Y", member: "Z")
                Issue.record("expected an error")
            } catch let error as DBusError {
                #expect(error.name == DBusError.Name.serviceUnknown)
            }
        }
    }
}
