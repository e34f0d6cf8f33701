import Foundation
import LiveTextCore
import Synchronization
import Testing
import TestSupport
import WaylandKit

/// The live surface as on GNOME, played on a headless sway whose layer shell, screencopy and
/// data-control the backend is told to ignore (`WaylandBackend.gnomeLike`): the frozen screen from
/// a grabber (grim's), shown as a full-screen toplevel, input from a virtual pointer and keyboard,
/// and a copy made through the focused surface read back with wl-paste.
@Suite("the frozen screen without a layer shell, as on GNOME", .serialized)
struct FullscreenLiveTests {
    static let blue: [UInt8] = [0x33, 0x66, 0x99, 255]
    static let orange: [UInt8] = [0xcc, 0x55, 0x00, 255]

    /// Paints sway's backdrop `hex` and waits (up to 10 s) until grim sees `rgba` at (5, 5).
    static func backdrop(_ sway: SwayServer, _ hex: String, _ rgba: [UInt8]) async throws -> Bool {
        try await sway.swaymsg(["output", "HEADLESS-1", "bg", hex, "solid_color"])
        for _ in 0..<100 {
            if try await GrimPeer.capture(sway, region: Bounds(x: 5, y: 5, width: 1, height: 1)).rgba(0, 0) == rgba { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// A live canvas of `backend` over `target`, run by a harness (`onEvent` on its thread).
    static func start(_ backend: WaylandBackend, _ target: CaptureTarget = .screen,
                      onEvent: @escaping @Sendable (LiveSurfaceEvent, WaylandLiveSurface) -> Void = { _, _ in })
        -> WaylandLiveHarness {
        WaylandLiveHarness.start(onEvent: onEvent) {
            guard let surface = try backend.liveCanvas(target, maxPixels: .max) as? WaylandLiveSurface else {
                throw TestFailure("the Wayland backend made no WaylandLiveSurface")
            }
            return surface
        }
    }

    /// The app ids of the full-screen windows in sway's tree (JSON).
    static func fullscreenAppIDs(_ sway: SwayServer) async throws -> [String] {
        let tree = try JSONSerialization.jsonObject(with: Data(try await sway.swaymsg(["-t", "get_tree"]).utf8))
        func search(_ node: Any) -> [String] {
            guard let node = node as? [String: Any] else { return [] }
            var found: [String] = []
            if node["fullscreen_mode"] as? Int == 1, let appID = node["app_id"] as? String { found.append(appID) }
            for key in ["nodes", "floating_nodes"] { found += (node[key] as? [Any] ?? []).flatMap(search) }
            return found
        }
        return search(tree)
    }

    /// What `wl-paste --no-newline` reads, once it is `expected` (or after 10 s).
    static func pasted(_ sway: SwayServer, becoming expected: String) async throws -> String {
        var read = ""
        for _ in 0..<100 {
            let result = try await WaylandPeers.paste(["--no-newline"], on: sway)
            read = result.status == 0 ? result.stdout : "(wl-paste: \(result.status))"
            if read == expected { return read }
            try await Task.sleep(for: .milliseconds(100))
        }
        return read
    }

    @Test("a full-screen toplevel shows the frozen screen while the real one changes underneath, paints over it, and goes")
    func frozenFullscreen() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            #expect(try await Self.backdrop(sway, "#336699", Self.blue))
            let grabber = GrimGrabber(sway)
            let backend = WaylandBackend.gnomeLike(sway, grabber: grabber)
            defer { backend.close() }
            let capabilities = try backend.capabilities()
            #expect(capabilities.isSuperset(of: [.liveSurface, .selectRegion, .captureScreen]))
            #expect(capabilities.isDisjoint(with: [.copy, .readClipboard]))
            let harness = Self.start(backend)
            let surface = try await harness.surface()
            let frozen = try surface.frozen()
            #expect(frozen.bounds == Bounds(x: 0, y: 0, width: 1280, height: 800) && frozen.image.rgba(640, 400) == Self.blue)
            #expect(grabber.grabs == 1)
            #expect(try await Self.fullscreenAppIDs(sway) == ["livetext"])

            // The desktop turns orange underneath: the frozen screen stays on top, then a paint over it.
            try await sway.swaymsg(["output", "HEADLESS-1", "bg", "#cc5500", "solid_color"])
            try await Task.sleep(for: .milliseconds(500))
            #expect(try await SwayScreen.difference(sway, from: frozen.image) == nil)
            let paint = LivePaint.fill(Bounds(x: 100, y: 50, width: 300, height: 200), LiveColor(red: 255, green: 0, blue: 0, alpha: 160))
            try await harness.onSurface { try $0.setPaints([paint]) }
            let painted = PixelImage(width: 1280, height: 800, format: .rgba8,
                                     pixels: LiveCompositor.compose(frozen.image, [paint], in: frozen.bounds))
            #expect(try await SwayScreen.difference(sway, from: painted) == nil)
            _ = try await harness.onSurface { $0.finish() }
            #expect(try await harness.ending()?.get() == .finished)
            // Gone: the desktop shows what it drew meanwhile.
            var shown: [UInt8] = []
            for _ in 0..<100 {
                shown = try await GrimPeer.capture(sway, region: Bounds(x: 640, y: 400, width: 1, height: 1)).rgba(0, 0)
                if shown == Self.orange { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(shown == Self.orange)
            #expect(try await Self.fullscreenAppIDs(sway).isEmpty)
        }
    }

    @Test("clicks and keys reach the full-screen surface in the frozen image's pixels; Escape ends it; an unknown activation token is harmless")
    func input() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            // (sway ignores a token it did not hand out; the request must still be well formed.)
            let backend = WaylandBackend.gnomeLike(sway, activationToken: "livetext-test-token")
            defer { backend.close() }
            let pointer = try await offPool { try VirtualPointer(sway) }
            defer { pointer.close() }
            let keyboard = try await offPool { try VirtualKeyboard(sway) }
            defer { keyboard.close() }
            let harness = Self.start(backend)
            _ = try await harness.surface()
            try await offPool {
                try pointer.move(100, 120)
                try pointer.click()
                try keyboard.type(VirtualKeyboard.x)
            }
            try await harness.waitForEvents { events in
                events.contains { if case .keyRelease = $0 { true } else { false } }
                    && events.contains { if case .release = $0 { true } else { false } }
            }
            let presses = harness.events.compactMap { if case .press(let event) = $0 { [event.x, event.y] } else { nil } }
            #expect(presses == [[100, 120]])
            #expect(harness.events.contains { if case .key(let key) = $0 { key.keysym == 0x78 } else { false } })
            try await offPool { try keyboard.type(VirtualKeyboard.escape) }
            #expect(try await harness.ending()?.get() == .escaped)
        }
    }

    @Test("a copy from the focused surface, without data-control, is what wl-paste reads, also after it closed, until another copy")
    func copyFromFocus() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let backend = WaylandBackend.gnomeLike(sway)
            defer { backend.close() }
            let keyboard = try await offPool { try VirtualKeyboard(sway) }
            defer { keyboard.close() }
            let text = "Invoice 4471 — dû le 1er décembre"
            let outcome = Mutex<String?>(nil)
            // The user's copy: a key on the surface, as Ctrl+C is.
            let harness = Self.start(backend) { event, surface in
                guard case .key(let key) = event, key.keysym == 0x78 else { return }
                let said = Result { try surface.copyFromSurface(ClipboardContent(plain: text)) }
                outcome.withLock { $0 = "\(said)" }
            }
            _ = try await harness.surface()
            try await offPool { try keyboard.type(VirtualKeyboard.x) }
            try await harness.waitForEvents { _ in outcome.withLock { $0 } != nil }
            #expect(outcome.withLock { $0 } == "success(true)")
            #expect(try await Self.pasted(sway, becoming: text) == text)

            // Closed: the copy is still served, by the thread that took the surface's connection over.
            try await offPool { try keyboard.type(VirtualKeyboard.escape) }
            #expect(try await harness.ending()?.get() == .escaped)
            #expect(try await Self.fullscreenAppIDs(sway).isEmpty)
            #expect(try await Self.pasted(sway, becoming: text) == text)
            #expect(try await WaylandPeers.paste(["--list-types"], on: sway).stdout.hasPrefix("text/plain;charset=utf-8\n"))

            // Another program copies: that is what is pasted now.
            let replaced = try await WaylandPeers.withCopy(Data("replaced".utf8), arguments: [], expectedType: "text/plain",
                                                           on: sway) { _ in try await Self.pasted(sway, becoming: "replaced") }
            #expect(replaced == "replaced")
        }
    }

    @Test("on a compositor with data-control the surface leaves copying to the backend")
    func dataControlCopies() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let backend = WaylandBackend(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
            defer { backend.close() }
            let harness = Self.start(backend)
            let copied = try await harness.onSurface { try $0.copyFromSurface("not here") }
            #expect(!copied)
            _ = try await harness.onSurface { $0.finish() }
            #expect(try await harness.ending()?.get() == .finished)
        }
    }
}
