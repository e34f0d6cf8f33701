import Foundation

/// Xvfb, a private session bus and at-spi2-core's bus launcher (with the accessibility bus and
/// registry it starts) for one test: what a desktop with accessibility on holds. GTK 3 windows
/// of known text are added with `gtkWindow`; `stop()` ends every process it started.
public final class AccessibilityDesktop: @unchecked Sendable {
    public let display: TestDisplay
    public let bus: TestBus
    let runtime: URL
    private let lock = NSLock()
    private var started: [RunningCommand] = []

    private init(display: TestDisplay, bus: TestBus, runtime: URL) {
        self.display = display
        self.bus = bus
        self.runtime = runtime
    }

    /// The environment of a client of this desktop.
    public var environment: [String: String] {
        ["DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_RUNTIME_DIR": runtime.path,
         "GSETTINGS_BACKEND": "memory",
         "NO_AT_BRIDGE": "0", "GTK_A11Y": "atspi", "GDK_BACKEND": "x11", "GTK_THEME": "Adwaita"]
    }

    /// Starts the three; with `launcher` false, no accessibility bus (what a desktop without
    /// at-spi2-core looks like).
    public static func start(launcher: Bool = true, width: Int = 1024, height: Int = 768) async throws -> AccessibilityDesktop {
        let display = try await TestDisplay.start(width: width, height: height)
        let bus: TestBus
        do { bus = try await TestBus.start() } catch {
            await display.stop()
            throw error
        }
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let desktop = AccessibilityDesktop(display: display, bus: bus, runtime: runtime)
        if launcher {
            do {
                let process = try desktop.launch("/usr/libexec/at-spi-bus-launcher", ["--launch-immediately"])
                try await desktop.waitForOwner("org.a11y.Bus", process: process)
            } catch {
                await desktop.stop()
                throw error
            }
        }
        return desktop
    }

    /// Runs `body` with a desktop, stopped afterwards whatever happens.
    public static func with<T: Sendable>(launcher: Bool = true, _ body: (AccessibilityDesktop) async throws -> T)
        async throws -> T
    {
        let desktop = try await start(launcher: launcher)
        return try await stopping(desktop, with: { await $0.stop() }, body)
    }

    /// A GTK 3 window at (`x`, `y`) showing `widgets` top to bottom in 20 px DejaVu Sans; returns
    /// once it is mapped. Its process is stopped with the desktop. `environment`: its own (another
    /// display server's), else the desktop's.
    @discardableResult
    public func gtkWindow(_ widgets: [GtkWidget], x: Int = 40, y: Int = 40, width: Int = 600, height: Int = 300,
                          title: String = "a11y test", environment: [String: String]? = nil) async throws -> Process {
        try await pythonWindow(Self.windowScript, [
            "x": x, "y": y, "width": width, "height": height, "title": title, "widgets": widgets.map(\.json),
        ], environment: environment, within: 20)
    }

    /// Runs the Python `script` with `specification` as JSON and a file to create once its window
    /// is drawn; returns once it is, or throws after `limit` seconds. Stopped with the desktop.
    func pythonWindow(_ script: String, _ specification: [String: Any], environment: [String: String]? = nil,
                      within limit: TimeInterval) async throws -> Process {
        let file = runtime.appendingPathComponent("window-\(UUID().uuidString).py")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let json = try JSONSerialization.data(withJSONObject: specification)
        let ready = runtime.appendingPathComponent("ready-\(UUID().uuidString)")
        let process = try launch("/usr/bin/python3", [file.path, String(decoding: json, as: UTF8.self), ready.path],
                                 environment: environment)
        let deadline = Date().addingTimeInterval(limit)
        while !FileManager.default.fileExists(atPath: ready.path) {
            guard process.isRunning, Date() < deadline else {
                throw TestFailure("the window of \(file.lastPathComponent) never showed")
            }
            try await Task.sleep(for: .milliseconds(30))
        }
        return process
    }

    /// Kills every process started here and what they started (the launcher's bus and registry),
    /// then the bus and the display.
    public func stop() async {
        let commands = lock.withLock { started }
        for command in commands.reversed() {
            let pid = command.process.processIdentifier
            // Deepest first, each reaped by its parent before the parent goes (the registry by
            // the accessibility bus's daemon): killed together, they would stay zombies of init.
            for process in Self.descendants(of: pid) {
                kill(process, SIGKILL)
                for _ in 0..<50 where FileManager.default.fileExists(atPath: "/proc/\(process)/exe") {
                    try? await Task.sleep(for: .milliseconds(10))
                }
            }
            kill(pid, SIGKILL)
        }
        for command in commands { _ = try? await command.finish(limit: 5) }
        await bus.stop()
        await display.stop()
        try? FileManager.default.removeItem(at: runtime)
    }

    /// Starts `executable` in this desktop (its `environment`, else the desktop's), stopped with it.
    func launch(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Process {
        let command = try RunningCommand(executable, arguments, environment: environment ?? self.environment)
        lock.withLock { started.append(command) }
        return command.process
    }

    private func waitForOwner(_ name: String, process: Process) async throws {
        for _ in 0..<200 {
            let reply = try await runCommand("/usr/bin/dbus-send", [
                "--bus=\(bus.address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:\(name)",
            ])
            if reply.stdout.contains("boolean true") { return }
            guard process.isRunning else { throw TestFailure("\(process.executableURL?.path ?? "") exited") }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("\(name) never appeared on the session bus")
    }

    /// Every process below `pid`, children first, from /proc.
    static func descendants(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var children: [Int32: [Int32]] = [:]
        for entry in entries {
            guard let child = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { children[parent, default: []].append(child) }
        }
        func below(_ pid: Int32) -> [Int32] { (children[pid] ?? []).flatMap { below($0) + [$0] } }
        return below(pid)
    }
}

/// One widget of a test window.
public enum GtkWidget: Sendable {
    /// A label showing its text.
    case label(String)
    /// A text view holding `text` (lines as given; `wrap` wraps at the view's width), filling
    /// the window's height left, or in a scrolled window `scrolledHeight` pixels high.
    case textView(String, wrap: Bool = false, scrolledHeight: Int = 0)
    /// A label whose text is published but never drawn (opacity 0): what a hostile application does.
    case hiddenLabel(String)
    /// Text drawn with cairo on a canvas, published by nobody: what only OCR can read.
    case drawnText(String)
    /// A label that answers nothing once shown: the application's main loop stops for `seconds`.
    case hangAfterShowing(seconds: Int)

    var json: [String: Any] {
        switch self {
        case .label(let text): ["kind": "label", "text": text]
        case .textView(let text, let wrap, let height): ["kind": "textview", "text": text, "wrap": wrap, "height": height]
        case .hiddenLabel(let text): ["kind": "hidden", "text": text]
        case .drawnText(let text): ["kind": "drawn", "text": text]
        case .hangAfterShowing(let seconds): ["kind": "hang", "seconds": seconds]
        }
    }
}

extension AccessibilityDesktop {
    /// The GTK 3 window: its specification as JSON, and a file to create once it is drawn.
    static let windowScript = #"""
        import json, sys, time
        gi = __import__("gi")
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk, Gdk, GLib
        spec = json.loads(sys.argv[1]); ready = sys.argv[2]
        css = Gtk.CssProvider()
        css.load_from_data(b"* { font-family: 'DejaVu Sans'; font-size: 20px; } window, textview text { background: #ffffff; color: #000000; }")
        Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_USER)
        window = Gtk.Window(title=spec["title"])
        window.set_default_size(spec["width"], spec["height"])
        window.move(spec["x"], spec["y"])
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12)
        box.set_margin_start(16); box.set_margin_top(16)
        hang = 0
        for widget in spec["widgets"]:
            kind = widget["kind"]
            if kind == "label" or kind == "hidden":
                label = Gtk.Label(label=widget["text"]); label.set_xalign(0)
                if kind == "hidden": label.set_opacity(0.0)
                box.pack_start(label, False, False, 0)
            elif kind == "drawn":
                canvas = Gtk.DrawingArea(); canvas.set_size_request(500, 30)
                def draw(area, cr, text=widget["text"]):
                    cr.set_source_rgb(0, 0, 0); cr.select_font_face("DejaVu Sans"); cr.set_font_size(20)
                    cr.move_to(0, 24); cr.show_text(text)
                canvas.connect("draw", draw); box.pack_start(canvas, False, False, 0)
            elif kind == "textview":
                view = Gtk.TextView(); view.get_buffer().set_text(widget["text"])
                if widget["wrap"]: view.set_wrap_mode(Gtk.WrapMode.WORD)
                if widget["height"]:
                    scrolled = Gtk.ScrolledWindow(); scrolled.set_min_content_height(widget["height"])
                    scrolled.add(view); box.pack_start(scrolled, False, False, 0)
                else:
                    box.pack_start(view, True, True, 0)
            elif kind == "hang":
                hang = widget["seconds"]
        window.add(box)
        window.connect("destroy", Gtk.main_quit)
        window.show_all()
        def shown():
            open(ready, "w").close()
            if hang: GLib.timeout_add(300, lambda: time.sleep(hang))
            return False
        GLib.timeout_add(400, shown)
        Gtk.main()
        """#
}
