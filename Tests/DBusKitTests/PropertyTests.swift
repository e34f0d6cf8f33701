import TestSupport
import DBusKit
import Foundation
import Testing

@Suite("properties")
struct PropertyTests {
    func busctl(_ f: Fixture, _ arguments: [String]) async throws -> CommandResult {
        try await runCommand("/usr/bin/busctl", ["--address=\(f.bus.address)"] + arguments)
    }

    @Test("busctl get/set-property, and a second connection receives PropertiesChanged")
    func getSetChanged() async throws {
        try await Fixture.with { f async throws in
            let target = [TestService.name, TestService.path.rawValue, TestService.interfaceName]
            let changes = try await f.client.signals(matching: .propertiesChanged(sender: f.service.uniqueName,
                                                                                  path: TestService.path))
            let initial = try await busctl(f, ["get-property"] + target + ["Name"])
            #expect(initial.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "s \"initial\"", "\(initial.stderr)")

            let set = try await busctl(f, ["set-property"] + target + ["Name", "s", "changed"])
            #expect(set.status == 0, "\(set.stderr)")
            let now = try await busctl(f, ["get-property"] + target + ["Name"])
            #expect(now.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "s \"changed\"")

            var iterator = changes.makeAsyncIterator()
            let signal = try #require(await iterator.next())
            #expect(signal.arguments.first == .string(TestService.interfaceName))
            #expect(signal.arguments[1]["Name"] == .string("changed"))
            #expect(signal.arguments[2].stringArray == [])

            let insets = try await busctl(f, ["get-property"] + target + ["Insets"])
            #expect(insets.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(dddd) 1 2 3 4", "\(insets.stderr)")
        }
    }

    @Test("Get, GetAll and Set errors through the Properties interface")
    func propertiesInterface() async throws {
        try await Fixture.with { f async throws in
            func properties(_ member: String, _ arguments: [DBusValue]) async throws -> [DBusValue] {
                try await f.client.call(destination: TestService.name, path: TestService.path,
                                        interface: "org.freedesktop.DBus.Properties", member: member, arguments: arguments)
            }
            let all = try await properties("GetAll", [.string(TestService.interfaceName)])
            #expect(all.first?.vardict == ["Name": "initial", "Count": .uint32(42), "Insets": .structure([1.0, 2.0, 3.0, 4.0])])
            #expect(try await properties("Get", [.string(TestService.interfaceName), "Count"]) == [.variant(.uint32(42))])

            func expectError(_ name: String, _ member: String, _ arguments: [DBusValue]) async throws {
                do {
                    _ = try await properties(member, arguments)
                    Issue.record("\(member) \(arguments) should fail with \(name)")
                } catch let error as DBusError {
                    #expect(error.name == name, "\(member) \(arguments): \(error)")
                }
            }
            let i = DBusValue.string(TestService.interfaceName)
            try await expectError(DBusError.Name.propertyReadOnly, "Set", [i, "Count", .variant(.uint32(1))])
            try await expectError(DBusError.Name.invalidArgs, "Set", [i, "Name", .variant(.int32(1))])
            try await expectError(DBusError.Name.invalidArgs, "Set", [i, "Name", .variant("")])  // the setter's own check
            try await expectError(DBusError.Name.unknownProperty, "Get", [i, "Nope"])
            try await expectError(DBusError.Name.unknownInterface, "Get", ["org.x.Nope", "Name"])
            try await expectError(DBusError.Name.unknownInterface, "GetAll", ["org.x.Nope"])
            try await expectError(DBusError.Name.invalidArgs, "Get", [i])
            #expect(try await properties("Get", [i, "Name"]) == [.variant("initial")])
        }
    }
}
