import Foundation
import Testing
import TestSupport

/// livetext run from a Wayland session (headless sway with Xwayland, `SwayServer`) but told to
/// use X11 (`LIVETEXT_BACKEND=x11`, or a compositor without the wlr protocols): through Xwayland
/// the screen reads all black (MIT-SHM) without an error, so every way to read the screen must
/// say so and fail, never print an empty result.
@Suite("livetext on a Wayland session")
struct WaylandSessionTests {
    // Before: `capture --screen --json` printed a 1280×800 analysis with no text and exit 0;
    // `capture` and `live` froze a black screen and waited 300 s for a drag.
    @Test("every screen read through Xwayland is exit 4 saying why, at once; no empty result",
          arguments: [["capture", "--screen", "--json"], ["capture", "--region", "0,0,200,100"],
                      ["capture", "--monitor", "0", "--copy"], ["capture"], ["live"]])
    func screenReadsRefused(arguments: [String]) async throws {
        try await SwayServer.with { sway in
            let started = ContinuousClock.now
            let result = try await CLIProcess.run(arguments, environment: Self.forcedX11(sway), timeout: 60)
            #expect(result.status == 4, "\(result.stdout) \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("'\(sway.xDisplay ?? "")' is Xwayland"), "\(result.stderr)")
            #expect(result.stderr.contains("all black"), "\(result.stderr)")
            // Not after a selection's or a surface's timeout: before anything is shown.
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }

    // Before: "no X display: DISPLAY is not set", as if the user had forgotten something.
    @Test("without Xwayland, a screen read says it is a Wayland session, exit 4")
    func withoutXwayland() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let result = try await CLIProcess.run(["capture", "--screen"], environment: Self.forcedX11(sway), timeout: 60)
            #expect(result.status == 4)
            #expect(result.stderr.contains("this is a Wayland session (WAYLAND_DISPLAY=\(sway.waylandDisplay))"),
                    "\(result.stderr)")
        }
    }

    static func forcedX11(_ sway: SwayServer) -> [String: String] {
        sway.environment.merging(["LIVETEXT_BACKEND": "x11"]) { $1 }
    }

    @Test("files and images still work on a Wayland session")
    func filesStillWork() async throws {
        try await SwayServer.with { sway in
            let result = try await CLIProcess.run(["analyze", "--types", "codes", CLIProcess.fixture("qr-url.png")],
                                                  environment: sway.environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("https://example.org/livetext?q=1"))
        }
    }
}

@Suite("livetext hotkey")
struct HotkeyCommandTests {
    @Test("--bindings prints the compositor's lines for the settings' hotkeys; a wrong compositor or name is exit 2")
    func bindings() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-bindings-\(UUID().uuidString)")
        let config = home.appendingPathComponent("livetext")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "[hotkeys.grab]\nkeys = \"Super+Alt+G\"\naction = \"copy-text\"\n"
            .write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": home.path, "DBUS_SESSION_BUS_ADDRESS": ""]
        let sway = try await CLIProcess.run(["hotkey", "--bindings", "sway"], environment: environment)
        #expect(sway.status == 0, "\(sway.stderr)")
        #expect(sway.stdout.contains("\nbindsym Mod4+Mod1+g exec livetext hotkey grab\n"), "\(sway.stdout)")
        let wrong = try await CLIProcess.run(["hotkey", "--bindings", "gnome"], environment: environment)
        #expect(wrong.status == 2 && wrong.stderr.contains("'gnome' is not one of sway, hyprland, river"), "\(wrong.stderr)")
        let unknown = try await CLIProcess.run(["hotkey", "nope"], environment: environment)
        #expect(unknown.status == 2 && unknown.stderr.contains("no hotkey 'nope' in the settings; they define: grab"),
                "\(unknown.stderr)")
        let noDaemon = try await CLIProcess.run(["hotkey", "grab"], environment: environment)
        #expect(noDaemon.status == 4 && noDaemon.stderr.contains("a hotkey runs in the livetext daemon"), "\(noDaemon.stderr)")
    }
}

/// `livetext desktop` on sway: the wlr protocols serve everything but windows by id, Xwayland
/// the rest; hotkeys are the compositor's bindings.
@Suite("livetext desktop on sway")
struct SwayDesktopReportTests {
    @Test("--json names the session, the wlr protocols that serve each feature, and the compositor's bindings")
    func report() async throws {
        try await SwayServer.with { sway in
            let result = try await CLIProcess.run(["desktop", "--json"],
                                                  environment: sway.environment.merging(["XDG_CURRENT_DESKTOP": "sway"]) { $1 },
                                                  timeout: 60)
            #expect(result.status == 0, "\(result.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(document["session"] as? String == "wayland")
            #expect(document["desktop"] as? String == "wlroots")
            #expect(document["display"] as? String == sway.waylandDisplay)
            #expect(document["xwayland"] as? String == sway.xDisplay)
            let features = Dictionary(uniqueKeysWithValues: ((document["features"] as? [[String: Any]]) ?? []).map {
                ($0["name"] as? String ?? "", $0)
            })
            #expect(features["capture"]?["mechanism"] as? String == "Wayland (zwlr_screencopy_manager_v1)", "\(result.stdout)")
            #expect((features["live"]?["mechanism"] as? String)?.contains("layer-shell surfaces over the screen read through wlr-screencopy")
                    == true, "\(result.stdout)")
            #expect(features["copy"]?["mechanism"] as? String == "Wayland (zwlr_data_control_manager_v1)")
            #expect(features["type"]?["mechanism"] as? String == "Wayland (zwp_virtual_keyboard_manager_v1)")
            #expect(features["capture-window"]?["available"] as? Bool == false)
            #expect((features["capture-window"]?["note"] as? String)?.contains("cannot name or read other programs' windows") == true)
            #expect((features["hotkeys"]?["note"] as? String)?.contains("livetext hotkey --bindings sway") == true)
        }
    }
}
