@testable import DesktopPortals
import Foundation
import LiveTextCore
import TestSupport
import Testing

/// livetext's GNOME keybindings written with gsettings into a real dconf (its service started by a
/// private bus, its database in a home of the test's own), beside a keybinding of the user's.
@Suite("GNOME's custom keybindings")
struct GnomeKeybindingsTests {
    @Test("installed beside the user's own, listed, updated in place, and removed leaving the user's")
    func installAndRemove() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("run"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let places = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                      "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path]
        // The service writes the database where its own environment says, as in a session.
        let service = "/usr/bin/env " + places.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            + " /usr/libexec/dconf-service"
        let bus = try await TestBus.start(activatable: ["ca.desrt.dconf": service])
        let environment = places.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]) { $1 }
        let schema = "org.gnome.settings-daemon.plugins.media-keys"
        let mine = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/"
        func gsettings(_ arguments: [String]) async throws -> String {
            let result = try await ChildProcess.run("/usr/bin/gsettings", arguments, environment: environment, timeout: .seconds(20))
            #expect(result.status == 0, "gsettings \(arguments): \(String(decoding: result.stderr, as: UTF8.self))")
            return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try await gsettings(["set", schema + ".custom-keybinding:" + mine, "command", "gnome-terminal"])
        _ = try await gsettings(["set", schema, "custom-keybindings", "['\(mine)']"])

        let keys = GnomeKeybindings(environment: environment)
        let text = GnomeKeybindings.Binding(name: "text", accelerator: "<Super><Shift>t", command: "livetext hotkey text")
        let live = GnomeKeybindings.Binding(name: "live", accelerator: "<Super><Shift>x", command: "livetext hotkey live")
        try await offPool { try keys.install([text, live]) }
        let listed = try await gsettings(["get", schema, "custom-keybindings"])
        #expect(listed.hasPrefix("['\(mine)'"), "the user's own entry first, kept: \(listed)")
        #expect(listed.contains("livetext-text/") && listed.contains("livetext-live/"))
        #expect(try await gsettings(["get", schema + ".custom-keybinding:" + mine.replacingOccurrences(of: "custom0", with: "livetext-live"),
                                     "binding"]) == "'<Super><Shift>x'")
        #expect(try await offPool { try keys.installed() } == [text, live])

        // Again with one changed, one gone and one whose name the path cannot hold: updated in
        // place, the stale one removed, the new one listed by its own name.
        let moved = GnomeKeybindings.Binding(name: "text", accelerator: "<Control><Alt>t", command: "livetext hotkey text")
        let named = GnomeKeybindings.Binding(name: "Copy_QR", accelerator: "<Super>q", command: "livetext hotkey Copy_QR")
        try await offPool { try keys.install([moved, named]) }
        #expect(try await offPool { try keys.installed() } == [moved, named])

        #expect(try await offPool { try keys.remove() } == 2)
        #expect(try await gsettings(["get", schema, "custom-keybindings"]) == "['\(mine)']")
        #expect(try await gsettings(["get", schema + ".custom-keybinding:" + mine, "command"]) == "'gnome-terminal'")
        #expect(try await offPool { try keys.remove() } == 0)
        await bus.stop()
    }

    @Test("a dconf that cannot be reached is an error, not a silent no-op (gsettings itself exits 0)")
    func unreachable() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let keys = GnomeKeybindings(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "HOME": home.path,
                                                  "XDG_RUNTIME_DIR": home.path, "PATH": "/usr/bin:/bin"])
        let error = await #expect(throws: LiveTextError.self) {
            try await offPool {
                try keys.install([GnomeKeybindings.Binding(name: "text", accelerator: "<Super>t", command: "livetext hotkey text")])
            }
        }
        #expect(error?.message.contains("dconf") == true, "\(String(describing: error))")
    }

    @Test("GVariant strings read and written, quotes and backslashes escaped")
    func variantText() {
        #expect(GVariantText.array([]) == "@as []")
        #expect(GVariantText.array(["a'b", "c\\d"]) == #"['a\'b', 'c\\d']"#)
        #expect(GVariantText.strings(#"['a\'b', "c\\d"]"#) == ["a'b", "c\\d"])
        #expect(GVariantText.strings("@as []") == [])
        #expect(GVariantText.strings("'<Super>t'") == ["<Super>t"])
    }
}
