import Foundation
import Testing
import TestSupport

/// `livetext view`'s F11 under a real compositor that does full screen: sway, for its own Wayland
/// windows (`xdg_toplevel.set_fullscreen`) and as the window manager of Xwayland's
/// (`_NET_WM_STATE_FULLSCREEN`).
@Suite("livetext view: full screen")
struct ViewFullScreenTests {
    @Test("F11 makes the viewer full screen and F11 again gives it up, as the compositor's tree says; Ctrl+W ends (exit 0)",
          arguments: ["wayland", "x11"])
    func fullScreen(backend: String) async throws {
        try await SwayServer.with(xwayland: backend == "x11") { sway in
            let ended = Ended()
            let view = Task {
                defer { ended.mark() }
                return try await CLIProcess.run(["view", LiveCommandTests.page],
                                                environment: sway.environment.merging(["LIVETEXT_BACKEND": backend]) { $1 },
                                                timeout: 90)
            }
            try await WaylandPeers.waitForFocusedWindow(appID: "livetext", on: sway)
            // wtype's keyboard is the seat's only one, made and gone with each wtype: the window
            // binds it as it appears, so wtype waits 300 ms before its keys, and a key that still
            // came first is lost (never late): F11 again after 3 s without the change.
            for expected in [1, 0] {
                var tree = ""
                for _ in 0..<4 where !ended.value && Self.fullScreenMode(in: tree) != expected {
                    _ = try await runCommand("/usr/bin/wtype", ["-s", "300", "-k", "F11"], environment: sway.environment)
                    tree = try await Self.tree(of: sway, until: expected, ended: ended)
                }
                #expect(Self.fullScreenMode(in: tree) == expected, "\(backend): \(tree.suffix(3000))")
            }
            // Ctrl+W until the viewer ends (a key may still meet no keyboard, as above).
            for _ in 0..<10 where !ended.value {
                _ = try await runCommand("/usr/bin/wtype", ["-s", "300", "-M", "ctrl", "-k", "w", "-m", "ctrl"], environment: sway.environment)
                for _ in 0..<20 where !ended.value { try await Task.sleep(for: .milliseconds(100)) }
            }
            let result = try await view.value
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    /// Sway's tree once the livetext window's `fullscreen_mode` is `mode`, or after 3 s.
    static func tree(of sway: SwayServer, until mode: Int, ended: Ended) async throws -> String {
        var tree = ""
        for _ in 0..<30 where !ended.value {
            tree = try await sway.swaymsg(["-t", "get_tree"])
            if fullScreenMode(in: tree) == mode { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return tree
    }

    /// The `fullscreen_mode` of the livetext window in sway's tree (JSON): 0 none, 1 its output's.
    static func fullScreenMode(in tree: String) -> Int? {
        guard let root = try? JSONSerialization.jsonObject(with: Data(tree.utf8)) else { return nil }
        func search(_ node: Any) -> Int? {
            guard let node = node as? [String: Any] else { return nil }
            let type = (node["window_properties"] as? [String: Any])?["class"] as? String
            if node["app_id"] as? String == "livetext" || type == "livetext" { return node["fullscreen_mode"] as? Int }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [Any] ?? [] {
                    if let found = search(child) { return found }
                }
            }
            return nil
        }
        return search(root)
    }
}
