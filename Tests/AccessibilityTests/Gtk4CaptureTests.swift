import Foundation
import TestSupport
import Testing

/// A GTK 4 window under a window manager: GTK 4.8 publishes its labels' boxes relative to its
/// window and answers neither character nor range extents for them, and names its version
/// `Version` only. Its labels are still read exactly, each where the one line of ink in its box is.
@Suite("GTK 4 windows", .serialized)
struct Gtk4CaptureTests {
    static let labels = ["Quarterly 0O1lI report", "Straße café naïve Ærøskøbing", "Invoice 4471 due 2026-12-01"]

    @Test("a GTK 4 window's labels come from the accessibility bus, exact, each where its ink is, the OCR left nothing to read")
    func labelsExact() async throws {
        try await AccessibilityDesktop.with { desktop in
            let manager = try await XPeers.openbox(on: desktop.display)
            defer { manager.terminate() }
            let script = """
            import gi, json, sys
            gi.require_version("Gtk", "4.0")
            from gi.repository import Gtk, Gdk, GLib
            Gtk.init()
            css = Gtk.CssProvider()
            css.load_from_data(b"* { font-family: 'DejaVu Sans'; font-size: 20px; } window { background: #fff; color: #000; }")
            Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_USER)
            w = Gtk.Window(title="gtk4"); w.set_default_size(600, 240)
            box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12); box.set_margin_start(16); box.set_margin_top(16)
            for t in json.loads(sys.argv[1]):
                l = Gtk.Label(label=t); l.set_xalign(0); box.append(l)
            w.set_child(box); w.present()
            GLib.MainLoop().run()
            """
            let labels = String(decoding: try JSONSerialization.data(withJSONObject: Self.labels), as: UTF8.self)
            let window = Process()
            window.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            window.arguments = ["-c", script, labels]
            window.environment = ProcessInfo.processInfo.environment.merging(desktop.environment) { $1 }
                .merging(["GSK_RENDERER": "cairo"]) { $1 }
            window.standardOutput = FileHandle.nullDevice
            window.standardError = FileHandle.nullDevice
            try window.run()
            defer { window.terminate() }
            var taken: [[String: Any]] = []
            for _ in 0..<20 where taken.count < Self.labels.count {
                try await Task.sleep(for: .seconds(1))
                let document = try await CaptureAccessibilityTests.capture(desktop, [])
                taken = CaptureAccessibilityTests.lines(document).filter { $0["source"] as? String == "accessibility" }
            }
            let texts = taken.compactMap { $0["text"] as? String }
            #expect(texts == Self.labels, "\(texts)")
            // Each where its text is drawn: a box of one line's height, not the label's whole width.
            for line in taken {
                let bounds = try #require(line["bounds"] as? [Int])
                #expect(bounds[3] < 40 && bounds[2] < 500, "\(bounds)")
            }
            // The window's client area alone (inside openbox's frame, whose title bar the OCR would
            // read): each label's box holds one line of ink, so its line is taken where the ink
            // is, painted out, and nothing is left for the OCR to lay out.
            let info = try await runCommand("/usr/bin/xwininfo", ["-name", "gtk4"], environment: desktop.environment)
            let number = { (label: String) in
                info.stdout.split(separator: "\n").first { $0.contains(label) }.flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
            }
            let (x, y) = (try #require(number("Absolute upper-left X")), try #require(number("Absolute upper-left Y")))
            var environment = desktop.environment
            environment["LIVETEXT_LOCAL"] = "1"
            environment["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
            // A fresh process's walk has 150 ms, which a loaded machine may not give it: a few tries.
            var document: [String: Any] = [:], lines: [[String: Any]] = []
            for _ in 0..<5 where lines.isEmpty || !lines.allSatisfy({ $0["source"] as? String == "accessibility" }) {
                let client = try await runCommand(builtLivetext().path, ["capture", "--region", "\(x),\(y),600,240", "--json"],
                                                  environment: environment)
                document = try #require(try JSONSerialization.jsonObject(with: Data(client.stdout.utf8)) as? [String: Any])
                lines = CaptureAccessibilityTests.lines(document)
            }
            #expect(lines.compactMap { $0["text"] as? String } == Self.labels, "\(lines)")
            #expect(lines.allSatisfy { $0["source"] as? String == "accessibility" })
            #expect((document["timing"] as? [String: Any])?["layoutMs"] == nil, "\(document["timing"] ?? "")")
        }
    }
}
