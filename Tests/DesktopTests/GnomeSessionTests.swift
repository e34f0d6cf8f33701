import DesktopPortals
import Foundation
import TestSupport
import Testing

extension GnomeSessions {
/// livetext as a GNOME user runs it, against a headless gnome-shell with its portal stack: what
/// `livetext desktop` says, the one-time steps it takes, and a Wayland-native window's words read
/// through the Screenshot portal.
@Suite("livetext on GNOME", .serialized)
struct GnomeSessionTests {
    /// livetext as a program of the session: its settings, like dconf's database, in the session's home.
    static func run(_ arguments: [String], on gnome: GnomeShellServer) async throws -> CommandResult {
        try await runCommand(builtLivetext().path, arguments, environment: environment(gnome))
    }

    static func environment(_ gnome: GnomeShellServer) -> [String: String] {
        gnome.environment.merging(["XDG_CONFIG_HOME": gnome.home.appendingPathComponent(".config").path]) { $1 }
    }

    static func features(_ json: String) throws -> [String: [String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document["session"] as? String == "wayland")
        #expect(document["desktop"] as? String == "gnome")
        let features = try #require(document["features"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: features.map { ($0["name"] as? String ?? "", $0) })
    }

    @Test("one GNOME session: livetext desktop and its one-time steps, capture --screen through the portal, live copying from the frozen screen")
    func session() async throws {
        // One session for the three, in this order (the report first: nothing allowed yet).
        try await GnomeShellServer.with { gnome in
            try await Self.desktopReport(gnome)
            try await Self.captureScreen(gnome)
            try await Self.liveCopies(gnome)
        }
    }

    /// `livetext desktop`: the portal serves capture, screenshots allowed once, hotkeys bound and removed.
    static func desktopReport(_ gnome: GnomeShellServer) async throws {
        let before = try await Self.run(["desktop", "--json"], on: gnome)
        #expect(before.status == 0, "\(before.stderr)")
        var features = try Self.features(before.stdout)
        #expect(features["capture"]?["available"] as? Bool == true)
        #expect((features["capture"]?["mechanism"] as? String)?.contains("Screenshot portal") == true, "\(before.stdout)")
        #expect((features["capture"]?["note"] as? String)?.contains("--allow-screenshots") == true)
        #expect(features["hotkeys"]?["available"] as? Bool == false)
        #expect((features["hotkeys"]?["note"] as? String)?.contains("--install-hotkeys") == true)

        let allowed = try await Self.run(["desktop", "--allow-screenshots", "--install-hotkeys"], on: gnome)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        let after = try await Self.run(["desktop", "--json"], on: gnome)
        features = try Self.features(after.stdout)
        #expect(features["capture"]?["note"] is NSNull, "\(after.stdout)")
        #expect(features["hotkeys"]?["available"] as? Bool == true, "\(after.stdout)")
        let listed = try await gnome.gsettings(["get", "org.gnome.settings-daemon.plugins.media-keys", "custom-keybindings"])
        #expect(listed.contains("livetext-text/") && listed.contains("livetext-live/") && listed.contains("livetext-codes/"))

        let removed = try await Self.run(["desktop", "--remove-hotkeys"], on: gnome)
        #expect(removed.status == 0 && removed.stderr.contains("removed 3"), "\(removed.stderr)")
        #expect(!(try await gnome.gsettings(["get", "org.gnome.settings-daemon.plugins.media-keys", "custom-keybindings"]))
            .contains("livetext"))
    }

    /// `capture --screen` reads a Wayland-native window's words through the Screenshot portal.
    static func captureScreen(_ gnome: GnomeShellServer) async throws {
        try await gnome.allowScreenshots()
        let foot = try FootPeer.show("Quarterly report approved", environment: gnome.environment, home: gnome.home.path,
                                     extra: ["-o", "font=monospace:size=14"])
        defer { foot.terminate() }
        var text = ""
        // The window maps, is placed and drawn by mutter: read until its words show (30 s at most).
        for _ in 0..<15 where !text.contains("Quarterly report approved") {
            try await Task.sleep(for: .seconds(2))
            let result = try await Self.run(["capture", "--screen", "--types", "text"], on: gnome)
            #expect(result.status == 0, "\(result.stderr)")
            text = result.stdout
        }
        #expect(text.contains("Quarterly report approved"), "\(text)")
    }
}

}

extension GnomeSessions.GnomeSessionTests {
    /// `live` shows the frozen screen over GNOME (full-screen windows), and Ctrl+A, Ctrl+C puts its text on the clipboard.
    static func liveCopies(_ gnome: GnomeShellServer) async throws {
        try await gnome.allowScreenshots()
        let foot = try FootPeer.show("Quarterly report approved", environment: gnome.environment, home: gnome.home.path,
                                     extra: ["-o", "font=monospace:size=14"])
        var footRunning = true
        defer { if footRunning { foot.terminate() } }
        // Its words on the screen first (the capture reads what live will freeze).
        var shown = false
        for _ in 0..<15 where !shown {
            try await Task.sleep(for: .seconds(2))
            shown = try await Self.run(["capture", "--screen", "--types", "text"], on: gnome).stdout
                .contains("Quarterly report approved")
        }
        try #require(shown, "foot's words never showed")
        let live = try RunningCommand(builtLivetext().path, ["live"], environment: environment(gnome))
        let remote = try await MutterRemoteDesktop.start(on: gnome)
        // The surface is up once the screen shows the frozen words with foot gone.
        try await Task.sleep(for: .seconds(4))
        foot.terminate()
        footRunning = false
        try await Task.sleep(for: .seconds(1))
        let frozen = try await Self.run(["capture", "--screen", "--types", "text"], on: gnome).stdout
        #expect(frozen.contains("Quarterly report approved"), "the frozen screen is not shown: \(frozen)")
        // Select all and copy, again until the reading is in (a debug build reads a screen in seconds).
        var copied: String?
        let patience = ContinuousClock.now + .seconds(150)
        while ContinuousClock.now < patience, copied?.contains("Quarterly report approved") != true {
            try await remote.press(MutterRemoteDesktop.a, with: [MutterRemoteDesktop.control])
            try await remote.press(MutterRemoteDesktop.c, with: [MutterRemoteDesktop.control])
            try await Task.sleep(for: .seconds(1))
            copied = try await remote.clipboardText()
        }
        #expect(copied?.contains("Quarterly report approved") == true, "clipboard: \(String(describing: copied))")
        let portal = ScreenshotPortal(busAddress: gnome.sessionBus)
        try ReadmeScreenshot.save(try await offPool { try portal.grabScreen(within: .seconds(30)) }, as: "gnome-live.png")
        try await remote.press(MutterRemoteDesktop.escape)
        try await remote.press(MutterRemoteDesktop.escape)
        // Closed, the copy stays: without Xwayland nobody else may take it over, so livetext
        // stays to serve it (as wl-copy does) until something else is copied.
        try await Task.sleep(for: .seconds(3))
        #expect(try await remote.clipboardText()?.contains("Quarterly report approved") == true)
        #expect(live.process.isRunning, "live exited, and its copy with it")
        live.process.terminate()
        let finished = try await live.finish(limit: 30)
        #expect(finished.stderr.contains("it exits when something else is copied"), "live: \(finished.stderr)")
        await remote.stop()
    }
}
