import DBusKit
import DesktopPortals
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// The daemon's hotkeys as KDE's global shortcuts, on a headless kwin with xdg-desktop-portal and
/// its KDE backend as kwin's user: a key pressed through KWin's fake input reaches kglobalaccel
/// (inside kwin), the portal says `Activated`, and the daemon runs the hotkey. The key is typed
/// by `livetext analyze --type`, granted fake input by org.livetext.desktop: the words it reads
/// begin with a capital P, which it types as Shift+P, the hotkey's keys.
extension KDESessionTests {
    static let hotkeysConfig = """
        [hotkeys.typed]
        keys = "Shift+P"
        action = "analyze"
        notify = false

        [hotkeys.tiled]
        keys = "Super+Up"
        action = "codes"
        notify = false
        """

    /// Without the portal livetextd registers the hotkeys in kglobalaccel (inside kwin) and
    /// `livetext desktop` says so and why; with it, livetextd binds them through the portal, says
    /// which key KWin holds, runs a hotkey pressed through fake input, binds them again when the
    /// portal restarts; each time it exits, KDE keeps the binding inactive.
    @Test("KDE hotkeys: kglobalaccel without the portal, then the portal: bound, taken, pressed, bound again, left inactive")
    func hotkeys() async throws {
        try await KWinServer.with { kwin in
            let livetext = builtLivetext().resolvingSymlinksInPath()
            let config = kwin.userDirectory.appendingPathComponent("config")
            try Self.writeSettings(Self.hotkeysConfig, under: config)
            let environment = ["OMP_THREAD_LIMIT": "1", "XDG_CONFIG_HOME": config.path]

            // No portal: kglobalaccel itself, said in the log and in the report.
            let alone = try kwin.startAsSessionUser(livetext.path, ["daemon"], environment: environment)
            try await Self.stopping(alone) {
                #expect(try await Self.wait(for: "hotkeys: typed (Shift+P), through kglobalaccel (xdg-desktop-portal is not",
                                            in: alone, count: 1), "\(alone.errorsSoFar)")
                let report = try await Self.hotkeysFeature(on: kwin, livetext: livetext, environment: environment)
                #expect(report.available && report.mechanism.contains("in kglobalaccel (xdg-desktop-portal is not on the session bus"),
                        "\(report)")
                #expect(report.note.contains("typed: Shift+P"), "\(report.note)")
                try await Self.typeCapitalP(on: kwin, livetext: livetext)
                #expect(try await Self.wait(for: "hotkey typed (Shift+P): analyze", in: alone, count: 1), "\(alone.errorsSoFar)")
            }
            let left = try await Self.componentSettling(on: kwin)
            #expect(left?.isActive == false, "\(String(describing: left))")

            let portal = try await KDEPortal.start(on: kwin)
            var restarted: KDEPortal?
            let daemon = try kwin.startAsSessionUser(livetext.path, ["daemon"], environment: environment)
            do {
                try await Self.stopping(daemon) {
                    #expect(try await Self.wait(for: "hotkeys: typed (Shift+P)\n", in: daemon, count: 1), "\(daemon.errorsSoFar)")
                    #expect(daemon.errorsSoFar.contains("hotkey tiled: Super+Up is taken by KWin's"), "\(daemon.errorsSoFar)")
                    let bound = try await Self.hotkeysFeature(on: kwin, livetext: livetext, environment: environment)
                    #expect(bound.available && bound.mechanism.contains("through xdg-desktop-portal's GlobalShortcuts"), "\(bound)")
                    #expect(bound.note.contains("typed: Shift+P") && bound.note.contains("tiled: no keys"), "\(bound.note)")

                    try await Self.typeCapitalP(on: kwin, livetext: livetext)
                    #expect(try await Self.wait(for: "hotkey typed (Shift+P): analyze", in: daemon, count: 1), "\(daemon.errorsSoFar)")

                    // The portal and its backend restart: the daemon binds the hotkeys there again.
                    await portal.stop()
                    restarted = try await KDEPortal.start(on: kwin)
                    #expect(try await Self.wait(for: "hotkeys: typed (Shift+P)\n", in: daemon, count: 2), "\(daemon.errorsSoFar)")
                    try await Self.typeCapitalP(on: kwin, livetext: livetext)
                    #expect(try await Self.wait(for: "hotkey typed (Shift+P): analyze", in: daemon, count: 2), "\(daemon.errorsSoFar)")
                }
            } catch {
                await (restarted ?? portal).stop()
                throw error
            }

            // The daemon exited: KDE keeps the binding for its next start, inactive (the key reaches windows).
            let component = try await Self.componentSettling(on: kwin)
            await (restarted ?? portal).stop()
            #expect(component?.isActive == false, "\(String(describing: component))")
            #expect(component?.actions.first { $0.name == "typed" }?.keys == [0x0200_0000 | 0x50], "\(String(describing: component))")
        }
    }

    /// Runs `body` while `daemon` runs, then stops it (SIGTERM to the daemon itself, 30 s at most), also
    /// when `body` throws.
    static func stopping(_ daemon: RunningCommand, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            daemon.terminateProgram()
            _ = try? await daemon.finish(limit: 30)
            throw error
        }
        daemon.terminateProgram()
        _ = try await daemon.finish(limit: 30)
    }

    /// livetext's component once the daemon that exited has made it inactive, or as it is after
    /// 20 s: the daemon's `setInactive` may reach a loaded kwin after the daemon is gone.
    static func componentSettling(on kwin: KWinServer) async throws -> KGlobalAccel.Component? {
        var component = try await livetextComponent(on: kwin)
        let deadline = ContinuousClock.now + .seconds(20)
        while component?.isActive == true, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            component = try await livetextComponent(on: kwin)
        }
        return component
    }

    /// livetext's component in kglobalaccel, asked on kwin's bus.
    static func livetextComponent(on kwin: KWinServer) async throws -> KGlobalAccel.Component? {
        let bus = try await DBusConnection.connect(address: kwin.busAddress)
        defer { bus.close() }
        return try await KGlobalAccel(connection: bus).component(endingWith: "livetext")
    }

    /// The settings file, owned by kwin's user (the daemon trusts only its own files).
    static func writeSettings(_ text: String, under config: URL) throws {
        let folder = config.appendingPathComponent("livetext")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        guard getuid() == 0, let account = getpwnam(KWinServer.user) else { return }
        for path in [config.path, folder.path, file.path] { chown(path, account.pointee.pw_uid, account.pointee.pw_gid) }
    }

    /// `livetext desktop --json`'s hotkeys feature, as kwin's user.
    static func hotkeysFeature(on kwin: KWinServer, livetext: URL, environment: [String: String]) async throws
        -> (available: Bool, mechanism: String, note: String) {
        let report = try await kwin.runAsSessionUser(livetext.path, ["desktop", "--json"], environment: environment,
                                                     timeout: .seconds(120))
        let json = String(decoding: report.stdout, as: UTF8.self)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        let feature = try #require((document["features"] as? [[String: Any]])?.first { $0["name"] as? String == "hotkeys" },
                                   "\(json)")
        return (feature["available"] as? Bool ?? false, feature["mechanism"] as? String ?? "", feature["note"] as? String ?? "")
    }

    /// Types "Plasma 4217" through fake input (Shift+P first), granted by org.livetext.desktop.
    static func typeCapitalP(on kwin: KWinServer, livetext: URL) async throws {
        let template = try String(contentsOf: KWinScreenShotTests.repository.appendingPathComponent("dbus/org.livetext.desktop.in"),
                                  encoding: .utf8)
        try kwin.installDesktopFile(named: KWinDesktopFile.fileName,
                                    contents: template.replacingOccurrences(of: "@BINDIR@", with: livetext.deletingLastPathComponent().path))
        let words = kwin.userDirectory.appendingPathComponent("words.png")
        if !FileManager.default.fileExists(atPath: words.path) {
            let drawn = try await ChildProcess.run("/usr/bin/env", ["convert", "-size", "480x120", "xc:white", "-fill", "black",
                                                                    "-pointsize", "48", "-annotate", "+24+80", ScreenPattern.words,
                                                                    words.path],
                                                   environment: ProcessInfo.processInfo.environment, timeout: .seconds(60))
            guard drawn.status == 0 else { throw TestFailure("convert: \(String(decoding: drawn.stderr, as: UTF8.self))") }
        }
        // KWin reads a new desktop file a moment after it appears.
        let deadline = ContinuousClock.now + .seconds(90)
        var said = ""
        while ContinuousClock.now < deadline {
            let typed = try await kwin.runAsSessionUser(livetext.path, ["analyze", "--local", "--type", words.path],
                                                        environment: ["OMP_THREAD_LIMIT": "1"], timeout: .seconds(120))
            said = String(decoding: typed.stderr, as: UTF8.self)
            if typed.status == 0 { return }
            try await Task.sleep(for: .milliseconds(500))
        }
        throw TestFailure("livetext analyze --type never typed within 90 s: \(said)")
    }

    /// Whether `text` shows `count` times in what `command` printed, within 60 s.
    static func wait(for text: String, in command: RunningCommand, count: Int) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if command.errorsSoFar.components(separatedBy: text).count - 1 >= count { return true }
            try await Task.sleep(for: .milliseconds(200))
        }
        return false
    }
}
