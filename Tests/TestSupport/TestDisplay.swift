import Foundation

/// A private Xvfb server for one test: started on a free display number, stopped by `stop()`.
public final class TestDisplay: @unchecked Sendable {
    /// The display name, e.g. `:42`.
    public let name: String
    public let width: Int
    public let height: Int
    private let arguments: [String]
    private let lock = NSLock()
    /// Guarded by `lock`; replaced by `restart()`.
    private var currentProcess: Process
    private var process: Process {
        get { lock.withLock { currentProcess } }
        set { lock.withLock { currentProcess = newValue } }
    }

    private init(name: String, width: Int, height: Int, arguments: [String], process: Process) {
        self.name = name
        self.width = width
        self.height = height
        self.arguments = arguments
        self.currentProcess = process
    }

    /// `environment` with `DISPLAY` set to this server, for the X11 peers (xclip, xdotool).
    public var environment: [String: String] { ["DISPLAY": name] }

    /// Starts `Xvfb` with one screen of `width`×`height` at `depth` bits on a free display
    /// number; `extraArguments` are passed on (e.g. `["-extension", "MIT-SHM"]` to run without
    /// shared memory).
    public static func start(width: Int = 1280, height: Int = 800, depth: Int = 24,
                             extraArguments: [String] = []) async throws -> TestDisplay {
        let arguments = ["-screen", "0", "\(width)x\(height)x\(depth)", "-nolisten", "tcp", "-noreset"] + extraArguments
        return try await offPool {
            for _ in 0..<20 {
                let number = Int.random(in: 100..<900)
                if let process = try launch(number: number, arguments: arguments) {
                    return TestDisplay(name: ":\(number)", width: width, height: height, arguments: arguments,
                                       process: process)
                }
            }
            throw TestFailure("could not start Xvfb on a free display number")
        }
    }

    /// Starts Xvfb as display `number`; nil when the number is taken.
    private static func launch(number: Int, arguments: [String]) throws -> Process? {
        let socket = "/tmp/.X11-unix/X\(number)"
        guard !FileManager.default.fileExists(atPath: socket),
              !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [":\(number)"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready once it listens on its socket; gone when the number was taken meanwhile.
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, !FileManager.default.fileExists(atPath: socket), Date() < deadline {
            usleep(20_000)
        }
        // Two tests may pick the same number at once: the loser sees the winner's
        // socket before it exits, so the lock file must name our server.
        let lockOwner = (try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if process.isRunning, FileManager.default.fileExists(atPath: socket),
           lockOwner == process.processIdentifier {
            return process
        }
        kill(process.processIdentifier, SIGKILL)  // SIGTERM may be blocked (see stop())
        process.waitUntilExit()
        if lockOwner == process.processIdentifier {
            try? FileManager.default.removeItem(atPath: socket)
            try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        }
        return nil
    }

    /// Kills the server and starts a new one as the same display, like an X server restart:
    /// clients' connections break, and the display name works again afterwards.
    public func restart() async throws {
        await stop()
        let number = Int(name.dropFirst())!, arguments = self.arguments
        let fresh = try await offPool { try Self.launch(number: number, arguments: arguments) }
        guard let fresh else { throw TestFailure("could not restart Xvfb as \(name)") }
        process = fresh
    }

    /// Kills the server (SIGKILL: the test runner's signal mask, which children inherit, keeps
    /// SIGTERM from arriving), waits for it off the cooperative pool and removes the socket and
    /// lock file a killed server leaves behind.
    public func stop() async {
        let process = self.process, number = name.dropFirst()
        _ = try? await offPool {
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { usleep(10_000) }
            try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
            try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        }
    }

    /// Runs `body` with a fresh server, stopping it afterwards whatever happens.
    public static func with<T: Sendable>(width: Int = 1280, height: Int = 800, depth: Int = 24,
                                         extraArguments: [String] = [],
                                         _ body: (TestDisplay) async throws -> T) async throws -> T {
        let display = try await start(width: width, height: height, depth: depth, extraArguments: extraArguments)
        return try await stopping(display, with: { await $0.stop() }, body)
    }
}
