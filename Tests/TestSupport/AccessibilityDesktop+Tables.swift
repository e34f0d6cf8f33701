import Foundation

extension AccessibilityDesktop {
    /// A GTK 3 window at (`x`, `y`) showing a tree view (a `Gtk.ListStore`) of `header` and `rows`
    /// in 20 px DejaVu Sans, in a scrolled window, then `extraRows` more rows "rN aN bN …"
    /// (`extraRows` of a million: a table no walk may read whole); scrolled down by `scrollY` and
    /// sideways by `scrollX` pixels once shown. Returns once it is mapped and scrolled.
    @discardableResult
    public func gtkTreeWindow(header: [String], rows: [[String]], extraRows: Int = 0, scrollX: Int = 0, scrollY: Int = 0,
                              x: Int = 30, y: Int = 30, width: Int = 500, height: Int = 300) async throws -> Process {
        let script = runtime.appendingPathComponent("tree-\(UUID().uuidString).py")
        try Self.treeScript.write(to: script, atomically: true, encoding: .utf8)
        let specification = try JSONSerialization.data(withJSONObject: [
            "x": x, "y": y, "width": width, "height": height, "header": header, "rows": rows, "extra": extraRows,
            "scrollX": scrollX, "scrollY": scrollY,
        ])
        let ready = runtime.appendingPathComponent("ready-\(UUID().uuidString)")
        let process = try launch("/usr/bin/python3", [script.path, String(decoding: specification, as: UTF8.self), ready.path])
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: ready.path) {
            guard process.isRunning, Date() < deadline else { throw TestFailure("the GTK tree view never showed") }
            try await Task.sleep(for: .milliseconds(30))
        }
        return process
    }

    static let treeScript = #"""
        import json, sys
        gi = __import__("gi")
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk, Gdk, GLib
        spec = json.loads(sys.argv[1]); ready = sys.argv[2]
        css = Gtk.CssProvider()
        css.load_from_data(b"* { font-family: 'DejaVu Sans'; font-size: 20px; } window, treeview { background: #ffffff; color: #000000; }")
        Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_USER)
        window = Gtk.Window(title="tree view")
        window.set_default_size(spec["width"], spec["height"])
        window.move(spec["x"], spec["y"])
        columns = len(spec["header"])
        store = Gtk.ListStore(*([str] * columns))
        for row in spec["rows"]: store.append(row)
        letters = "abcdefghijklmnopqrstuvwxyz"
        for n in range(spec["extra"]): store.append(["r%d" % n] + ["%s%d" % (letters[c % 26], n) for c in range(1, columns)])
        view = Gtk.TreeView(model=store)
        for index, name in enumerate(spec["header"]):
            view.append_column(Gtk.TreeViewColumn(name, Gtk.CellRendererText(), text=index))
        scrolled = Gtk.ScrolledWindow(); scrolled.add(view); window.add(scrolled)
        window.connect("destroy", Gtk.main_quit)
        window.show_all()
        def scroll():
            scrolled.get_vadjustment().set_value(spec["scrollY"]); scrolled.get_hadjustment().set_value(spec["scrollX"])
            GLib.timeout_add(300, shown)
            return False
        def shown():
            open(ready, "w").close()
            return False
        GLib.timeout_add(400, scroll)
        Gtk.main()
        """#
}
