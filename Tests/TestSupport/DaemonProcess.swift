import Foundation

/// The real `livetext daemon` as a test starts it: on a private bus, with settings of its own.
public enum DaemonProcess {
    /// Starts the daemon on the bus at `address`, its settings under `configHome`, what it prints
    /// in `log` (stderr in `errors` when given); `environment` is added to the test's own, with a
    /// fixed reference time and region (`DISPLAY`: "" for none). Returns at once: it owns
    /// `org.livetext` a moment later.
    public static func start(address: String, configHome: URL, log: URL, environment extra: [String: String] = [:],
                             errors: FileHandle? = nil) throws -> Process {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = builtLivetext()
        process.arguments = ["daemon", "--address", address]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = configHome.path
        environment["OMP_THREAD_LIMIT"] = "1"
        environment["LIVETEXT_REFERENCE_TIME"] = "2026-03-01T09:00:00-08:00"
        environment["LIVETEXT_REGION"] = "US"
        environment.merge(extra) { $1 }
        process.environment = environment
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = errors ?? handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}
