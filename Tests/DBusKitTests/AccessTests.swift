import TestSupport
import DBusKit
import Foundation
import Testing

@Suite("objects that belong to one connection")
struct AccessTests {
    /// An object at `…/owned/secret` that only `owner` may use but for its `State`.
    static func exportOwned(_ f: Fixture, owner: String) throws -> String {
        let path = TestService.path.rawValue + "/owned/secret"
        let interface = DBusInterface("org.dbuskit.Owned1", methods: [
            DBusMethod("Reveal", outputs: [DBusArgument("secret", "s")]) { _ in [.string("the Wi-Fi password")] },
        ], properties: [
            DBusProperty("State", type: "s", get: { "finished" }),
            DBusProperty("Text", type: "s", get: { "the Wi-Fi password" }),
        ])
        try f.service.export(try DBusObjectPath(path), interfaces: [interface],
                             access: DBusObjectAccess(owner: owner, publicMembers: ["State"]))
        return path
    }

    @Test("another connection gets AccessDenied for every member but the public ones, and does not see the node")
    func othersAreDenied() async throws {
        try await Fixture.with { f async throws in
            let path = try Self.exportOwned(f, owner: f.client.uniqueName)
            let address = f.bus.address
            func gdbus(_ arguments: [String]) async throws -> CommandResult {
                try await runCommand("/usr/bin/gdbus", ["call", "--address", address, "--dest", TestService.name,
                                                        "--object-path", path, "--method"] + arguments)
            }
            let reveal = try await gdbus(["org.dbuskit.Owned1.Reveal"])
            #expect(reveal.status != 0 && reveal.stderr.contains(DBusError.Name.accessDenied), "\(reveal.stderr)")
            let text = try await gdbus(["org.freedesktop.DBus.Properties.Get", "org.dbuskit.Owned1", "Text"])
            #expect(text.stderr.contains(DBusError.Name.accessDenied), "\(text.stderr)")
            let state = try await gdbus(["org.freedesktop.DBus.Properties.Get", "org.dbuskit.Owned1", "State"])
            #expect(state.status == 0 && state.stdout.contains("finished"), "\(state.stderr)")
            let all = try await gdbus(["org.freedesktop.DBus.Properties.GetAll", "org.dbuskit.Owned1"])
            #expect(all.status == 0 && all.stdout.contains("State") && !all.stdout.contains("password"), "\(all.stdout)")
            let listing = try await IntrospectionTests.introspect(f, TestService.path.rawValue, xml: true)
            #expect(!listing.contains(#"node name="owned""#), "\(listing)")

            // The owner uses all of it and sees it.
            let secret = try await f.client.call(destination: TestService.name, path: try DBusObjectPath(path),
                                                 interface: "org.dbuskit.Owned1", member: "Reveal")
            #expect(secret.first?.string == "the Wi-Fi password")
            let ownerAll = try await f.client.call(destination: TestService.name, path: try DBusObjectPath(path),
                                                   interface: "org.freedesktop.DBus.Properties", member: "GetAll",
                                                   arguments: [.string("org.dbuskit.Owned1")])
            #expect(ownerAll.first?.vardict?.keys.sorted() == ["State", "Text"])
            let ownerListing = try await f.client.call(destination: TestService.name, path: TestService.path,
                                                       interface: "org.freedesktop.DBus.Introspectable", member: "Introspect")
            #expect(ownerListing.first?.string?.contains(#"node name="owned""#) == true)
        }
    }
}
