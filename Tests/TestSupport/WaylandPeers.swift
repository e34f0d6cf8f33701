import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The Wayland programs the tests compare livetext with, run against a test's sway:
/// wl-clipboard's wl-copy and wl-paste, and foot as a window that records what is typed.
public enum WaylandPeers {
    /// `wl-paste arguments…` to its end, with the session's environment.
    public static func paste(_ arguments: [String], on sway: SwayServer) async throws -> CommandResult {
        try await runCommand("/usr/bin/wl-paste", arguments, environment: sway.environment)
    }

    /// `wl-copy --foreground arguments…` serving `input`, once `wl-paste --list-types` shows that
    /// it owns the selection (its first type is `expectedType`); stop it with `stop(_:)`.
    public static func copy(_ input: Data, arguments: [String], expectedType: String, primary: Bool = false,
                     on sway: SwayServer) async throws -> Process {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wl-copy-\(UUID().uuidString)")
        try input.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/wl-copy")
        process.arguments = ["--foreground"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(sway.environment) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: file)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let listed = try await paste(["--list-types"] + (primary ? ["--primary"] : []), on: sway)
            if listed.stdout.split(separator: "\n").contains(Substring(expectedType)) { return process }
            try await Task.sleep(for: .milliseconds(50))
        }
        await stop(process)
        throw TestFailure("wl-copy \(arguments) did not own the selection within 10 s")
    }

    /// Runs `body` while wl-copy serves `input` (see `copy`), and stops wl-copy after it, also
    /// when `body` throws.
    public static func withCopy<T>(_ input: Data, arguments: [String], expectedType: String, primary: Bool = false,
                            on sway: SwayServer, _ body: (Process) async throws -> T) async throws -> T {
        let process = try await copy(input, arguments: arguments, expectedType: expectedType, primary: primary, on: sway)
        return try await stopping(process, with: { await stop($0) }, body)
    }

    /// Ends a program started here, and waits (at most 5 s) until it has.
    public static func stop(_ process: Process) async {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
    }

    /// A PNG of the test fixtures (`Tests/AdapterTests/Fixtures/sample.png`).
    public static func samplePNG(file: String = #filePath) throws -> Data {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AdapterTests/Fixtures/sample.png")
        return try Data(contentsOf: url)
    }

    /// Waits until a window of `appID` (an X window: of that WM_CLASS class) is mapped and focused (sway's tree says so), at most 20 s.
    public static func waitForFocusedWindow(appID: String, on sway: SwayServer) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        var last = ""
        while ContinuousClock.now < deadline {
            last = try await sway.swaymsg(["-t", "get_tree"])
            if focusedAppID(in: last) == appID { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("no focused \(appID) window within 20 s: \(last.suffix(1500))")
    }

    /// The app_id (an X window's class) of the focused node of sway's tree (JSON), if any.
    private static func focusedAppID(in json: String) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else { return nil }
        func search(_ node: Any) -> String? {
            guard let node = node as? [String: Any] else { return nil }
            if node["focused"] as? Bool == true {
                if let appID = node["app_id"] as? String { return appID }
                if let properties = node["window_properties"] as? [String: Any], let type = properties["class"] as? String {
                    return type
                }
            }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [Any] ?? [] {
                    if let found = search(child) { return found }
                }
            }
            return nil
        }
        return search(root)
    }

    /// foot running `cat > file`: what is typed into it lands in `file` (no echo, no line editing).
    public static func footRecording(to file: URL, on sway: SwayServer) async throws -> Process {
        try await recording("/usr/bin/foot", ["--app-id", "livetext-typing", "sh", "-c",
                                              "stty -echo -icanon; exec cat > '\(file.path)'"],
                            appID: "livetext-typing", on: sway)
    }

    /// xterm through Xwayland running `cat > file`, focused.
    public static func xtermRecording(to file: URL, on sway: SwayServer) async throws -> Process {
        try await recording("/usr/bin/xterm", ["-u8", "-e", "sh", "-c", "cat > '\(file.path)'"], appID: "XTerm", on: sway)
    }

    /// A terminal started on `sway`, once its window (`appID`) has the focus.
    private static func recording(_ executable: String, _ arguments: [String], appID: String,
                                  on sway: SwayServer) async throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(sway.environment) { $1 }
            .merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            try await waitForFocusedWindow(appID: appID, on: sway)
        } catch {
            await stop(process)
            throw error
        }
        return process
    }

    /// Waits until `file` holds `expected` (or at most `limit`); what it holds then.
    public static func contents(of file: URL, becoming expected: String, within limit: Duration = .seconds(10)) async throws -> String {
        let deadline = ContinuousClock.now + limit
        var held = ""
        while ContinuousClock.now < deadline {
            held = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if held == expected { return held }
            try await Task.sleep(for: .milliseconds(50))
        }
        return held
    }
}
