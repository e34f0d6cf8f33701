import Foundation

/// A real dunst (1.9) serving `org.freedesktop.Notifications` on a test's private bus and Xvfb.
///
/// dunst reads a dunstrc written into a temporary directory (`dunst -config FILE`): markup on (so it
/// lists `body-markup`), no timeouts (notifications stay until closed), a left click runs the
/// default action and closes the notification, and its context menu runs a script instead of
/// dmenu. The helpers read and drive dunst the way a user would; what works with dunst 1.9.0:
///
/// - ``history()``: `dunstctl history`, the notifications dunst closed (JSON, newest first). dunst
///   keeps no actions in history (`history-pop` shows one again without them), and a later
///   `Notify` whose replaces-id names a closed notification gets that id back.
/// - ``displayedCount()``, ``closeAll()``: `dunstctl count displayed`, `dunstctl close-all`
///   (closing reports reason 2, dismissed).
/// - ``invokeDefaultAction(position:)``: `dunstctl action N`, the default action of the Nth
///   displayed notification from the top (dunst sorts by urgency, then oldest first; a notification
///   with a single action treats that one as its default); dunst keeps it open.
/// - ``clickNotification()``: an xdotool left click on dunst's visible window; dunst sends
///   `ActionInvoked(id, "default")` then `NotificationClosed(id, 2)`.
/// - ``chooseAction(labeled:)``: `dunstctl context` makes dunst run the `dmenu` script with one
///   line per action on stdin, `#<label> (<summary>) [<id>,<key>]`; the script prints the line whose
///   label was asked for and dunst invokes that action (the notification stays open).
/// - ``monitorNotifyCalls()``: `busctl monitor --json=short` on the bus, so a test sees the raw
///   `Notify` arguments dunst received (actions, hint names, the image-data struct).
///
/// dunst sends `ActionInvoked` and `NotificationClosed` only to the connection that posted the
/// notification. ``restart(settings:)`` kills dunst and starts it again on the same bus and
/// display (optionally with other settings), as a server restart.
public final class DunstServer: @unchecked Sendable {
    public let bus: TestBus
    public let display: TestDisplay
    /// Holds the dunstrc, the menu script and its files, and dunst's log.
    public let directory: URL
    private let lock = NSLock()
    private var process: Process?
    private let ownsBusAndDisplay: Bool

    /// `DISPLAY` and `DBUS_SESSION_BUS_ADDRESS` of this server, for dunstctl, xdotool and the like.
    public var environment: [String: String] {
        display.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }
    }

    private init(bus: TestBus, display: TestDisplay, directory: URL, ownsBusAndDisplay: Bool) {
        self.bus = bus
        self.display = display
        self.directory = directory
        self.ownsBusAndDisplay = ownsBusAndDisplay
    }

    /// The `[global]` settings written into the dunstrc; entries of `settings` passed to
    /// ``start(bus:display:settings:)`` override these.
    public static let defaultSettings: [String: String] = [
        "width": "300", "height": "200", "origin": "top-left", "offset": "10x10",
        "markup": "full", "idle_threshold": "0", "show_age_threshold": "-1", "history_length": "50",
        "mouse_left_click": "do_action, close_current", "mouse_middle_click": "close_current",
        "mouse_right_click": "close_all", "sticky_history": "yes",
    ]

    /// Starts dunst on `bus` and `display` and waits (up to 15 s) until it owns
    /// `org.freedesktop.Notifications`. `settings` go into `[global]` over ``defaultSettings``.
    public static func start(bus: TestBus, display: TestDisplay, settings: [String: String] = [:]) async throws
        -> DunstServer
    {
        try await start(bus: bus, display: display, settings: settings, owning: false)
    }

    private static func start(bus: TestBus, display: TestDisplay, settings: [String: String], owning: Bool)
        async throws -> DunstServer
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dunst-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = DunstServer(bus: bus, display: display, directory: directory, ownsBusAndDisplay: owning)
        do {
            try server.writeMenuScript()
            try await server.launch(settings: settings)
        } catch {
            await server.stop()
            throw error
        }
        return server
    }

    /// Starts a bus, a display and dunst on them, runs `body`, and stops all three whatever happens.
    public static func with<T: Sendable>(settings: [String: String] = [:],
                                         _ body: (DunstServer) async throws -> T) async throws -> T {
        let bus = try await TestBus.start()
        let display: TestDisplay
        do {
            display = try await TestDisplay.start(width: 800, height: 600)
        } catch {
            await bus.stop()
            throw error
        }
        let server: DunstServer
        do {
            server = try await start(bus: bus, display: display, settings: settings, owning: true)
        } catch {
            await display.stop()
            await bus.stop()
            throw error
        }
        return try await stopping(server, with: { await $0.stop() }, body)
    }

    /// Kills dunst and removes its files; also stops the bus and display when ``with(settings:_:)``
    /// started them.
    public func stop() async {
        await killDunst()
        try? FileManager.default.removeItem(at: directory)
        if ownsBusAndDisplay {
            await display.stop()
            await bus.stop()
        }
    }

    /// Kills dunst (SIGKILL, as a crash would) and waits until the name has no owner.
    public func kill() async throws {
        await killDunst()
        try await waitForOwner(present: false)
    }

    /// Stops dunst with SIGSTOP: it keeps its name but answers nothing, as a hung server would.
    /// ``stop()`` and ``kill()`` still end it.
    public func freeze() {
        if let process = lock.withLock({ self.process }) { Foundation.kill(process.processIdentifier, SIGSTOP) }
    }

    /// Kills dunst and starts a new one on the same bus and display, with `settings` over the
    /// defaults; returns once the new one owns the name.
    public func restart(settings: [String: String] = [:]) async throws {
        try await kill()
        try await launch(settings: settings)
    }

    // MARK: Reading what dunst got

    /// One notification from `dunstctl history`.
    public struct HistoryEntry: Sendable, Hashable {
        public let id: Int
        public let appName: String
        public let summary: String
        public let body: String
        /// The key of the default action (`default` when one was offered), else empty.
        public let defaultActionName: String
    }

    /// The notifications dunst closed, newest first (`dunstctl history`).
    public func history() async throws -> [HistoryEntry] {
        let result = try await dunstctl(["history"])
        guard let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
              let groups = object["data"] as? [[[String: Any]]]
        else { throw TestFailure("unexpected dunstctl history: \(result.stdout)") }
        return groups.flatMap { $0 }.map { entry in
            func field(_ name: String) -> Any? { (entry[name] as? [String: Any])?["data"] }
            return HistoryEntry(id: field("id") as? Int ?? -1, appName: field("appname") as? String ?? "",
                                summary: field("summary") as? String ?? "", body: field("body") as? String ?? "",
                                defaultActionName: field("default_action_name") as? String ?? "")
        }
    }

    /// How many notifications dunst shows now.
    public func displayedCount() async throws -> Int {
        let result = try await dunstctl(["count", "displayed"])
        guard let count = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestFailure("unexpected dunstctl count: \(result.stdout)")
        }
        return count
    }

    /// Waits (up to 10 s) until dunst shows `count` notifications.
    public func waitForDisplayed(_ count: Int) async throws {
        for _ in 0..<200 {
            if try await displayedCount() == count { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("dunst never showed \(count) notifications (shows \(try await displayedCount()))")
    }

    /// Closes every notification, as the user would (`dunstctl close-all`).
    public func closeAll() async throws {
        _ = try await dunstctl(["close-all"])
    }

    // MARK: Acting on notifications

    /// Invokes the default action of the displayed notification at `position` from the top
    /// (`dunstctl action N`).
    public func invokeDefaultAction(position: Int = 0) async throws {
        _ = try await dunstctl(["action", String(position)])
    }

    /// Left-clicks dunst's window once it is visible (up to 10 s): with the dunstrc's mouse
    /// setting, the default action, then the notification closes.
    public func clickNotification() async throws {
        var window: String?
        for _ in 0..<200 {
            let found = try await runCommand("/usr/bin/xdotool", ["search", "--onlyvisible", "--class", "Dunst"],
                                             environment: environment)
            if found.status == 0, let first = found.stdout.split(separator: "\n").first {
                window = String(first)
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        guard let window else { throw TestFailure("dunst's window never became visible") }
        let click = try await runCommand("/usr/bin/xdotool", ["mousemove", "--window", window, "20", "10", "click", "1"],
                                         environment: environment)
        guard click.status == 0 else { throw TestFailure("xdotool click failed: \(click.stderr)") }
    }

    /// Opens dunst's context menu (`dunstctl context`) and has the menu script pick the action
    /// labelled `label`. Returns the menu lines dunst offered, once the script ran (up to 12 s).
    /// dunst ignores `context` while it still winds up the menu before, so a request that
    /// brought no menu within 3 s is made again.
    @discardableResult
    public func chooseAction(labeled label: String) async throws -> [String] {
        let menu = directory.appendingPathComponent("menu.txt")
        try? FileManager.default.removeItem(at: menu)
        try Data(label.utf8).write(to: directory.appendingPathComponent("choice"))
        for _ in 0..<4 {
            _ = try await dunstctl(["context"])
            for _ in 0..<60 {
                // The script writes the file's last line, "end", after it printed its choice.
                if let text = try? String(contentsOf: menu, encoding: .utf8), text.hasSuffix("end\n") {
                    return text.split(separator: "\n").dropLast().map(String.init)
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        throw TestFailure("dunst never ran its context menu script")
    }

    /// Watches the bus for `Notify` calls (`busctl monitor`), from now until ``NotifyMonitor/stop()``.
    public func monitorNotifyCalls() async throws -> NotifyMonitor {
        try await NotifyMonitor.start(busAddress: bus.address, directory: directory)
    }

    // MARK: Internals

    private func dunstctl(_ arguments: [String]) async throws -> CommandResult {
        let result = try await runCommand("/usr/bin/dunstctl", arguments, environment: environment)
        guard result.status == 0 else { throw TestFailure("dunstctl \(arguments) failed: \(result.stderr)") }
        return result
    }

    /// The context-menu script: saves the menu, prints the line whose label is in `choice`.
    private func writeMenuScript() throws {
        let script = directory.appendingPathComponent("menu.sh")
        let dir = directory.path
        try """
            #!/bin/sh
            cat > '\(dir)/menu.in'
            label=$(cat '\(dir)/choice')
            # dunst ends the last line without a newline: read it all the same.
            while IFS= read -r line || [ -n "$line" ]; do
                case "$line" in
                    "#$label ("*) printf '%s\\n' "$line"; break ;;
                esac
            done < '\(dir)/menu.in'
            { cat '\(dir)/menu.in'; echo; echo end; } > '\(dir)/menu.tmp'
            mv '\(dir)/menu.tmp' '\(dir)/menu.txt'

            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    }

    private func launch(settings: [String: String]) async throws {
        let config = directory.appendingPathComponent("dunstrc")
        var global = Self.defaultSettings.merging(settings) { $1 }
        // Through sh: executed itself, a fork elsewhere still holding it open fails with ETXTBSY.
        global["dmenu"] = "/bin/sh " + directory.appendingPathComponent("menu.sh").path
        let lines = global.sorted { $0.key < $1.key }.map { "    \($0.key) = \($0.value)" }
        let urgencies = ["urgency_low", "urgency_normal", "urgency_critical"].map { "[\($0)]\n    timeout = 0\n" }
        try (["[global]"] + lines + [""] + urgencies).joined(separator: "\n")
            .write(to: config, atomically: true, encoding: .utf8)

        let log = directory.appendingPathComponent("dunst.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dunst")
        process.arguments = ["-config", config.path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        lock.withLock { self.process = process }
        do {
            try await waitForOwner(present: true)
        } catch {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw TestFailure("\(error); dunst said: \(text)")
        }
    }

    private func killDunst() async {
        guard let process = lock.withLock({ () -> Process? in defer { self.process = nil }; return self.process })
        else { return }
        _ = try? await offPool {
            Foundation.kill(process.processIdentifier, SIGKILL)  // SIGTERM is blocked in the test runner
            process.waitUntilExit()
        }
    }

    /// Polls `NameHasOwner` (up to 15 s) until org.freedesktop.Notifications has an owner, or none.
    private func waitForOwner(present: Bool) async throws {
        for _ in 0..<300 {
            if present, let process = lock.withLock({ self.process }), !process.isRunning {
                throw TestFailure("dunst exited with status \(process.terminationStatus)")
            }
            let reply = try await runCommand("/usr/bin/dbus-send", [
                "--bus=\(bus.address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.Notifications",
            ])
            if reply.stdout.contains("boolean \(present)") { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("org.freedesktop.Notifications \(present ? "never got an owner" : "kept its owner")")
    }
}
