import Foundation
import Synchronization
import Testing
import TestSupport

/// livetext on a wlroots compositor (headless sway), through its Wayland backend: the screen of a
/// Wayland-native window is read; what Wayland cannot do is exit 4 saying so, never a black image.
@Suite("livetext on sway, through Wayland")
struct WaylandCaptureCLITests {
    static let words = "Invoice 4471 is due on 2026-12-01"

    static func scene(_ sway: SwayServer) async throws -> Process {
        try await sway.swaymsg(["output", "HEADLESS-1", "bg", "#ffffff", "solid_color"])
        let foot = try FootPeer.show(words, on: sway, extra: ["-o", "colors.background=ffffff", "-o", "colors.foreground=000000",
                                                              "-o", "font=DejaVu Sans Mono:size=14"])
        try await FootPeer.waitUntilDrawn(on: sway)
        return foot
    }

    @Test("capture --screen and --region read the words of a Wayland-native window, with Xwayland beside it or not",
          arguments: [true, false])
    func readsNativeWindow(xwayland: Bool) async throws {
        try await SwayServer.with(xwayland: xwayland) { sway in
            let foot = try await Self.scene(sway)
            defer { foot.terminate() }
            let screen = try await CLIProcess.run(["capture", "--screen", "--json"], environment: sway.environment)
            #expect(screen.status == 0, "\(screen.stderr)")
            #expect(screen.stdout.contains("Invoice 4471"), "\(screen.stdout.prefix(600))")
            #expect(screen.stdout.contains("\"source\":\"screen:0,0,1280,800\"") || screen.stdout.contains("screen:0,0,1280,800"))
            let region = try await CLIProcess.run(["capture", "--region", "0,0,640,120", "--only", "date"],
                                                  environment: sway.environment)
            #expect(region.status == 0, "\(region.stderr)")
            #expect(region.stdout.contains("2026-12-01"), "\(region.stdout)")
        }
    }

    @Test("--window and --pick-window are exit 4 saying Wayland cannot name windows; nothing on stdout",
          arguments: [["capture", "--window", "0x400001"], ["capture", "--pick-window"]])
    func windowsRefused(arguments: [String]) async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let result = try await CLIProcess.run(arguments, environment: sway.environment, timeout: 60)
            #expect(result.status == 4, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("not available on Wayland"), "\(result.stderr)")
        }
    }

    @Test("LIVETEXT_BACKEND with an unknown value is exit 2 naming it")
    func unknownBackend() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let result = try await CLIProcess.run(["capture", "--screen"],
                                                  environment: sway.environment.merging(["LIVETEXT_BACKEND": "gnome"]) { $1 })
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("LIVETEXT_BACKEND='gnome' is neither x11 nor wayland"), "\(result.stderr)")
        }
    }
}

/// The clipboard and the keyboard of a wlroots compositor, from the CLI.
@Suite("livetext's clipboard and typing on sway")
struct WaylandClipboardCLITests {
    @Test("clipboard reads an image wl-copy put there; a text-only clipboard is exit 3 saying what it holds")
    func readsClipboard() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let qr = try Data(contentsOf: URL(fileURLWithPath: CLIProcess.fixture("qr-url.png")))
            try await WaylandPeers.withCopy(qr, arguments: ["--type", "image/png"], expectedType: "image/png", on: sway) { _ in
                let read = try await CLIProcess.run(["clipboard", "--types", "codes"], environment: sway.environment)
                #expect(read.status == 0, "\(read.stderr)")
                #expect(read.stdout.contains("https://example.org/livetext?q=1"), "\(read.stdout)")
            }
            try await WaylandPeers.withCopy(Data("just words".utf8), arguments: [], expectedType: "text/plain;charset=utf-8",
                                            on: sway) { _ in
                let read = try await CLIProcess.run(["clipboard"], environment: sway.environment)
                #expect(read.status == 3, "\(read.stderr)")
                #expect(read.stderr.contains("holds no image") && read.stderr.contains("text/plain"), "\(read.stderr)")
            }
        }
    }

    @Test("capture --copy puts the words on the clipboard, and they stay after livetext exited; --type types them")
    func copiesAndTypes() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let foot = try await WaylandCaptureCLITests.scene(sway)
            let copied = try await CLIProcess.run(["capture", "--region", "0,0,640,120", "--only", "date", "--copy"],
                                                  environment: sway.environment)
            #expect(copied.status == 0, "\(copied.stderr)")
            foot.terminate()
            // livetext has exited: its detached server holds the copy.
            let pasted = try await WaylandPeers.paste(["--no-newline"], on: sway)
            #expect(pasted.stdout == "2026-12-01", "\(pasted.stdout) \(pasted.stderr)")

            let file = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-typed-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            let recorder = try await WaylandPeers.footRecording(to: file, on: sway)
            defer { recorder.terminate() }
            let typed = try await CLIProcess.run(["analyze", "--only", "email", "--type", CLIProcess.fixture("text-light-15px.png")],
                                                 environment: sway.environment)
            #expect(typed.status == 0, "\(typed.stderr)")
            let held = try await WaylandPeers.contents(of: file, becoming: "billing@example.com")
            #expect(held == "billing@example.com")
        }
    }
}

/// `livetext live` on sway: the frozen screen on a layer-shell surface, driven by the keyboard.
@Suite("livetext live on sway")
struct WaylandLiveCLITests {
    @Test("live: Ctrl+A then Enter copy the frozen screen's words and close it; the copy outlives livetext")
    func selectAllAndCopy() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let foot = try await WaylandCaptureCLITests.scene(sway)
            defer { foot.terminate() }
            let band = ["-t", "ppm", "-g", "0,6 640x40", "-"]
            let grim = { try await ChildProcess.run("/usr/bin/grim", band, environment: sway.environment, timeout: .seconds(20)).stdout }
            let before = try await grim()
            let ended = Ended()
            let live = Task {
                defer { ended.mark() }
                return try await CLIProcess.run(["live"], environment: sway.environment, timeout: 60)
            }
            // Ctrl+A until the words show selected (the surface is up and has read them), then Enter.
            var selected = false
            for _ in 0..<60 where !ended.value && !selected {
                try await Task.sleep(for: .milliseconds(500))
                _ = try await runCommand("/usr/bin/wtype", ["-s", "200", "-M", "ctrl", "-k", "a", "-m", "ctrl"],
                                         environment: sway.environment)
                selected = try await grim() != before
            }
            #expect(selected, "the selection never showed")
            // The reading comes in bands (the first line first): Ctrl+A again until the selection
            // over all the lines has stopped growing, twice running (a loaded machine's band can
            // take longer than one look), so Enter copies the whole reading.
            let lines = { try await ChildProcess.run("/usr/bin/grim", ["-t", "ppm", "-g", "0,6 640x120", "-"],
                                                     environment: sway.environment, timeout: .seconds(20)).stdout }
            var shown = try await lines()
            var unchanged = 0
            for _ in 0..<40 where !ended.value && unchanged < 2 {
                try await Task.sleep(for: .milliseconds(750))
                _ = try await runCommand("/usr/bin/wtype", ["-s", "200", "-M", "ctrl", "-k", "a", "-m", "ctrl"],
                                         environment: sway.environment)
                let now = try await lines()
                unchanged = now == shown ? unchanged + 1 : 0
                shown = now
            }
            _ = try await runCommand("/usr/bin/wtype", ["-s", "200", "-k", "Return"], environment: sway.environment)
            let result = try await live.value
            #expect(result.status == 0, "\(result.stderr)")
            let pasted = try await WaylandPeers.paste(["--no-newline"], on: sway)
            #expect(pasted.stdout.contains("Invoice 4471"), "\(pasted.stdout)")
        }
    }
}

/// `livetext view` on sway: an xdg-shell window of its own, no X server anywhere.
@Suite("livetext view on sway")
struct WaylandViewCLITests {
    @Test("view opens a Wayland window (app id livetext): Ctrl+A then Ctrl+C copy all its text, q closes (exit 0); closed by the compositor it ends (exit 0)")
    func selectCopyAndClose() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let ended = Ended()
            let view = Task {
                defer { ended.mark() }
                return try await CLIProcess.run(["view", LiveCommandTests.page], environment: sway.environment, timeout: 90)
            }
            let all = LiveCommandTests.lines.joined(separator: "\n")
            var pasted = ""
            for _ in 0..<60 where !ended.value && pasted != all {
                try await Task.sleep(for: .milliseconds(500))
                _ = try await runCommand("/usr/bin/wtype", ["-s", "100", "-M", "ctrl", "-k", "a", "-k", "c", "-m", "ctrl"],
                                         environment: sway.environment)
                pasted = try await WaylandPeers.paste(["--no-newline"], on: sway).stdout
            }
            #expect(pasted == all)
            let tree = try await sway.swaymsg(["-t", "get_tree"])
            #expect(tree.contains("\"app_id\": \"livetext\""), "\(tree.prefix(2000))")
            _ = try await runCommand("/usr/bin/wtype", ["-s", "100", "-k", "q"], environment: sway.environment)
            let result = try await view.value
            #expect(result.status == 0, "\(result.stderr)")

            let closed = Task { try await CLIProcess.run(["view", LiveCommandTests.page], environment: sway.environment, timeout: 60) }
            var killed = false
            for _ in 0..<60 where !killed {
                try await Task.sleep(for: .milliseconds(300))
                killed = (try? await sway.swaymsg(["[app_id=\"livetext\"]", "kill"])) != nil
            }
            #expect(killed, "the second window never showed")
            let second = try await closed.value
            #expect(second.status == 0, "\(second.stderr)")
        }
    }
}

/// Set once a task has ended.
final class Ended: Sendable {
    private let ended = Mutex(false)
    func mark() { ended.withLock { $0 = true } }
    var value: Bool { ended.withLock { $0 } }
}
