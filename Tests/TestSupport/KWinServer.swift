import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A headless KWin (KDE Plasma's compositor, `kwin_wayland --virtual`) on a private session bus,
/// for one test: KWin's own D-Bus services (ScreenShot2) and a Wayland socket.
///
/// Like sway, kwin refuses to run as root: when the tests run as root it runs as the user
/// `livetext-test`, in a runtime directory of mode 0700 and a home of its own (it builds its
/// service cache, ksycoca, there: without one it crashes on the first ScreenShot2 call). It runs
/// from a copy of its binary, which drops the file capability the container's bounding set lacks.
/// Its session bus lets every user in: the tests (root) and the programs they run as kwin's user.
/// Desktop files written to `applicationsDirectory` are kwin's own (the first of its
/// `XDG_DATA_DIRS`), so a test installs the one that grants livetext there.
public final class KWinServer: @unchecked Sendable {
    /// The user kwin runs as when the tests run as root.
    public static var user: String { SwayServer.user }
    /// The name KWin's screenshot service owns once it is up.
    public static let screenShotName = "org.kde.KWin.ScreenShot2"

    /// `WAYLAND_DISPLAY`, relative to `runtimeDirectory`.
    public let waylandDisplay = "wayland-kwin"
    /// The session bus kwin is on.
    public let bus: TestBus
    /// The virtual output's size.
    private let output: (width: Int, height: Int)
    /// Everything of this kwin: its binary, runtime directory, home, data and log.
    private let directory: URL
    /// What kwin itself is given beside its session's variables.
    private let extra: [String: String]
    /// runuser (or env) running kwin; another one after `restart()`.
    private let running: Mutex<Process>
    private var process: Process { running.withLock { $0 } }

    private init(directory: URL, output: (width: Int, height: Int), bus: TestBus, extra: [String: String], process: Process) {
        (self.directory, self.output, self.bus, self.extra) = (directory, output, bus, extra)
        running = Mutex(process)
    }

    public var width: Int { output.width }
    public var height: Int { output.height }

    public var runtimeDirectory: URL { directory.appendingPathComponent("run") }
    /// `share/applications` of kwin's first data directory.
    public var applicationsDirectory: URL { directory.appendingPathComponent("data/applications") }
    private var binary: URL { directory.appendingPathComponent("kwin_wayland") }

    public var busAddress: String { bus.address }

    /// What a program of this session has: `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`, the session bus,
    /// and `XDG_SESSION_TYPE` / `XDG_CURRENT_DESKTOP` as Plasma's login sets them.
    public var environment: [String: String] {
        ["WAYLAND_DISPLAY": waylandDisplay, "XDG_RUNTIME_DIR": runtimeDirectory.path,
         "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_SESSION_TYPE": "wayland", "XDG_CURRENT_DESKTOP": "KDE"]
    }

    /// Starts kwin with one virtual output of `width`×`height` and waits (up to 60 s) until its
    /// Wayland socket is there and ScreenShot2 is on the bus. `kwinEnvironment`: more variables
    /// for kwin itself (e.g. `KWIN_SCREENSHOT_NO_PERMISSION_CHECKS`).
    public static func start(width: Int = 1280, height: Int = 800,
                             kwinEnvironment: [String: String] = [:]) async throws -> KWinServer {
        let bus = try await TestBus.start(anyUser: true)
        do {
            return try await launch(width: width, height: height, bus: bus, extra: kwinEnvironment)
        } catch {
            await bus.stop()
            throw error
        }
    }

    private static func launch(width: Int, height: Int, bus: TestBus, extra: [String: String]) async throws -> KWinServer {
        let asRoot = getuid() == 0
        if asRoot { try SwayServer.ensureUser() }
        let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("livetext-kwin-\(UUID().uuidString)")
        let runtime = directory.appendingPathComponent("run"), home = directory.appendingPathComponent("home")
        let applications = directory.appendingPathComponent("data/applications")
        for made in [runtime, home, applications] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        for open in [directory, directory.appendingPathComponent("data"), applications] { chmod(open.path, 0o755) }
        for own in [runtime, home] {
            chmod(own.path, 0o700)
            if asRoot, let account = getpwnam(user) { chown(own.path, account.pointee.pw_uid, account.pointee.pw_gid) }
        }
        // A plain copy has no file capability (cap_sys_resource), which exec would refuse here.
        let binary = directory.appendingPathComponent("kwin_wayland")
        // Copied by cp, not in this process: a file this process holds open for writing would be
        // inherited by whatever another test forks meanwhile, and exec would fail ("Text file busy").
        let copied = try ChildProcess.runBlocking("/bin/cp", ["/usr/bin/kwin_wayland", binary.path], environment: [:])
        guard copied.status == 0 else { throw TestFailure("cp kwin_wayland: \(String(decoding: copied.stderr, as: UTF8.self))") }
        chmod(binary.path, 0o755)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("kwin.log").path, contents: nil)
        let process = try spawn(in: directory, output: (width, height), bus: bus, extra: extra)
        let server = KWinServer(directory: directory, output: (width, height), bus: bus, extra: extra, process: process)
        do {
            try await server.waitUntilUp()
        } catch {
            await server.stop(removingBus: false)
            throw error
        }
        return server
    }

    /// Starts kwin from its copied binary in `directory`, its output appended to kwin.log there.
    private static func spawn(in directory: URL, output: (width: Int, height: Int), bus: TestBus,
                              extra: [String: String]) throws -> Process {
        let asRoot = getuid() == 0
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(directory.appendingPathComponent("home").path)",
                           "XDG_RUNTIME_DIR=\(directory.appendingPathComponent("run").path)",
                           "DBUS_SESSION_BUS_ADDRESS=\(bus.address)",
                           "XDG_DATA_DIRS=\(directory.appendingPathComponent("data").path):/usr/local/share:/usr/share"]
            + extra.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: asRoot ? "/usr/sbin/runuser" : "/usr/bin/env")
        process.arguments = (asRoot ? ["-u", user, "--", "/usr/bin/env"] : []) + ["-i"] + environment
            + [directory.appendingPathComponent("kwin_wayland").path, "--virtual", "--width", "\(output.width)",
               "--height", "\(output.height)", "--socket", "wayland-kwin", "--no-lockscreen"]
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let log = try FileHandle(forWritingTo: directory.appendingPathComponent("kwin.log"))
        log.seekToEndOfFile()
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try? log.close()
        return process
    }

    /// Waits (60 s at most) until kwin's Wayland socket is there and ScreenShot2 is on the bus.
    private func waitUntilUp() async throws {
        let process = self.process
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, process.isRunning {
            if FileManager.default.fileExists(atPath: runtimeDirectory.appendingPathComponent(waylandDisplay).path),
               try await busHasOwner(Self.screenShotName) {
                return
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw TestFailure("kwin_wayland did not come up (socket and \(Self.screenShotName)) within 60 s: \(log.suffix(2000))")
    }

    /// Stops kwin and starts it again on the same bus, socket, home and desktop files, as Plasma's
    /// kwin_wayland_wrapper does when kwin crashed: its clients lose their connection, its bus
    /// names (ScreenShot2, kglobalaccel) go and come back with new owners. Returns once it is up.
    public func restart() async throws {
        await stopKWin()
        let process = try Self.spawn(in: directory, output: output, bus: bus, extra: extra)
        running.withLock { $0 = process }
        try await waitUntilUp()
    }

    /// Whether `name` has an owner on kwin's bus (asked with dbus-send).
    public func busHasOwner(_ name: String) async throws -> Bool {
        let asked = try await ChildProcess.run("/usr/bin/dbus-send",
                                               ["--bus=\(bus.address)", "--print-reply", "--dest=org.freedesktop.DBus",
                                                "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:\(name)"],
                                               environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(10))
        return String(decoding: asked.stdout, as: UTF8.self).contains("boolean true")
    }

    /// Writes a desktop file kwin reads (mode 0644), as a package would install it.
    public func installDesktopFile(named name: String, contents: String) throws {
        let file = applicationsDirectory.appendingPathComponent(name)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o644)
    }

    /// Runs `executable` as kwin's user (when the tests run as root) with this session's
    /// environment and `environment`, to its end or `timeout`.
    public func runAsSessionUser(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                                 timeout: Duration = .seconds(60)) async throws -> ChildProcess.Outcome {
        let (command, commandArguments, variables) = asSessionUser(executable, arguments, environment: environment)
        return try await ChildProcess.run(command, commandArguments, environment: variables, timeout: timeout)
    }

    /// The same, started for a test to act on while it runs (`livetext live`).
    public func startAsSessionUser(_ executable: String, _ arguments: [String],
                                   environment: [String: String] = [:]) throws -> RunningCommand {
        let (command, commandArguments, variables) = asSessionUser(executable, arguments, environment: environment)
        return try RunningCommand(command, commandArguments, environment: variables)
    }

    /// `executable` with this session's environment, through runuser as kwin's user when this
    /// process is root.
    private func asSessionUser(_ executable: String, _ arguments: [String], environment: [String: String])
        -> (String, [String], [String: String]) {
        let variables = ["PATH": "/usr/bin:/bin", "HOME": userDirectory.path]
            .merging(self.environment) { $1 }.merging(environment) { $1 }
        guard getuid() == 0 else { return (executable, arguments, variables) }
        return ("/usr/sbin/runuser",
                ["-u", Self.user, "--", "/usr/bin/env", "-i"]
                    + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [executable] + arguments,
                ["PATH": "/usr/bin:/bin"])
    }

    /// A directory kwin's user owns (its home): files the programs run as that user write, which
    /// the tests read.
    public var userDirectory: URL { directory.appendingPathComponent("home") }

    /// What kwin printed, for a failure's message.
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("kwin.log"), encoding: .utf8)) ?? ""
    }

    /// Stops kwin (and whatever runs from its copied binary), its bus, and removes its directory.
    public func stop() async {
        await stop(removingBus: true)
    }

    private func stop(removingBus: Bool) async {
        await stopKWin()
        if removingBus { await bus.stop() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops kwin, and runuser with it.
    private func stopKWin() async {
        let process = self.process, binary = self.binary.path
        // kwin itself is asked to stop, and runuser left to reap it and exit: runuser stopped
        // first would leave kwin's exit to the container's init. Foundation has been seen to miss
        // a child's exit under load, so the exit is looked for with waitpid.
        Self.processes(running: binary).forEach { kill($0, SIGTERM) }
        let pid = process.processIdentifier
        _ = try? await offPool {
            func exited(within seconds: Double) -> Bool {
                let deadline = Date().addingTimeInterval(seconds)
                while !Self.hasExited(pid), Date() < deadline { usleep(20_000) }
                return Self.hasExited(pid)
            }
            if exited(within: 10) { return }
            Self.processes(running: binary).forEach { kill($0, SIGKILL) }
            kill(pid, SIGTERM)
            if exited(within: 5) { return }
            kill(pid, SIGKILL)
            _ = exited(within: 5)
        }
    }

    /// Whether our child `pid` has exited (reaped here, or by Foundation already).
    private static func hasExited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        return reaped == pid || (reaped < 0 && errno == ECHILD)
    }

    /// The processes whose binary is `path` (kwin's copy): found by /proc, killed by pid.
    private static func processes(running path: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry),
                  let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/exe"),
                  exe == path else { return nil }
            return pid
        }
    }

    /// Runs `body` with a kwin of its own, stopped afterwards even when `body` throws.
    public static func with<T: Sendable>(width: Int = 1280, height: Int = 800, kwinEnvironment: [String: String] = [:],
                                         _ body: (KWinServer) async throws -> T) async throws -> T {
        let server = try await start(width: width, height: height, kwinEnvironment: kwinEnvironment)
        return try await stopping(server, with: { await $0.stop() }, body)
    }
}
