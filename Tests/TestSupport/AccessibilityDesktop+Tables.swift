import Foundation

extension AccessibilityDesktop {
    /// A GTK 3 window at (`x`, `y`) showing a tree view (a `Gtk.ListStore`) of `header` and `rows`
    /// in 20 px DejaVu Sans, in a scrolled window, then `extraRows` more rows "rN aN bN …"
    /// (`extraRows` of a million: a table no walk may read whole); scrolled down by `scrollY` and
    /// sideways by `scrollX` pixels once shown; the column `undrawn` (when given) has its text
    /// drawn in the background's colour: published, never seen. Returns once it is mapped and scrolled.
    @discardableResult
    public func gtkTreeWindow(header: [String], rows: [[String]], extraRows: Int = 0, scrollX: Int = 0, scrollY: Int = 0,
                              undrawn: Int? = nil, x: Int = 30, y: Int = 30, width: Int = 500, height: Int = 300,
                              environment: [String: String]? = nil, within limit: TimeInterval = 60) async throws -> Process {
        try await pythonWindow(Self.treeScript, [
            "x": x, "y": y, "width": width, "height": height, "title": "tree view", "header": header, "rows": rows, "extra": extraRows,
            "scrollX": scrollX, "scrollY": scrollY, "undrawn": undrawn ?? -1,
        ], environment: environment, within: limit)
    }

    /// The GTK 3 window of `gtkWindow` (its font, place and size) holding a tree view.
    static let treeScript = windowScript.components(separatedBy: "box = Gtk.Box")[0] + #"""
        css.load_from_data(b"* { font-family: 'DejaVu Sans'; font-size: 20px; } window, treeview { background: #ffffff; color: #000000; }")
        columns = len(spec["header"])
        store = Gtk.ListStore(*([str] * columns))
        for row in spec["rows"]: store.append(row)
        letters = "abcdefghijklmnopqrstuvwxyz"
        for n in range(spec["extra"]): store.append(["r%d" % n] + ["%s%d" % (letters[c % 26], n) for c in range(1, columns)])
        view = Gtk.TreeView(model=store)
        for index, name in enumerate(spec["header"]):
            renderer = Gtk.CellRendererText()
            if index == spec["undrawn"]: renderer.set_property("foreground", "#ffffff")
            view.append_column(Gtk.TreeViewColumn(name, renderer, text=index))
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
