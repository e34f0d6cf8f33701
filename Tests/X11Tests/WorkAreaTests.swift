import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// What panels keep for themselves stays theirs: the Live Text button and chips keep off an i3bar
/// or a taskbar, and the viewer opens on the monitor the user is on, inside what is left to windows.
@Suite("the work area, and where the viewer opens")
struct WorkAreaTests {
    static let twoMonitors = (width: 2 * 1280, height: 800)

    @Test("a panel's strut trims the side of the area on its edge, only where it spans; _NET_WM_STRUT holds whole edges; a work area beside the area or a strut taking most of it is ignored")
    func struts() {
        let screen = Self.twoMonitors
        let left = Bounds(x: 0, y: 0, width: 1280, height: 800), right = Bounds(x: 1280, y: 0, width: 1280, height: 800)
        // A 30 px bar along the bottom of the left monitor only (x 0...1279).
        let bar = WorkArea.reserved(strut: [0, 0, 0, 30, 0, 0, 0, 0, 0, 0, 0, 1279], screen: screen)
        #expect(bar == [WorkArea.Reserved(edge: .bottom, rect: Bounds(x: 0, y: 770, width: 1280, height: 30))])
        #expect(WorkArea.left(of: left, workArea: nil, reserved: bar) == Bounds(x: 0, y: 0, width: 1280, height: 770))
        #expect(WorkArea.left(of: right, workArea: nil, reserved: bar) == right)
        // The old strut: a 24 px panel along the whole top edge, and one 40 px wide on the left.
        let old = WorkArea.reserved(strut: [40, 0, 24, 0], screen: screen)
        #expect(WorkArea.left(of: right, workArea: nil, reserved: old) == Bounds(x: 1280, y: 24, width: 1280, height: 776))
        #expect(WorkArea.left(of: left, workArea: nil, reserved: old) == Bounds(x: 40, y: 24, width: 1240, height: 776))
        // The window manager's work area, clipped to the area; one wholly beside it says nothing.
        #expect(WorkArea.left(of: left, workArea: Bounds(x: 0, y: 20, width: 2560, height: 760), reserved: [])
                == Bounds(x: 0, y: 20, width: 1280, height: 760))
        #expect(WorkArea.left(of: left, workArea: Bounds(x: 3000, y: 0, width: 100, height: 100), reserved: []) == left)
        // A bogus strut holding 600 of 800 rows leaves the area whole.
        let bogus = WorkArea.reserved(strut: [0, 0, 600, 0], screen: screen)
        #expect(WorkArea.left(of: left, workArea: nil, reserved: bogus) == left)
        // Garbage: the wrong number of values.
        #expect(WorkArea.reserved(strut: [1, 2, 3], screen: screen).isEmpty)
    }

    @Test("a dock with _NET_WM_STRUT_PARTIAL along the bottom: the live surface's work area ends above it; without one there is none")
    func liveSurfaceWorkArea() async throws {
        try await TestDisplay.with(width: 1000, height: 600) { server in
            let painter = try ScreenPainter(server)
            let bare = try LiveSurface(display: painter.display, area: nil)
            #expect(bare.workArea() == nil)
            bare.close()
            let dock = try painter.window(Bounds(x: 0, y: 560, width: 1000, height: 40)) { _, _ in (40, 40, 40) }
            painter.display.setProperty(of: Window(dock.id), painter.display.atom("_NET_WM_STRUT_PARTIAL"), type: XA_CARDINAL,
                                        longs: [0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 999])
            painter.display.sync()
            let surface = try LiveSurface(display: painter.display, area: Bounds(x: 100, y: 100, width: 900, height: 500))
            defer { surface.close() }
            // In surface coordinates: the 500 px high area loses its bottom 40.
            #expect(surface.workArea() == Bounds(x: 0, y: 0, width: 900, height: 460))
        }
    }

    @Test("two monitors side by side, the pointer on the right one: a large image's viewer opens on it, sized to 85 % of it and centred, not across both; a small image's at its own size")
    func viewerOnPointersMonitor() async throws {
        try await TestDisplay.with(width: Self.twoMonitors.width, height: Self.twoMonitors.height) { server in
            let painter = try ScreenPainter(server)
            painter.defineMonitors([("LT-LEFT", Bounds(x: 0, y: 0, width: 1280, height: 800), true),
                                    ("LT-RIGHT", Bounds(x: 1280, y: 0, width: 1280, height: 800), false)])
            try await xdotool(server, "mousemove 2000 400")
            let backend = X11Backend(displayName: server.name)
            for (image, expected) in [((4000, 3000), Bounds(x: 1280 + 96, y: 60, width: 1088, height: 680)),
                                      ((400, 300), Bounds(x: 1280 + 440, y: 250, width: 400, height: 300))] {
                let canvas = try backend.viewCanvas(title: "placed", fitting: image)
                defer { canvas.close() }
                let window = try #require(canvas as? ViewWindow)
                var attributes = XWindowAttributes()
                #expect(XGetWindowAttributes(painter.display.handle, Window(window.window), &attributes) != 0)
                #expect(Bounds(x: Int(attributes.x), y: Int(attributes.y), width: Int(attributes.width), height: Int(attributes.height)) == expected)
            }
            try await xdotool(server, "mousemove 100 400")
            let left = try backend.viewCanvas(title: "placed", fitting: (4000, 3000))
            defer { left.close() }
            var attributes = XWindowAttributes()
            #expect(XGetWindowAttributes(painter.display.handle, Window(try #require(left as? ViewWindow).window), &attributes) != 0)
            #expect(attributes.x == 96)
        }
    }
}
