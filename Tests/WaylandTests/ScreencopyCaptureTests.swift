import Foundation
import LiveTextCore
import Testing
import TestSupport
import WaylandKit

/// Capture through wlr-screencopy (`WaylandBackend.capture`) against grim on the same headless
/// sway: the same pixels, for the screen, a region, a monitor, two outputs, a scaled and a
/// rotated one.
@Suite("capture on a wlroots compositor")
struct ScreencopyCaptureTests {
    static func backend(_ sway: SwayServer) -> WaylandBackend {
        WaylandBackend(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
    }

    /// A backdrop of one colour per output and a foot window with text: something to compare.
    static func scene(_ sway: SwayServer) async throws -> Process {
        try await sway.swaymsg(["output", "HEADLESS-1", "bg", "#336699", "solid_color"])
        let foot = try FootPeer.show("Invoice 4471 is due on 2026-12-01", on: sway)
        do {
            try await FootPeer.waitUntilDrawn(on: sway)
        } catch {
            foot.terminate()
            throw error
        }
        return foot
    }

    /// `ours` beside grim's capture of the same place, taken just before and just after it: a
    /// client still drawing (foot after a resize) makes them differ, so the pair is taken again
    /// until grim's two agree. Nil when ours is grim's picture.
    static func compare(_ sway: SwayServer, region: Bounds? = nil, output: String? = nil,
                        _ ours: () async throws -> PixelImage) async throws -> String? {
        var last: String?
        for _ in 0..<6 {
            let before = try await GrimPeer.capture(sway, region: region, output: output)
            let image = try await ours()
            let after = try await GrimPeer.capture(sway, region: region, output: output)
            last = SwayScreen.pixelDifference(image, before)
            if SwayScreen.pixelDifference(before, after) == nil { return last }
            try await Task.sleep(for: .milliseconds(200))
        }
        return last
    }

    @Test("the screen, a region and a monitor are grim's pixels exactly; bounds in the layout")
    func sameAsGrim() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let foot = try await Self.scene(sway)
            defer { foot.terminate() }
            let backend = Self.backend(sway)
            defer { backend.close() }
            let screen = try await backend.capture(.screen)
            #expect(screen.bounds == Bounds(x: 0, y: 0, width: 1280, height: 800))
            #expect(try await Self.compare(sway) { try await backend.capture(.screen).image } == nil)
            let area = Bounds(x: 3, y: 5, width: 401, height: 77)
            #expect(try await backend.capture(.region(area)).bounds == area)
            #expect(try await Self.compare(sway, region: area) { try await backend.capture(.region(area)).image } == nil)
            #expect(try await Self.compare(sway, output: "HEADLESS-1") { try await backend.capture(.monitor(0)).image } == nil)
            let monitors = try await backend.monitors()
            #expect(monitors.map(\.name) == ["HEADLESS-1"] && monitors.first?.bounds == screen.bounds)
        }
    }

    @Test("two outputs side by side: the screen, and a region across their border, as grim reads them")
    func twoOutputs() async throws {
        let config = "output HEADLESS-2 resolution 640x480 position 1280 100"
        try await SwayServer.with(xwayland: false, outputs: 2, config: config) { sway in
            try await sway.swaymsg(["output", "HEADLESS-1", "bg", "#336699", "solid_color"])
            try await sway.swaymsg(["output", "HEADLESS-2", "bg", "#cc5500", "solid_color"])
            let backend = Self.backend(sway)
            defer { backend.close() }
            try await Task.sleep(for: .milliseconds(300))
            let screen = try await backend.capture(.screen)
            #expect(screen.bounds == Bounds(x: 0, y: 0, width: 1920, height: 800))
            #expect(SwayScreen.pixelDifference(screen.image, try await GrimPeer.capture(sway)) == nil)
            let across = Bounds(x: 1200, y: 50, width: 200, height: 100)
            let region = try await backend.capture(.region(across))
            #expect(SwayScreen.pixelDifference(region.image, try await GrimPeer.capture(sway, region: across)) == nil)
            // Below the second output's top, left of it the first one; above it nothing: black.
            let pixel = { (x: Int, y: Int) in Array(region.image.pixels[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 3]) }
            #expect(pixel(10, 10) == [0x33, 0x66, 0x99] && pixel(150, 80) == [0xcc, 0x55, 0x00] && pixel(150, 10) == [0, 0, 0])
            let second = try await backend.capture(.monitor(1))
            #expect(second.bounds == Bounds(x: 1280, y: 100, width: 640, height: 480))
            let wrong = await #expect(throws: LiveTextError.self) { try await backend.capture(.monitor(2)) }
            #expect(wrong?.code == .invalidArgs)
            #expect(wrong?.message.contains("no monitor 2: the monitors are 0: HEADLESS-1") == true, "\(String(describing: wrong))")
        }
    }

    @Test("a scaled output is read in physical pixels and a rotated one upright, as grim reads them",
          arguments: ["scale 2", "transform 90", "transform 270", "transform flipped-180", "transform flipped-90"])
    func scaledAndRotated(setting: String) async throws {
        try await SwayServer.with(width: 640, height: 480, xwayland: false, config: "output HEADLESS-1 \(setting)") { sway in
            let foot = try await Self.scene(sway)
            defer { foot.terminate() }
            let backend = Self.backend(sway)
            defer { backend.close() }
            #expect(try await Self.compare(sway) { try await backend.capture(.screen).image } == nil, "\(setting)")
            let area = Bounds(x: 8, y: 6, width: 120, height: 60)
            #expect(try await Self.compare(sway, region: area) { try await backend.capture(.region(area)).image } == nil,
                    "\(setting)")
        }
    }

    @Test("captures into the buffers kept from the last ones show the screen as it is now, whole and in parts")
    func keptBuffers() async throws {
        try await SwayServer.with(width: 640, height: 480, xwayland: false) { sway in
            let backend = Self.backend(sway)
            defer { backend.close() }
            for colour in ["#cc2200", "#0044aa", "#11aa33"] {
                try await sway.swaymsg(["output", "HEADLESS-1", "bg", colour, "solid_color"])
                let expected = [colour.dropFirst().prefix(2), colour.dropFirst(3).prefix(2), colour.dropFirst(5).prefix(2)]
                    .map { UInt8($0, radix: 16)! } + [255]
                var seen: [[UInt8]] = []
                for _ in 0..<30 {
                    let screen = try await backend.capture(.screen).image
                    let region = try await backend.capture(.region(Bounds(x: 10, y: 10, width: 50, height: 40))).image
                    seen = [screen.rgba(320, 240), region.rgba(25, 20)]
                    if seen == [expected, expected] { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(seen == [expected, expected], "\(colour)")
            }
        }
    }

    @Test("a window by id is unavailable on Wayland; a region off the screen is invalidArgs; nothing black without an error")
    func refusals() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let backend = Self.backend(sway)
            defer { backend.close() }
            #expect(backend.unavailableReason(.captureWindow)?.contains("cannot name or read other programs' windows") == true)
            let off = await #expect(throws: LiveTextError.self) {
                try await backend.capture(.region(Bounds(x: 5000, y: 5000, width: 10, height: 10)))
            }
            #expect(off?.code == .invalidArgs && off?.message.contains("lies outside the screen (1280×800") == true)
            let empty = await #expect(throws: LiveTextError.self) {
                try await backend.capture(.region(Bounds(x: 0, y: 0, width: 0, height: 10)))
            }
            #expect(empty?.code == .invalidArgs)
        }
    }

    @Test("the compositor gone: the capture fails saying so; the next one after it is back connects anew")
    func compositorGone() async throws {
        let sway = try await SwayServer.start(xwayland: false)
        let backend = Self.backend(sway)
        defer { backend.close() }
        _ = try await backend.capture(.region(Bounds(x: 0, y: 0, width: 10, height: 10)))
        await sway.stop()
        let gone = await #expect(throws: LiveTextError.self) { try await backend.capture(.screen) }
        #expect(gone?.code == .unavailable || gone?.code == .failed, "\(String(describing: gone))")
    }
}
