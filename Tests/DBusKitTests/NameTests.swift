import TestSupport
import DBusKit
import Foundation
import Testing

@Suite("bus names and signals")
struct NameTests {
    @Test("a second owner with do-not-queue gets 'exists', from another process and another connection")
    func doNotQueue() async throws {
        try await Fixture.with { f async throws in
            let other = try await runCommand("/usr/bin/dbus-send", [
                "--bus=\(f.bus.address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.RequestName", "string:\(TestService.name)", "uint32:4",
            ])
            #expect(other.stdout.contains("uint32 3"), "\(other.stdout) \(other.stderr)")

            #expect(try await f.client.requestName(TestService.name, flags: .doNotQueue) == .exists)
            #expect(try await f.service.requestName(TestService.name, flags: .doNotQueue) == .alreadyOwner)
            #expect(try await f.client.releaseName(TestService.name) == .notOwner)
            #expect(try await f.service.releaseName(TestService.name) == .released)
            #expect(try await f.client.requestName(TestService.name, flags: .doNotQueue) == .primaryOwner)
            #expect(try await f.client.releaseName("org.dbuskit.Never") == .nonExistent)
        }
    }

    @Test("an emitted signal reaches a subscriber whose rule matches, and not one whose rule does not")
    func signals() async throws {
        try await Fixture.with { f async throws in
            let pings = try await f.client.signals(matching: DBusMatchRule(
                sender: f.service.uniqueName, interface: TestService.interfaceName, member: "Ping"))
            let others = try await f.client.signals(matching: DBusMatchRule(
                interface: TestService.interfaceName, member: "Ping", arg0: "only this"))
            _ = try await f.call("Emit", ["hello"])
            _ = try await f.call("Emit", ["only this"])
            var iterator = pings.makeAsyncIterator()
            let first = try #require(await iterator.next())
            #expect(first.arguments == ["hello"])
            #expect(first.path == TestService.path)
            #expect(first.sender == f.service.uniqueName)
            #expect(try #require(await iterator.next()).arguments == ["only this"])
            var filtered = others.makeAsyncIterator()
            #expect(try #require(await filtered.next()).arguments == ["only this"])
        }
    }

    @Test("match rule text quotes values")
    func ruleText() {
        let rule = DBusMatchRule(interface: "org.x.Y", arg0: "it's")
        #expect(rule.description == #"type='signal',interface='org.x.Y',arg0='it'\''s'"#)
        #expect(DBusMatchRule.nameOwnerChanged(name: ":1.5").description.contains("member='NameOwnerChanged'"))
    }
}
