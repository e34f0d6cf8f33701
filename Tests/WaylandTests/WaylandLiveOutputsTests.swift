import Foundation
import LiveTextCore
import Testing
import TestSupport
import WaylandKit

/// The live surface over several outputs of a headless sway: HEADLESS-1 (640×480 at 1×) and,
/// to its right, HEADLESS-2 (320×240 physical at 2×: 160×120 logical), each a colour of its own;
/// on layer surfaces, and as on GNOME (a full-screen toplevel an output, the screen from a grabber).
@Suite("the Wayland live surface over several outputs", .serialized)
struct WaylandLiveOutputsTests {
    static let config = "output HEADLESS-2 resolution 320x240 position 640 0 scale 2"
    static let (first, second): (LiveColor, LiveColor) = (LiveColor(red: 0x33, green: 0x66, blue: 0x99),
                                                          LiveColor(red: 0xcc, green: 0x55, blue: 0x00))

    static func withOutputs(_ shell: LiveShell,
                            _ body: @escaping @Sendable (SwayServer, WaylandBackend) async throws -> Void) async throws {
        try await SwayServer.with(width: 640, height: 480, xwayland: false, outputs: 2, config: config) { sway in
            try await sway.swaymsg(["output", "HEADLESS-1", "bg", "#336699", "solid_color"])
            try await sway.swaymsg(["output", "HEADLESS-2", "bg", "#cc5500", "solid_color"])
            // swaybg draws when it is ready: wait for both colours.
            for _ in 0..<50 {
                let screen = try await GrimPeer.capture(sway)
                if screen.width == 1600, screen.rgba(100, 100) == [0x33, 0x66, 0x99, 255],
                   screen.rgba(1400, 100) == [0xcc, 0x55, 0x00, 255] { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            let backend = shell.backend(sway)
            defer { backend.close() }
            try await body(sway, backend)
        }
    }

    @Test("the screen's surface covers both outputs, each at its scale: a paint across their border shows on both",
          arguments: LiveShell.allCases)
    func coversEveryOutput(shell: LiveShell) async throws {
        try await Self.withOutputs(shell) { sway, backend in
            // The pointer in HEADLESS-2's bottom-right corner, away from what is read: sway 1.7 scans a
            // full-screen surface on an output of its scale straight out, and wlroots 0.15's screencopy
            // (grim) then reads a stale frame; a cursor drawn over it keeps sway compositing.
            let pointer = try await offPool { try VirtualPointer(sway, extent: (800, 480)) }
            defer { pointer.close() }
            try await offPool { try pointer.move(795, 115) }
            let harness = WaylandLiveHarness.start {
                try backend.liveCanvas(.screen, maxPixels: .max) as! WaylandLiveSurface
            }
            let surface = try await harness.surface()
            #expect(surface.area == Bounds(x: 0, y: 0, width: 800, height: 480))
            let frozen = try surface.frozen()
            #expect(frozen.image.width == 1600 && frozen.image.height == 960)
            #expect(surface.dotsPerInch == 192)
            // Image x 1200…1399 is logical x 600…699: up to 639 on HEADLESS-1, the rest on HEADLESS-2.
            let red = LiveColor(red: 255, green: 0, blue: 0)
            try await harness.onSurface { try $0.setPaints([.fill(Bounds(x: 1200, y: 40, width: 200, height: 100), red)]) }
            var shown = (first: [UInt8](), second: [UInt8]())
            for _ in 0..<30 {
                let one = try await GrimPeer.capture(sway, output: "HEADLESS-1")
                let two = try await GrimPeer.capture(sway, output: "HEADLESS-2")
                // Logical (620, 40) on HEADLESS-1; logical (680, 40) is physical (80, 80) on HEADLESS-2.
                shown = (one.rgba(620, 40), two.rgba(80, 80))
                if shown.first == [255, 0, 0, 255] && shown.second == [255, 0, 0, 255] { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(shown.first == [255, 0, 0, 255] && shown.second == [255, 0, 0, 255], "\(shown)")
            // Outside the paint each output still shows its frozen colour.
            #expect(try await GrimPeer.capture(sway, output: "HEADLESS-1").rgba(10, 300) == [0x33, 0x66, 0x99, 255])
            #expect(try await GrimPeer.capture(sway, output: "HEADLESS-2").rgba(300, 200) == [0xcc, 0x55, 0x00, 255])
            _ = try await harness.onSurface { $0.finish() }
            #expect(try await harness.ending()?.get() == .finished)
        }
    }

    @Test("a press on either output comes in the frozen image's pixels; an output turned off takes its part, the other stays live",
          arguments: LiveShell.allCases)
    func pointerAcrossOutputsAndOutputGone(shell: LiveShell) async throws {
        try await Self.withOutputs(shell) { sway, backend in
            let pointer = try await offPool { try VirtualPointer(sway, extent: (800, 480)) }
            defer { pointer.close() }
            let harness = WaylandLiveHarness.start {
                try backend.liveCanvas(.screen, maxPixels: .max) as! WaylandLiveSurface
            }
            _ = try await harness.surface()
            try await offPool {
                try pointer.move(700, 50)
                try pointer.click()
                try pointer.move(100, 120, after: 1000)
                try pointer.click()
            }
            let presses = { harness.events.compactMap { if case .press(let event) = $0 { [event.x, event.y] } else { nil } } }
            try await harness.waitForEvents { _ in presses().count == 2 }
            // Logical (700, 50) is (60, 50) on the 2× output, whose part starts at image x 1280.
            #expect(presses() == [[1400, 100], [200, 240]])

            try await sway.swaymsg(["output", "HEADLESS-2", "disable"])
            try await Task.sleep(for: .milliseconds(300))
            // (sway 1.7 keeps mapping absolute motion over the layout box it had.)
            try await offPool {
                try pointer.move(300, 200, after: 1000)
                try pointer.click()
            }
            try await harness.waitForEvents { _ in presses().count == 3 }
            #expect(presses().last == [600, 400])
            #expect(try await GrimPeer.capture(sway, output: "HEADLESS-1").rgba(10, 300) == [0x33, 0x66, 0x99, 255])
            _ = try await harness.onSurface { $0.finish() }
            #expect(try await harness.ending()?.get() == .finished)
        }
    }

    @Test("a region across the border: a surface on each output over its part only (as on GNOME, on a backdrop)",
          arguments: LiveShell.allCases)
    func regionAcrossOutputs(shell: LiveShell) async throws {
        try await Self.withOutputs(shell) { sway, backend in
            let area = Bounds(x: 600, y: 20, width: 100, height: 60)
            let harness = WaylandLiveHarness.start {
                try backend.liveCanvas(.region(area), maxPixels: .max) as! WaylandLiveSurface
            }
            let surface = try await harness.surface()
            #expect(surface.area == area)
            let green = LiveColor(red: 0, green: 255, blue: 0)
            try await harness.onSurface { try $0.setPaints([.fill(Bounds(x: 0, y: 0, width: 200, height: 120), green)]) }
            var corners: [[UInt8]] = []
            for _ in 0..<30 {
                let one = try await GrimPeer.capture(sway, output: "HEADLESS-1")
                let two = try await GrimPeer.capture(sway, output: "HEADLESS-2")
                // Inside the region on each output, then just outside it.
                corners = [one.rgba(605, 25), two.rgba(110, 150), one.rgba(595, 25), two.rgba(130, 170)]
                if corners.prefix(2).allSatisfy({ $0 == [0, 255, 0, 255] }) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            // Outside it: the desktop, or (full screen) the backdrop around the region.
            let backdrop = LiveColor.viewBackdrop
            let around: [[UInt8]] = shell == .layer ? [[0x33, 0x66, 0x99, 255], [0xcc, 0x55, 0x00, 255]]
                : [[backdrop.red, backdrop.green, backdrop.blue, 255], [backdrop.red, backdrop.green, backdrop.blue, 255]]
            #expect(corners == [[0, 255, 0, 255], [0, 255, 0, 255]] + around, "\(corners)")
            _ = try await harness.onSurface { $0.finish() }
            #expect(try await harness.ending()?.get() == .finished)
        }
    }
}
