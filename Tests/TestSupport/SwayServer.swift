import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A headless sway (wlroots, no GPU) with Xwayland beside it, for one test: a Wayland session as
/// most Linux desktops now have. sway refuses to run as root, so when the tests run as root it
/// runs as the user `livetext-test` (made once, without a home or a shell), in a runtime
/// directory of mode 0700 of its own; Xwayland lets this process's user in (`xhost
/// +si:localuser:`), so that tests and the programs they start reach it as they would their own.
public final class SwayServer: @unchecked Sendable {
    /// The user sway runs as when the tests run as root.
    public static let user = "livetext-test"

    /// `WAYLAND_DISPLAY`, relative to `runtimeDirectory`.
    public let waylandDisplay: String
    /// Xwayland's display name, e.g. `:0`; nil when started without Xwayland.
    public let xDisplay: String?
    public let runtimeDirectory: URL
    public let width: Int
    public let height: Int
    private let directory: URL
    private let process: Process

    private init(waylandDisplay: String, xDisplay: String?, runtimeDirectory: URL, width: Int, height: Int,
                 directory: URL, process: Process) {
        self.waylandDisplay = waylandDisplay
        self.xDisplay = xDisplay
        self.runtimeDirectory = runtimeDirectory
        self.width = width
        self.height = height
        self.directory = directory
        self.process = process
    }

    /// What a program of this session has: `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`, and `DISPLAY` for
    /// Xwayland (empty without it); `XDG_SESSION_TYPE=wayland`, as a login manager sets it.
    public var environment: [String: String] {
        ["WAYLAND_DISPLAY": waylandDisplay, "XDG_RUNTIME_DIR": runtimeDirectory.path, "DISPLAY": xDisplay ?? "",
         "XDG_SESSION_TYPE": "wayland"]
    }

    /// Starts sway with one headless output of `width`×`height` (and Xwayland unless told not
    /// to), and waits (up to 30 s) until its Wayland socket and Xwayland answer.
    /// `outputs`: how many headless outputs (HEADLESS-1, HEADLESS-2, …; only the first is placed
    /// here); `config`: more lines for sway's configuration (outputs' positions, scales, transforms).
    public static func start(width: Int = 1280, height: Int = 800, xwayland: Bool = true, outputs: Int = 1,
                             config extra: String = "") async throws -> SwayServer {
        try await offPool {
            let asRoot = getuid() == 0
            if asRoot { try ensureUser() }
            let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("livetext-sway-\(UUID().uuidString)")
            let runtime = directory.appendingPathComponent("run")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
            chmod(directory.path, 0o755)
            chmod(runtime.path, 0o700)
            if asRoot, let account = getpwnam(user) { chown(runtime.path, account.pointee.pw_uid, account.pointee.pw_gid) }
            let ready = runtime.appendingPathComponent("x-display")
            let me = String(cString: getpwuid(getuid()).pointee.pw_name)
            // Output and Xwayland first; the exec runs once sway is up, and xhost starts Xwayland
            // if it waits for a first client.
            let config = directory.appendingPathComponent("config")
            let announce = "echo \"${DISPLAY:--}\" > \(ready.path).part && mv \(ready.path).part \(ready.path)"
            try """
                output HEADLESS-1 resolution \(width)x\(height) position 0 0
                xwayland \(xwayland ? "enable" : "disable")
                exec sh -c '\(xwayland ? "xhost +si:localuser:\(me) >/dev/null && " : "")\(announce)'
                \(extra)
                """.write(to: config, atomically: true, encoding: .utf8)
            chmod(config.path, 0o644)
            let process = Process()
            let environment = ["PATH=/usr/bin:/bin", "HOME=\(directory.path)", "XDG_RUNTIME_DIR=\(runtime.path)",
                               "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman",
                               "WLR_HEADLESS_OUTPUTS=\(outputs)"]
            process.executableURL = URL(fileURLWithPath: asRoot ? "/usr/sbin/runuser" : "/usr/bin/env")
            process.arguments = (asRoot ? ["-u", user, "--", "/usr/bin/env"] : []) + ["-i"] + environment
                + ["/usr/bin/sway", "-c", config.path]
            process.currentDirectoryURL = directory
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: log(directory))
            process.standardError = process.standardOutput
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, process.isRunning {
                if let display = try? String(contentsOf: ready, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
                   !display.isEmpty,
                   FileManager.default.fileExists(atPath: runtime.appendingPathComponent("wayland-1").path) {
                    return SwayServer(waylandDisplay: "wayland-1", xDisplay: display == "-" ? nil : display,
                                      runtimeDirectory: runtime,
                                      width: width, height: height, directory: directory, process: process)
                }
                usleep(20_000)
            }
            let said = (try? String(contentsOf: log(directory), encoding: .utf8)) ?? ""
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
            throw TestFailure("sway did not come up within 30 s: \(said.suffix(2000))")
        }
    }

    private static func log(_ directory: URL) -> URL {
        let file = directory.appendingPathComponent("sway.log")
        if !FileManager.default.fileExists(atPath: file.path) { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        return file
    }

    /// Makes the user sway (and kwin) runs as, once (a system user: no home, no login shell).
    static func ensureUser() throws {
        guard getpwnam(user) == nil else { return }
        let made = try ChildProcess.runBlocking("/usr/sbin/useradd", ["--system", "--no-create-home", "--shell",
                                                                      "/usr/sbin/nologin", user],
                                                environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
        // Another test process may have made it meanwhile (useradd then exits 9).
        guard made.status == 0 || getpwnam(user) != nil else {
            throw TestFailure("useradd \(user): \(String(decoding: made.stderr, as: UTF8.self))")
        }
    }

    /// Runs `swaymsg` with `arguments` against this sway (its IPC socket), e.g. `output * bg #336699 solid_color`.
    @discardableResult
    public func swaymsg(_ arguments: [String]) async throws -> String {
        let sockets = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
        guard let socket = sockets.first(where: { $0.hasPrefix("sway-ipc.") }) else {
            throw TestFailure("sway has no IPC socket in \(runtimeDirectory.path)")
        }
        let result = try await ChildProcess.run("/usr/bin/swaymsg", ["-s", runtimeDirectory.appendingPathComponent(socket).path]
                                                + arguments, environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(10))
        guard result.status == 0 else {
            throw TestFailure("swaymsg \(arguments): \(String(decoding: result.stdout + result.stderr, as: UTF8.self))")
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// Stops sway (and with it Xwayland and its clients) and removes its directory.
    public func stop() async {
        kill(process.processIdentifier, SIGTERM)
        let process = self.process, directory = self.directory
        _ = try? await offPool {
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Runs `body` with a sway of its own, stopped afterwards even when `body` throws.
    public static func with<T: Sendable>(width: Int = 1280, height: Int = 800, xwayland: Bool = true, outputs: Int = 1,
                                         config: String = "",
                                         _ body: (SwayServer) async throws -> T) async throws -> T {
        let server = try await start(width: width, height: height, xwayland: xwayland, outputs: outputs, config: config)
        return try await stopping(server, with: { await $0.stop() }, body)
    }
}
