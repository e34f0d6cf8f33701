import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// `LiveSurface` on its own thread over a private Xvfb, driven with xdotool and looked at from
/// another client.
@Suite("the live surface")
struct LiveSurfaceTests {
    typealias F = CaptureFixtures

    @Test("an override-redirect window of class livetext over the screen holds both grabs; Esc closes it at once and leaves no grab")
    func escape() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let harness = LiveHarness.start(server)
            let window = try await LiveProbe.waitForSurface(server)
            #expect(window.overrideRedirect && window.viewable)
            #expect(window.frame == [0, 0, 640, 480])
            let during = try await LiveProbe.grabsFree(server)
            #expect(!during.pointer && !during.keyboard)
            try await xdotool(server, "key Escape")
            #expect(try await harness.ending()?.get() == .escaped)
            let after = try await LiveProbe.grabsFree(server)
            #expect(after.pointer && after.keyboard)
            #expect(after.windows.isEmpty)
        }
    }

    @Test("a part of the screen: the window covers only it and shows the pixels frozen when it opened")
    func region() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let painter = try ScreenPainter(server)
            let shown = try painter.window(Bounds(x: 40, y: 30, width: 400, height: 300), color: F.testPattern)
            let area = Bounds(x: 100, y: 80, width: 200, height: 100)
            let harness = LiveHarness.start(server, area: area)
            #expect(try await LiveProbe.waitForSurface(server).frame == [100, 80, 200, 100])
            let frozen = try await harness.onSurface { try $0.frozen() }
            let expected = shown.expected.cropped(to: Bounds(x: 60, y: 50, width: 200, height: 100))
            #expect(frozen.bounds == area)
            #expect(F.pixelDifference(frozen.image, expected) == nil)
            // A window mapped afterwards does not stay above it.
            _ = try painter.window(Bounds(x: 0, y: 0, width: 640, height: 480), color: { _, _ in (255, 0, 0) })
            var difference: String?
            for _ in 0..<100 {
                difference = F.pixelDifference(try await LiveProbe.screen(server).cropped(to: area), expected)
                if difference == nil { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(difference == nil)
            _ = try await harness.onSurface { $0.finish() }
            #expect(try await harness.ending()?.get() == .finished)
        }
    }

    @Test("paints blend over the frozen pixels and only what changed is drawn again, with MIT-SHM and without",
          arguments: [true, false])
    func paints(sharedMemory: Bool) async throws {
        try await TestDisplay.with(width: 320, height: 240, extraArguments: sharedMemory ? [] : ["-extension", "MIT-SHM"]) { server in
            let painter = try ScreenPainter(server)
            let shown = try painter.window(Bounds(x: 0, y: 0, width: 320, height: 240), color: F.testPattern)
            let harness = LiveHarness.start(server)
            _ = try await LiveProbe.waitForSurface(server)
            #expect(try await harness.onSurface { $0.drawsThroughSharedMemory } == sharedMemory)
            let fill = Bounds(x: 20, y: 30, width: 50, height: 40), blue = LiveColor(red: 0, green: 0, blue: 255, alpha: 128)
            let first = try await harness.onSurface { surface in
                try surface.setPaints([.fill(fill, blue)])
                return surface.drawn.pixels
            }
            #expect(first == fill.area)
            var screen = try await LiveProbe.screen(server)
            let under = shown.expected.rgba(30, 40)
            let blended = [LiveCompositor.mix(0, over: under[0], alpha: 128), LiveCompositor.mix(0, over: under[1], alpha: 128),
                           LiveCompositor.mix(255, over: under[2], alpha: 128), 255]
            #expect(screen.rgba(30, 40) == blended)
            #expect(screen.rgba(100, 100) == shown.expected.rgba(100, 100))

            // A frame and an opaque picture added: only their rectangles are drawn.
            let frame = Bounds(x: 150, y: 100, width: 60, height: 30)
            let dot = PixelImage(width: 4, height: 4, format: .rgba8, pixels: [UInt8](repeating: 200, count: 64).enumerated()
                .map { $0.offset % 4 == 3 ? 255 : $0.element })
            let picture = LivePicture(dot, x: 300, y: 200)
            let second = try await harness.onSurface { surface in
                try surface.setPaints([.fill(fill, blue), .frame(frame, LiveColor(red: 255, green: 0, blue: 0), width: 2),
                                       .picture(picture)])
                return surface.drawn.pixels
            }
            #expect(second - first == frame.area + 16)
            screen = try await LiveProbe.screen(server)
            #expect(screen.rgba(150, 115) == [255, 0, 0, 255] && screen.rgba(209, 115) == [255, 0, 0, 255])
            #expect(screen.rgba(180, 115) == shown.expected.rgba(180, 115))
            #expect(screen.rgba(301, 201) == [200, 200, 200, 255])
            #expect(screen.rgba(30, 40) == blended)

            // All gone: the frozen pixels again, exactly.
            _ = try await harness.onSurface { try $0.setPaints([]) }
            screen = try await LiveProbe.screen(server)
            #expect(F.pixelDifference(screen, shown.expected) == nil)
            try await xdotool(server, "key Escape")
            #expect(try await harness.ending()?.get() == .escaped)
        }
    }

    @Test("while it reportsEscape (a menu is shown), Escape is a key for the handler; then Escape closes at once again")
    func escapeReported() async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let harness = LiveHarness.start(server)
            _ = try await LiveProbe.waitForSurface(server)
            _ = try await harness.onSurface { $0.reportsEscape = true }
            try await xdotool(server, "key Escape")
            try await harness.waitForEvents { $0.contains { if case .key(let key) = $0 { key.keysym == UInt32(XK_Escape) } else { false } } }
            _ = try await harness.onSurface { $0.reportsEscape = false }
            try await xdotool(server, "key Escape")
            #expect(try await harness.ending()?.get() == .escaped)
        }
    }

    @Test("clicks are counted (double, triple), modifiers and keys reported, motion coalesced; the handler finishes")
    func events() async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let harness = LiveHarness.start(server) { event, surface in
                if case .key(let key) = event, key.keysym == UInt32(XK_Return) { surface.finish() }
            }
            _ = try await LiveProbe.waitForSurface(server)
            try await xdotool(server, "mousemove 50 60 click --repeat 3 --delay 60 1")
            try await harness.waitForEvents { $0.filter(\.isRelease).count == 3 }
            try await xdotool(server, "mousemove 200 100 keydown shift click 1 keyup shift key ctrl+c")
            try await harness.waitForEvents { $0.contains { if case .key = $0 { true } else { false } } }
            try await xdotool(server, "mousemove 10 10 mousedown 1 mousemove 20 20 mousemove 30 35 mouseup 1 key Return")
            #expect(try await harness.ending()?.get() == .finished)

            let events = harness.events
            let presses = events.compactMap { if case .press(let p) = $0 { p } else { nil } }
            #expect(presses.map(\.clickCount) == [1, 2, 3, 1, 1])
            #expect(presses.prefix(3).allSatisfy { ($0.button, $0.x, $0.y) == (1, 50, 60) })
            #expect(presses[3].modifiers.contains(.shift) && presses[3].x == 200)
            let keys = events.compactMap { if case .key(let k) = $0 { k } else { nil } }
            #expect(keys.count == 2)
            #expect(keys.first?.keysym == 0x63 && keys.first?.modifiers.contains(.control) == true)
            #expect(keys.last?.keysym == UInt32(XK_Return))
            let drag = events.compactMap { if case .motion(let x, let y, let m) = $0, m.contains(.button1) { (x, y) } else { nil } }
            #expect(drag.last.map { [$0.0, $0.1] } == [30, 35])
        }
    }

    @Test("the cursor is the one set: arrow, I-beam, hand each look different")
    func cursors() async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let harness = LiveHarness.start(server)
            _ = try await LiveProbe.waitForSurface(server)
            try await xdotool(server, "mousemove 100 100")
            var seen: [[UInt]] = []
            for shape in [LiveCursor.arrow, .iBeam, .hand] {
                _ = try await harness.onSurface { $0.setCursor(shape) }
                seen.append(try await LiveProbe.cursor(server))
            }
            #expect(Set(seen).count == 3)
            try await xdotool(server, "key Escape")
            _ = await harness.ending()
        }
    }

    @Test("the display going away ends run with unavailable; nothing is left waiting")
    func displayGone() async throws {
        let server = try await TestDisplay.start(width: 320, height: 240)
        let harness = LiveHarness.start(server)
        _ = try await LiveProbe.waitForSurface(server)
        await server.stop()
        switch await harness.ending() {
        case .failure(let error as LiveTextError)?: #expect(error.code == .unavailable, "\(error.message)")
        case let other: Issue.record("expected unavailable, got \(String(describing: other))")
        }
    }

    @Test("Xft.dpi is read from the resource database text; absent or nonsense is nil")
    func dpi() {
        #expect(X11Display.dpi(inResources: "Xcursor.size:\t24\nXft.dpi:\t192\n") == 192)
        #expect(X11Display.dpi(inResources: "Xft.dpi: 144.5") == 144.5)
        #expect(X11Display.dpi(inResources: "Xft.antialias:\t1\n") == nil)
        #expect(X11Display.dpi(inResources: "Xft.dpi:\t-3\nXft.dpi: x") == nil)
    }

    @Test("damage: the rectangles of paints that differ, merged where they meet")
    func damage() {
        let a = LivePaint.fill(Bounds(x: 0, y: 0, width: 10, height: 10), LiveColor(red: 1, green: 2, blue: 3, alpha: 4))
        let b = LivePaint.fill(Bounds(x: 5, y: 5, width: 10, height: 10), LiveColor(red: 1, green: 2, blue: 3, alpha: 4))
        let c = LivePaint.frame(Bounds(x: 100, y: 100, width: 10, height: 10), LiveColor(red: 0, green: 0, blue: 0), width: 1)
        #expect(LiveCompositor.damage(from: [a, c], to: [a, c]).isEmpty)
        #expect(LiveCompositor.damage(from: [a], to: [a, c]) == [c.bounds])
        #expect(LiveCompositor.damage(from: [a], to: [b]) == [Bounds(x: 0, y: 0, width: 15, height: 15)])
        #expect(Set(LiveCompositor.damage(from: [a, c], to: [])) == [a.bounds, c.bounds])
    }
}

extension LiveSurfaceEvent {
    var isRelease: Bool { if case .release = self { true } else { false } }
}
