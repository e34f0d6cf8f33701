import TestSupport
import DBusKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite("introspection")
struct IntrospectionTests {
    static func introspect(_ f: Fixture, _ path: String, xml: Bool) async throws -> String {
        let result = try await runCommand("/usr/bin/gdbus", [
            "introspect", "--address", f.bus.address, "--dest", TestService.name, "--object-path", path,
        ] + (xml ? ["--xml"] : []))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("gdbus parses the full description: arguments, properties, signals, docs")
    func fullDescription() async throws {
        try await Fixture.with { f async throws in
            let text = try await Self.introspect(f, TestService.path.rawValue, xml: false)
            #expect(text.contains("interface org.dbuskit.Test1"), "\(text)")
            #expect(text.contains("Add(in  i a,"), "\(text)")
            #expect(text.contains("out i sum);"), "\(text)")
            #expect(text.contains("signals:") && text.contains("Ping(s text);"), "\(text)")
            #expect(text.contains("readwrite s Name"), "\(text)")
            #expect(text.contains("readonly u Count"), "\(text)")
            #expect(text.contains("readonly (dddd) Insets"), "\(text)")
            #expect(text.contains("interface org.freedesktop.DBus.Properties"), "\(text)")
            #expect(text.contains("interface org.freedesktop.DBus.Introspectable"), "\(text)")
            #expect(text.contains("EchoAll(in  y y,"), "\(text)")

            let xml = try await Self.introspect(f, TestService.path.rawValue, xml: true)
            #expect(xml.contains(#"<annotation name="org.freedesktop.DBus.DocString" value="Adds two numbers."/>"#), "\(xml)")
            #expect(xml.contains(#"value="A test interface &amp; friends.""#), "\(xml)")
            #expect(xml.contains(#"<arg type="a{sv}" name="options" direction="in"/>"#)
                || xml.contains(#"<arg name="options" type="a{sv}" direction="in"/>"#), "\(xml)")

            // Our own XML must parse as XML too.
            let raw = try await f.client.call(destination: TestService.name, path: TestService.path,
                                              interface: "org.freedesktop.DBus.Introspectable", member: "Introspect")
            let document = try XMLDocument(xmlString: try #require(raw.first?.string))
            let methods = try document.nodes(forXPath: "/node/interface[@name='org.dbuskit.Test1']/method/@name")
            #expect(methods.count == 13)
            let access = try document.nodes(forXPath: "//property[@name='Name']/@access").first?.stringValue
            #expect(access == "readwrite")
        }
    }

    @Test("objects added and removed at runtime appear as child nodes")
    func childNodes() async throws {
        try await Fixture.with { f async throws in
            let analysis = DBusInterface("org.dbuskit.Analysis1", properties: [
                DBusProperty("State", type: "s", get: { "finished" }),
            ])
            let base = TestService.path.rawValue
            try f.service.export(try DBusObjectPath(base + "/analysis/1"), interfaces: [analysis])
            try f.service.export(try DBusObjectPath(base + "/analysis/2"), interfaces: [analysis])

            let top = try await Self.introspect(f, base, xml: true)
            #expect(top.contains(#"node name="analysis""#), "\(top)")
            let parent = try await Self.introspect(f, base + "/analysis", xml: true)
            #expect(parent.contains(#"node name="1""#) && parent.contains(#"node name="2""#), "\(parent)")
            let root = try await Self.introspect(f, "/", xml: true)
            #expect(root.contains(#"node name="org""#), "\(root)")

            let state = try await runCommand("/usr/bin/busctl", [
                "--address=\(f.bus.address)", "get-property", TestService.name, base + "/analysis/2",
                "org.dbuskit.Analysis1", "State",
            ])
            #expect(state.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "s \"finished\"", "\(state.stderr)")

            #expect(f.service.unexport(try DBusObjectPath(base + "/analysis/1")))
            let after = try await Self.introspect(f, base + "/analysis", xml: true)
            #expect(!after.contains(#"node name="1""#) && after.contains(#"node name="2""#), "\(after)")
            #expect(f.service.unexport(try DBusObjectPath(base + "/analysis/2")))
            let gone = try await runCommand("/usr/bin/gdbus", f.gdbusCall.map { $0 == base ? base + "/analysis/2" : $0 }
                + ["org.freedesktop.DBus.Properties.Get", "org.dbuskit.Analysis1", "State"])
            #expect(gone.stderr.contains(DBusError.Name.unknownObject), "\(gone.stderr)")
        }
    }
}
