import Foundation
import LiveTextCore
import Testing
import TestSupport
import WaylandKit

/// Capture through a `ScreenGrabber` where the compositor has no screencopy (GNOME, KDE Plasma),
/// played on a headless sway whose screencopy the backend is told to ignore, the grabber being
/// grim's whole screen: what `capture` cuts from it against grim's own capture of the same place.
@Suite("capture through a screen grabber, without screencopy")
struct GrabberCaptureTests {
    static let noScreencopy: Set<String> = ["zwlr_screencopy_manager_v1"]

    static func backend(_ sway: SwayServer, grabber: GrimGrabber?) -> WaylandBackend {
        WaylandBackend(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path, grabber: grabber,
                       withoutProtocols: noScreencopy)
    }

    @Test("a region and a monitor are cut from the grabber's screen as grim reads them: a foot window's pixels exactly")
    func regionAndMonitor() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let foot = try await ScreencopyCaptureTests.scene(sway)
            defer { foot.terminate() }
            let grabber = GrimGrabber(sway)
            let backend = Self.backend(sway, grabber: grabber)
            defer { backend.close() }
            #expect(try backend.capabilities().isSuperset(of: [.captureScreen, .liveSurface, .selectRegion]))
            let area = Bounds(x: 3, y: 5, width: 401, height: 77)
            #expect(try await backend.capture(.region(area)).bounds == area)
            #expect(try await ScreencopyCaptureTests.compare(sway, region: area) { try await backend.capture(.region(area)).image } == nil)
            let monitor = try await backend.capture(.monitor(0))
            #expect(monitor.bounds == Bounds(x: 0, y: 0, width: 1280, height: 800))
            #expect(try await ScreencopyCaptureTests.compare(sway, output: "HEADLESS-1") { try await backend.capture(.monitor(0)).image }
                    == nil)
            // Every capture asked the grabber (the backend read nothing itself).
            #expect(grabber.grabs >= 4)
        }
    }

    @Test("two outputs, the second at scale 2: each monitor and a region across them cut at the grabber's scale")
    func scaledOutputs() async throws {
        // HEADLESS-1 640×480 at 1×, HEADLESS-2 160×120 logical at 2×: grim's layout is 1600×960.
        try await WaylandLiveOutputsTests.withOutputs(.fullscreen) { sway, backend in
            let second = try await backend.capture(.monitor(1))
            #expect(second.bounds == Bounds(x: 640, y: 0, width: 160, height: 120))
            #expect(SwayScreen.pixelDifference(second.image, try await GrimPeer.capture(sway, output: "HEADLESS-2")) == nil)
            // The 1× monitor comes at the grabber's scale too: twice its logical size.
            let first = try await backend.capture(.monitor(0))
            #expect(first.bounds == Bounds(x: 0, y: 0, width: 640, height: 480))
            #expect(first.image.width == 1280 && first.image.height == 960)
            #expect(first.image.rgba(1270, 950) == [0x33, 0x66, 0x99, 255])
            // 40 logical pixels of the first output (80 of the picture), then the second's (grim may
            // blend the pixel or two at the border where it scaled the 1× output up).
            let across = try await backend.capture(.region(Bounds(x: 600, y: 20, width: 100, height: 60)))
            #expect(across.image.width == 200 && across.image.height == 120)
            #expect(across.image.rgba(76, 60) == [0x33, 0x66, 0x99, 255] && across.image.rgba(84, 60) == [0xcc, 0x55, 0x00, 255],
                    "\(across.image.rgba(76, 60)) \(across.image.rgba(84, 60))")
        }
    }

    @Test("a grabber that cannot read the screen: no capture, no live text, and its own reason is what they say")
    func unavailableGrabber() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let reason = "the test's screenshot service is not running: start it"
            let backend = Self.backend(sway, grabber: GrimGrabber(sway, unavailable: reason))
            defer { backend.close() }
            let capabilities = try backend.capabilities()
            #expect(capabilities.isDisjoint(with: [.captureScreen, .liveSurface, .selectRegion]))
            #expect(capabilities.contains(.viewWindow))
            #expect(backend.unavailableReason(.captureScreen) == reason)
            #expect(backend.unavailableReason(.liveSurface)?.hasSuffix(reason) == true,
                    "\(String(describing: backend.unavailableReason(.liveSurface)))")
            let error = await #expect(throws: LiveTextError.self) { try await backend.capture(.monitor(0)) }
            #expect(error?.code == .unavailable && error?.message == reason, "\(String(describing: error))")
            let live = #expect(throws: LiveTextError.self) { try backend.liveCanvas(.screen, maxPixels: .max) }
            #expect(live?.code == .unavailable)

            // Without a grabber: the protocol the compositor lacks, named.
            let bare = Self.backend(sway, grabber: nil)
            defer { bare.close() }
            #expect(try !bare.capabilities().contains(.captureScreen))
            #expect(bare.unavailableReason(.captureScreen)?.contains("zwlr_screencopy_manager_v1") == true)
        }
    }
}
