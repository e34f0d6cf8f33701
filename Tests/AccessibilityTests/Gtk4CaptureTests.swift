import Foundation
import TestSupport
import Testing

/// A GTK 4 window under a window manager: GTK 4.8 publishes its labels' boxes relative to its
/// window and answers neither character nor range extents for them, and names its version
/// `Version` only. Its labels are still read exactly, placed where the OCR's lines are.
@Suite("GTK 4 windows", .serialized)
struct Gtk4CaptureTests {
    static let labels = ["Quarterly 0O1lI report", "Straße café naïve Ærøskøbing", "Invoice 4471 due 2026-12-01"]

    @Test("a GTK 4 window's labels come from the accessibility bus, exact, their boxes where the OCR read them")
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
        }
    }
}
