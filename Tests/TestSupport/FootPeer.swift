import Foundation

/// A foot terminal on a test's sway showing `text`, as a Wayland-native program the user reads.
public enum FootPeer {
    public static func show(_ text: String, on sway: SwayServer, extra: [String] = []) throws -> Process {
        try show(text, environment: sway.environment, home: sway.runtimeDirectory.path, extra: extra)
    }

    /// The same on any Wayland session whose programs have `environment`.
    public static func show(_ text: String, environment: [String: String], home: String, extra: [String] = []) throws -> Process {
        let foot = Process()
        foot.executableURL = URL(fileURLWithPath: "/usr/bin/foot")
        let script = "printf '%s\\n' \"$1\"; exec sleep 600"
        foot.arguments = ["-o", "cursor.blink=no", "-o", "cursor.style=underline"] + extra
            + ["sh", "-c", script, "show", text]
        foot.environment = environment.merging(["PATH": "/usr/bin:/bin", "HOME": home]) { $1 }
        foot.standardOutput = FileHandle.nullDevice
        foot.standardError = FileHandle.nullDevice
        try foot.run()
        return foot
    }

    /// Waits (up to 10 s) until the top-left `width`×`height` of the screen is more than a
    /// backdrop (grim's capture holds more than two byte values): foot has drawn its text.
    public static func waitUntilDrawn(on sway: SwayServer, width: Int = 200, height: Int = 40) async throws {
        for _ in 0..<250 {
            let shot = try await ChildProcess.run("/usr/bin/grim", ["-t", "ppm", "-g", "0,0 \(width)x\(height)", "-"],
                                                  environment: sway.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
                                                  timeout: .seconds(30))
            if shot.status == 0, Set(shot.stdout.suffix(width * height * 3)).count > 2 { return }
            try await Task.sleep(for: .milliseconds(40))
        }
        throw TestFailure("foot never drew its text")
    }
}
