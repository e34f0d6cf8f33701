import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A headless GNOME Shell (mutter on a virtual monitor, no GPU) with the portal stack beside it,
/// for one test: GNOME as most Linux users run it, with none of the wlr protocols.
///
/// It runs as the user `livetext-test` (gnome-shell refuses root) in a directory of its own: a
/// runtime directory of mode 0700, a home (with `lock-warning-shown`, or a "Screen Lock disabled"
/// banner covers the screen), a private system bus and session bus (both open to this process),
/// and a mount namespace with a tmpfs over /run/systemd (the image has /run/systemd/seats, from
/// which GNOME concludes that systemd runs the session). xdg-desktop-portal runs as this
/// process's user, started before anything activates it: the portal reads its caller's
/// /proc/PID/root, which another user cannot, so it must be the tests' own user, as it is the
/// user's own in a real session. Its GNOME backend, the permission store and dconf are started by
/// the session bus as the user. Shell starts in the overview; it is closed before `start` returns.
public final class GnomeShellServer: @unchecked Sendable {
    public static let user = SwayServer.user
    public let waylandDisplay = "livetext-gnome"
    public let runtimeDirectory: URL
    public let home: URL
    /// The private session bus, as `DBUS_SESSION_BUS_ADDRESS` says it.
    public let sessionBus: String
    public let width: Int
    public let height: Int
    private let directory: URL
    private var processes: [Process]  // changed only before `start` returns

    private init(directory: URL, width: Int, height: Int, processes: [Process]) {
        self.directory = directory
        runtimeDirectory = directory.appendingPathComponent("run")
        home = directory.appendingPathComponent("home")
        sessionBus = "unix:path=" + directory.appendingPathComponent("bus/session").path
        self.width = width
        self.height = height
        self.processes = processes
    }

    /// What a program of this session has.
    public var environment: [String: String] {
        ["WAYLAND_DISPLAY": waylandDisplay, "XDG_RUNTIME_DIR": runtimeDirectory.path, "DISPLAY": "",
         "XDG_SESSION_TYPE": "wayland", "XDG_CURRENT_DESKTOP": "GNOME", "DBUS_SESSION_BUS_ADDRESS": sessionBus,
         "HOME": home.path]
    }

    /// Starts it and waits (up to 2 min each) until the Shell owns its bus name and has left the overview.
    public static func start(width: Int = 1280, height: Int = 800) async throws -> GnomeShellServer {
        let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("livetext-gnome-\(UUID().uuidString)")
        let server = try await offPool { try launch(directory: directory, width: width, height: height) }
        do {
            try await server.leaveOverview()
            try await offPool { try server.startPortal() }
            return server
        } catch {
            let said = (try? String(contentsOf: directory.appendingPathComponent("shell.log"), encoding: .utf8)) ?? ""
            await server.stop()
            throw TestFailure("\(error); gnome-shell said: \(said.suffix(2000))")
        }
    }

    private static func launch(directory: URL, width: Int, height: Int) throws -> GnomeShellServer {
        try SwayServer.ensureUser()
        guard let account = getpwnam(user) else { throw TestFailure("no user \(user)") }
        let (uid, gid) = (account.pointee.pw_uid, account.pointee.pw_gid)
        let fm = FileManager.default
        let run = directory.appendingPathComponent("run"), home = directory.appendingPathComponent("home")
        let bus = directory.appendingPathComponent("bus")
        for made in [run, home.appendingPathComponent(".local/share/gnome-shell"), bus] {
            try fm.createDirectory(at: made, withIntermediateDirectories: true)
        }
        _ = fm.createFile(atPath: home.appendingPathComponent(".local/share/gnome-shell/lock-warning-shown").path, contents: nil)
        chmod(directory.path, 0o755)
        chmod(run.path, 0o700)
        for owned in [run, home, home.appendingPathComponent(".local"), home.appendingPathComponent(".local/share"),
                      home.appendingPathComponent(".local/share/gnome-shell"), bus] {
            chown(owned.path, uid, gid)
        }
        let session = [
            "HOME=\(home.path)", "XDG_RUNTIME_DIR=\(run.path)", "XDG_CURRENT_DESKTOP=GNOME", "XDG_SESSION_TYPE=wayland",
            "WAYLAND_DISPLAY=livetext-gnome", "PATH=/usr/bin:/bin", "LANG=C.UTF-8",
            "DBUS_SYSTEM_BUS_ADDRESS=unix:path=\(bus.path)/system",
            "DBUS_SESSION_BUS_ADDRESS=unix:path=\(bus.path)/session",
        ]
        var processes: [Process] = []
        func asUser(_ command: [String], log: String, namespace: Bool = false) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: namespace ? "/usr/bin/unshare" : "/usr/sbin/runuser")
            let inner = ["-u", user, "--", "/usr/bin/env", "-i"] + session + command
            process.arguments = namespace
                ? ["-m", "sh", "-c", "mount -t tmpfs tmpfs /run/systemd && exec /usr/sbin/runuser \"$@\"", "sh"] + inner
                : inner
            process.currentDirectoryURL = directory
            process.standardInput = FileHandle.nullDevice
            let file = directory.appendingPathComponent(log)
            _ = fm.createFile(atPath: file.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: file)
            process.standardError = process.standardOutput
            try process.run()
            processes.append(process)
        }
        do {
            // Services that cannot work in a headless test session (screencasts need PipeWire, the calendar
            // evolution, documents FUSE) fail at once instead of holding their callers for the bus's 25 s
            // activation timeout: a directory listed before the standard ones shadows them.
            let shadowed = directory.appendingPathComponent("services")
            try fm.createDirectory(at: shadowed, withIntermediateDirectories: true)
            for name in ["org.gnome.Shell.Screencast", "org.gnome.Shell.CalendarServer", "org.gnome.Shell.Notifications",
                         "org.freedesktop.portal.Documents", "org.gnome.evolution.dataserver.Sources5"] {
                try "[D-BUS Service]\nName=\(name)\nExec=/bin/false\n"
                    .write(to: shadowed.appendingPathComponent(name + ".service"), atomically: true, encoding: .utf8)
            }
            for kind in ["system", "session"] {
                let config = directory.appendingPathComponent("\(kind).conf")
                try """
                    <busconfig>
                      <type>\(kind)</type>
                      <listen>unix:path=\(bus.path)/\(kind)</listen>
                      <auth>EXTERNAL</auth>
                      \(kind == "session" ? "<servicedir>\(shadowed.path)</servicedir><standard_session_servicedirs/>" : "")
                      <policy context="default">
                        <allow user="*"/><allow own="*"/><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
                      </policy>
                    </busconfig>
                    """.write(to: config, atomically: true, encoding: .utf8)
                chmod(config.path, 0o644)
                try asUser(["/usr/bin/dbus-daemon", "--nofork", "--config-file=\(config.path)"], log: "\(kind)-bus.log")
            }
            try waitFor("the session bus") { fm.fileExists(atPath: bus.appendingPathComponent("session").path)
                && fm.fileExists(atPath: bus.appendingPathComponent("system").path) }
            // PipeWire and its session manager, as a GNOME session starts them (systemd's user
            // units): mutter's screen casts are PipeWire streams, which wireplumber links.
            try asUser(["/usr/bin/pipewire"], log: "pipewire.log")
            try waitFor("PipeWire's socket") { fm.fileExists(atPath: run.appendingPathComponent("pipewire-0").path) }
            try asUser(["/usr/bin/wireplumber"], log: "wireplumber.log")
            try asUser(["/usr/bin/gnome-shell", "--headless", "--wayland", "--no-x11", "--virtual-monitor",
                        "\(width)x\(height)", "--wayland-display", "livetext-gnome"], log: "shell.log", namespace: true)
            try waitFor("gnome-shell's Wayland socket", seconds: 120) {
                fm.fileExists(atPath: run.appendingPathComponent("livetext-gnome").path)
            }
        } catch {
            let server = GnomeShellServer(directory: directory, width: width, height: height, processes: processes)
            let said = ["portal", "shell"].map { "\($0): " + server.log($0).suffix(1500) }.joined(separator: "\n")
            server.killAll()
            try? fm.removeItem(at: directory)
            throw TestFailure("\(error)\n\(said)")
        }
        return GnomeShellServer(directory: directory, width: width, height: height, processes: processes)
    }

    /// xdg-desktop-portal killed and started again, as after a crash or an upgrade: a client that
    /// keeps its bus connection must find the new one.
    public func restartPortal() async throws {
        try await offPool { try self.startPortal() }
    }

    /// xdg-desktop-portal, once the Shell is up (its GNOME backend, which it starts, needs the
    /// Shell to answer), as this process's user, replacing one the bus may have started as the user.
    private func startPortal() throws {
        let fm = FileManager.default
        let bus = directory.appendingPathComponent("bus")
        let session = environment.filter { !$0.value.isEmpty }.map { "\($0.key)=\($0.value)" } + ["PATH=/usr/bin:/bin"]
        if let owner = Self.nameOwnerPID("org.freedesktop.portal.Desktop", bus: bus) { kill(owner, SIGKILL) }
        let portal = Process()
        portal.executableURL = URL(fileURLWithPath: "/usr/libexec/xdg-desktop-portal")
        portal.arguments = ["--replace"]
        // Settings in memory: as another user, dconf would make the user's run/dconf its own.
        // GNOME's backends only: with KDE's installed too, the portal would first wait for KDE's to
        // start (and fail) on a GNOME display, as a machine with one desktop never does.
        let portals = directory.appendingPathComponent("portals")
        try fm.createDirectory(at: portals, withIntermediateDirectories: true)
        for name in ["gnome.portal", "gtk.portal", "gnome-shell.portal"] {
            try? fm.copyItem(atPath: "/usr/share/xdg-desktop-portal/portals/" + name,
                             toPath: portals.appendingPathComponent(name).path)
        }
        portal.environment = Dictionary(uniqueKeysWithValues: (session + ["GSETTINGS_BACKEND=memory",
                                                                          "XDG_DESKTOP_PORTAL_DIR=\(portals.path)"]).map {
            let pair = $0.split(separator: "=", maxSplits: 1)
            return (String(pair[0]), String(pair[1]))
        })
        let portalLog = directory.appendingPathComponent("portal.log")
        _ = fm.createFile(atPath: portalLog.path, contents: nil)
        portal.standardOutput = try FileHandle(forWritingTo: portalLog)
        portal.standardError = portal.standardOutput
        try portal.run()
        processes.append(portal)
        try Self.waitFor("xdg-desktop-portal", seconds: 60) { Self.nameOwnerPID("org.freedesktop.portal.Desktop", bus: bus) == portal.processIdentifier }
    }

    /// The process that owns `name` on the session bus in `bus`, if any.
    private static func nameOwnerPID(_ name: String, bus: URL) -> Int32? {
        guard let result = try? ChildProcess.runBlocking(
            "/usr/bin/gdbus", ["call", "--session", "-d", "org.freedesktop.DBus", "-o", "/org/freedesktop/DBus", "-m",
                               "org.freedesktop.DBus.GetConnectionUnixProcessID", name],
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(bus.path)/session"]) else { return nil }
        guard result.status == 0 else { return nil }
        // "(uint32 1234,)"
        let digits = String(decoding: result.stdout, as: UTF8.self).split(whereSeparator: { !$0.isNumber }).last
        return digits.flatMap { Int32($0) }
    }

    private static func waitFor(_ what: String, seconds: Double = 20, _ done: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if done() { return }
            usleep(20_000)
        }
        throw TestFailure("\(what) did not come up within \(Int(seconds)) s")
    }

    /// Runs gdbus against the session bus.
    @discardableResult
    public func gdbus(_ arguments: [String], timeout: Duration = .seconds(20)) async throws -> String {
        let result = try await ChildProcess.run("/usr/bin/gdbus", arguments,
                                                environment: ["PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": sessionBus],
                                                timeout: timeout)
        guard result.status == 0 else {
            throw TestFailure("gdbus \(arguments): \(String(decoding: result.stdout + result.stderr, as: UTF8.self))")
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// What a process of the session wrote so far: `shell`, `portal`, `session-bus`, `system-bus`.
    public func log(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name + ".log"), encoding: .utf8)) ?? ""
    }

    /// Runs gsettings as a program of this session (its bus and dconf database).
    public func gsettings(_ arguments: [String]) async throws -> String {
        let result = try await ChildProcess.run("/usr/bin/gsettings", arguments,
                                                environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
                                                timeout: .seconds(20))
        guard result.status == 0 else {
            throw TestFailure("gsettings \(arguments): \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Closes the overview the Shell starts in, and waits until it says it is closed.
    private func leaveOverview() async throws {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if (try? await gdbus(["call", "--session", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell", "-m",
                                  "org.freedesktop.DBus.Properties.Set", "org.gnome.Shell", "OverviewActive", "<false>"],
                                 timeout: .seconds(5))) != nil,
               let said = try? await gdbus(["call", "--session", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell", "-m",
                                            "org.freedesktop.DBus.Properties.Get", "org.gnome.Shell", "OverviewActive"],
                                           timeout: .seconds(5)),
               said.contains("false") {
                // The overview's closing animation, then the desktop; the Shell opens it again when
                // its start-up completes, so it must stay closed for a second.
                try await Task.sleep(for: .seconds(1))
                let still = try? await gdbus(["call", "--session", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell", "-m",
                                              "org.freedesktop.DBus.Properties.Get", "org.gnome.Shell", "OverviewActive"],
                                             timeout: .seconds(5))
                if still?.contains("false") == true { return }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw TestFailure("gnome-shell did not leave its overview within 120 s")
    }

    /// Lets host programs take screenshots without a dialog (the permission store's `screenshot`
    /// table), as `livetext desktop --allow-screenshots` does.
    public func allowScreenshots(_ allowed: Bool = true) async throws {
        try await gdbus(["call", "--session", "-d", "org.freedesktop.impl.portal.PermissionStore", "-o",
                         "/org/freedesktop/impl/portal/PermissionStore", "-m",
                         "org.freedesktop.impl.portal.PermissionStore.SetPermission", "screenshot", "true", "screenshot",
                         "", allowed ? "['yes']" : "['no']"])
    }

    /// PipeWire and wireplumber stopped (SIGTERM: PipeWire removes its socket), as when the user's
    /// units are stopped; waits until the socket is gone.
    public func stopPipeWire() async throws {
        let socket = runtimeDirectory.appendingPathComponent("pipewire-0").path
        try await offPool {
            for pid in self.sessionProcesses() {
                let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                if name == "pipewire" || name == "wireplumber" { kill(pid, SIGTERM) }
            }
            try Self.waitFor("PipeWire's socket to go") { !FileManager.default.fileExists(atPath: socket) }
        }
    }

    /// The processes of this session, found by the runtime directory in their environment.
    private func sessionProcesses() -> [Int32] {
        let marker = "XDG_RUNTIME_DIR=" + runtimeDirectory.path
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
        return pids.filter { pid in
            guard pid != getpid(), let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == marker }
        }
    }

    /// Every process of this session: what was started here and what its buses started (found by
    /// the runtime directory in their environment).
    private func killAll() {
        for pid in sessionProcesses() { kill(pid, SIGKILL) }
        for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Stops the session, every process at once with SIGKILL (gnome-shell sometimes crashes on
    /// SIGTERM at teardown), and removes its directory.
    public func stop() async {
        let processes = self.processes
        _ = try? await offPool {
            self.killAll()
            for process in processes { process.waitUntilExit() }
            try? FileManager.default.removeItem(at: self.directory)
        }
    }

    /// Runs `body` with a GNOME session of its own, stopped afterwards even when `body` throws.
    public static func with<T: Sendable>(width: Int = 1280, height: Int = 800,
                                         _ body: (GnomeShellServer) async throws -> T) async throws -> T {
        let server = try await start(width: width, height: height)
        return try await stopping(server, with: { await $0.stop() }, body)
    }
}
