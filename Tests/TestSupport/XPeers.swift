import Foundation

/// The X11 programs the desktop tests drive, each run against one test's Xvfb: ImageMagick
/// paints the root window, xclip owns and reads selections, xdotool moves the pointer and presses
/// keys, xterm receives typed text.
public enum XPeers {
    /// Paints `file` at the top-left of the root window (ImageMagick), pixel for pixel. `display`
    /// exits 1 even when it painted, so only what it says on stderr counts.
    public static func paintRoot(_ file: String, on server: TestDisplay) async throws {
        let result = try await runCommand("/usr/bin/display", ["-window", "root", file], environment: server.environment)
        guard result.stderr.isEmpty else { throw TestFailure("display -window root failed: \(result.stderr)") }
    }

    public static func xdotool(_ arguments: [String], on server: TestDisplay) async throws {
        let result = try await runCommand("/usr/bin/xdotool", arguments, environment: server.environment)
        guard result.status == 0 else { throw TestFailure("xdotool \(arguments) failed: \(result.stderr)") }
    }

    /// xclip owning CLIPBOARD with a file's bytes (as `type`), in the background until killed.
    public static func xclipOwning(file: String, type: String, on server: TestDisplay) throws -> Process {
        try background("/usr/bin/xclip", ["-selection", "clipboard", "-t", type, "-i", file, "-quiet"], on: server)
    }

    /// xclip owning CLIPBOARD with `text`.
    public static func xclipOwning(text: String, on server: TestDisplay) throws -> Process {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString)")
        try Data(text.utf8).write(to: file)
        return try background("/usr/bin/xclip", ["-selection", "clipboard", "-i", file.path, "-quiet"], on: server)
    }

    /// What `xclip -o` reads from `selection` (nil: nothing there).
    public static func clipboardText(on server: TestDisplay, selection: String = "clipboard") async throws -> String? {
        let result = try await runCommand("/usr/bin/xclip", ["-selection", selection, "-o"], environment: server.environment)
        return result.status == 0 ? result.stdout : nil
    }

    /// Waits until CLIPBOARD has an owner (and holds exactly `text`, when given).
    public static func waitForClipboard(containing text: String? = nil, on server: TestDisplay) async throws {
        for _ in 0..<200 {
            let targets = try await runCommand("/usr/bin/xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"],
                                               environment: server.environment)
            if targets.status == 0 {
                if let text {
                    if try await clipboardText(on: server) == text { return }
                } else {
                    return
                }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("the clipboard never held \(text ?? "anything")")
    }

    /// Presses Ctrl+A and Ctrl+C on a live surface until the clipboard holds `text` (the surface
    /// selects everything once it is read; until then it copies nothing), for up to 30 s.
    public static func copyAllOnceRead(_ text: String, on server: TestDisplay) async throws {
        for _ in 0..<300 {
            try await xdotool(["key", "ctrl+a", "key", "ctrl+c"], on: server)
            if try await clipboardText(on: server) == text { return }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Waits until livetext's selection overlay is up and holds the pointer grab.
    public static func waitForSelectionOverlay(on server: TestDisplay,
                                               ended: @Sendable () -> String? = { nil }) async throws {
        for _ in 0..<300 {
            // The program that was to show it ended first: say how, rather than wait on.
            if let how = ended() { throw TestFailure("the selection overlay never appeared: \(how)") }
            let found = try await runCommand("/usr/bin/xdotool", ["search", "--name", "livetext selection"],
                                             environment: server.environment)
            if found.status == 0, !found.stdout.isEmpty {
                // Mapped and grabbed a moment after it is named.
                try await Task.sleep(for: .milliseconds(300))
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("the selection overlay never appeared")
    }

    /// An xterm whose shell writes what is typed into it to `file`.
    public static func xterm(writingTo file: URL, on server: TestDisplay) throws -> Process {
        try background("/usr/bin/xterm", ["-geometry", "80x10+0+0", "-u8", "-e", "sh", "-c", "cat > '\(file.path)'"],
                       on: server, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    }

    /// ImageMagick's `display` showing `file` in a window of its own at `x`, `y`, without a border.
    public static func imageWindow(_ file: String, x: Int, y: Int, on server: TestDisplay) throws -> Process {
        try background("/usr/bin/display", ["-geometry", "+\(x)+\(y)", "-borderwidth", "0", file], on: server)
    }

    /// xdotool `steps`, each `mousemove X Y` taken as a point inside the shown window of class
    /// `windowClass` (the viewer opens centred on its monitor, wherever that puts it).
    public static func xdotoolInWindow(_ steps: [String], on server: TestDisplay, windowClass: String = "livetext") async throws {
        let geometry = try await runCommand("/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--class", windowClass,
                                                                  "getwindowgeometry", "--shell", "%1"],
                                            environment: server.environment)
        var origin: [String: Int] = [:]
        for line in geometry.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { origin[String(parts[0])] = value }
        }
        guard let x = origin["X"], let y = origin["Y"] else {
            throw TestFailure("no shown window of class \(windowClass): \(geometry.stdout) \(geometry.stderr)")
        }
        var shifted = steps
        for index in shifted.indices.dropLast(2) where shifted[index] == "mousemove" {
            guard let px = Int(shifted[index + 1]), let py = Int(shifted[index + 2]) else { continue }
            (shifted[index + 1], shifted[index + 2]) = ("\(px + x)", "\(py + y)")
        }
        try await xdotool(shifted, on: server)
    }

    /// openbox, a real window manager (frames with title bars and borders, its placement,
    /// _NET_WORKAREA), managing the windows opened after it; returns once it says it runs
    /// (`_NET_SUPPORTING_WM_CHECK` on the root). Terminate it when done.
    public static func openbox(on server: TestDisplay) async throws -> Process {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("openbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let process = try background("/usr/bin/openbox", ["--sm-disable"], on: server,
                                     environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path])
        for _ in 0..<100 {
            let root = try await runCommand("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: server.environment)
            if root.stdout.contains("window id") { return process }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate()
        throw TestFailure("openbox never came up on \(server.name)")
    }

    private static func background(_ executable: String, _ arguments: [String], on server: TestDisplay,
                                   environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(server.environment) { $1 }
            .merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
