import DBusKit
import Foundation
import TestSupport

/// A private bus with the real `livetext daemon` on it, and a client connection: what a program
/// using the service sees.
final class RunningDaemon: @unchecked Sendable {
    let bus: TestBus
    let daemon: Process
    let client: DBusConnection
    let configHome: URL
    let log: URL
    /// Whether `stop()` stops the bus too (false: a test's own bus, e.g. dunst's).
    let ownsBus: Bool

    static let binary = builtLivetext()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AdapterTests/Fixtures")

    private init(bus: TestBus, daemon: Process, client: DBusConnection, configHome: URL, log: URL, ownsBus: Bool) {
        self.bus = bus
        self.ownsBus = ownsBus
        self.daemon = daemon
        self.client = client
        self.configHome = configHome
        self.log = log
    }

    /// Runs `body` with a fresh bus and daemon, and stops both whatever happens.
    static func with(config: String? = nil, environment: [String: String] = [:], bus: TestBus? = nil,
                     errors: FileHandle? = nil, _ body: (RunningDaemon) async throws -> Void) async throws {
        let daemon = try await start(config: config, environment: environment, bus: bus, errors: errors)
        do {
            try await body(daemon)
        } catch {
            await daemon.stop()
            throw error
        }
        await daemon.stop()
    }

    /// Starts a bus and a daemon (with `config` as its settings file, if given) and waits until the
    /// daemon owns `org.livetext`. `environment` is added to the daemon's (`DISPLAY`: "" for none).
    /// With `bus`, the daemon joins that bus, which the caller stops. `errors` is its stderr (default: the log).
    static func start(config: String? = nil, environment: [String: String] = [:],
                      bus given: TestBus? = nil, errors: FileHandle? = nil) async throws -> RunningDaemon {
        let bus = if let given { given } else { try await TestBus.start() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-daemon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("livetext"), withIntermediateDirectories: true)
        if let config {
            try config.write(to: home.appendingPathComponent("livetext/config.toml"), atomically: true, encoding: .utf8)
        }
        let log = home.appendingPathComponent("daemon.log")
        let daemon = try startDaemon(address: bus.address, configHome: home, log: log, environment: environment,
                                     errors: errors)
        let client = try await DBusConnection.connect(address: bus.address)
        // Ready once the name has an owner: the daemon exports everything before asking for it.
        for _ in 0..<600 {
            let owned = try await client.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                              interface: "org.freedesktop.DBus", member: "NameHasOwner",
                                              arguments: [.string("org.livetext")])
            if owned.first?.bool == true { break }
            guard daemon.isRunning else { throw TestFailure("the daemon exited: \(try String(contentsOf: log, encoding: .utf8))") }
            try await Task.sleep(for: .milliseconds(50))
        }
        return RunningDaemon(bus: bus, daemon: daemon, client: client, configHome: home, log: log, ownsBus: given == nil)
    }

    static func startDaemon(address: String, configHome: URL, log: URL,
                            environment extra: [String: String] = [:], errors: FileHandle? = nil) throws -> Process {
        try DaemonProcess.start(address: address, configHome: configHome, log: log, environment: extra, errors: errors)
    }

    func stop() async {
        client.close()
        if daemon.isRunning {
            daemon.terminate()
            // Not on the pool: Foundation learns of the exit through dispatch's workers, which
            // waiting tasks holding every pool thread would starve (two stops at once on 2 cores
            // hung the whole suite).
            let daemon = self.daemon
            _ = try? await offPool { daemon.waitUntilExit() }
        }
        if ownsBus { await bus.stop() }
        try? FileManager.default.removeItem(at: configHome)
    }

    var daemonLog: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Presses the settings' `Control+Alt+T` once the daemon holds it (a press before the grab
    /// is lost), waits for the frozen screen, and drags over the first lines of the
    /// text-light-15px page painted at the screen's top-left.
    func pressHotkeyAndDragOverPage(on server: TestDisplay) async throws {
        try await pressHotkeyAndDrag(["mousemove", "0", "30", "mousedown", "1", "mousemove", "300", "50",
                                      "mousemove", "520", "66", "mouseup", "1"], on: server)
    }

    /// Presses the `text` hotkey (Control+Alt+T), then, over the frozen screen, the xdotool `moves`.
    func pressHotkeyAndDrag(_ moves: [String], on server: TestDisplay) async throws {
        try await waitForLog(containing: "hotkeys: text (Control+Alt+T)")
        try await XPeers.xdotool(["key", "ctrl+alt+t"], on: server)
        try await XPeers.waitForSelectionOverlay(on: server)
        try await XPeers.xdotool(moves, on: server)
    }

    /// Waits (up to 10 s) until the daemon's log contains `text`; says whether it came.
    @discardableResult
    func waitForLog(containing text: String) async throws -> Bool {
        for _ in 0..<200 {
            if daemonLog.contains(text) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    // MARK: calls

    func analyzer(_ member: String, _ arguments: [DBusValue]) async throws -> [DBusValue] {
        try await client.call(destination: "org.livetext", path: "/org/livetext", interface: "org.livetext.Analyzer1",
                              member: member, arguments: arguments)
    }

    func analysis(_ path: DBusObjectPath, _ member: String, _ arguments: [DBusValue] = []) async throws -> [DBusValue] {
        try await client.call(destination: "org.livetext", path: path, interface: "org.livetext.Analysis1",
                              member: member, arguments: arguments)
    }

    func property(_ path: DBusObjectPath, _ interface: String, _ name: String) async throws -> DBusValue {
        let reply = try await client.call(destination: "org.livetext", path: path,
                                          interface: "org.freedesktop.DBus.Properties", member: "Get",
                                          arguments: [.string(interface), .string(name)])
        return reply.first?.unwrapped ?? .string("")
    }

    /// The D-Bus error name a call fails with, or nil when it succeeds.
    static func errorName(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as DBusError {
            return error.name
        } catch {
            return "\(error)"
        }
    }
}
