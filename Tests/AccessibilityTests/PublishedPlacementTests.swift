import Accessibility
import LiveTextCore
import Testing

@testable import LiveTextDesktop

/// Published lines placed on a capture by the windows of their process, as plain values.
@Suite("published lines placed on a capture")
struct PublishedPlacementTests {
    static func application(pid: Int32?, windowRelative: Bool = false, _ lines: [(String, Bounds)]) -> AccessibleApplication {
        AccessibleApplication(name: "app", toolkit: windowRelative ? .gtk4 : .gtk3, pid: pid, windowRelative: windowRelative,
                              lines: lines.map { AccessibleLine(text: $0.0, bounds: $0.1, widget: $0.1) })
    }

    static func window(_ id: UInt, pid: Int32?, _ area: Bounds) -> ScreenWindow {
        ScreenWindow(id: id, pid: pid, area: area, outer: area)
    }

    @Test("lines go in their process's window, in the capture's pixels; under another window, out")
    func placement() {
        let screen = AccessibleScreen(applications: [
            Self.application(pid: 10, [("shown", Bounds(x: 120, y: 110, width: 80, height: 20)),
                                       ("covered", Bounds(x: 120, y: 300, width: 80, height: 20)),
                                       ("outside its window", Bounds(x: 700, y: 110, width: 80, height: 20))]),
            Self.application(pid: nil, [("no process", Bounds(x: 120, y: 150, width: 80, height: 20))]),
            Self.application(pid: 99, [("no window", Bounds(x: 120, y: 150, width: 80, height: 20))]),
        ], finished: true, elapsed: .zero)
        let windows = [Self.window(2, pid: 20, Bounds(x: 100, y: 290, width: 300, height: 100)),  // on top
                       Self.window(1, pid: 10, Bounds(x: 100, y: 100, width: 400, height: 400))]
        let placed = AccessibleTextReading.placed(screen, windows: windows, area: Bounds(x: 100, y: 100, width: 400, height: 400),
                                                  imageWidth: 400, imageHeight: 400)
        #expect(placed.map(\.text) == ["shown"])
        #expect(placed.first?.bounds == Bounds(x: 20, y: 10, width: 80, height: 20))
    }

    @Test("window-relative toolkits are moved by their window's origin; a scaled capture scales")
    func relativeAndScaled() {
        let screen = AccessibleScreen(applications: [
            Self.application(pid: 10, windowRelative: true, [("relative", Bounds(x: 10, y: 10, width: 50, height: 20))]),
        ], finished: true, elapsed: .zero)
        let windows = [Self.window(1, pid: 10, Bounds(x: 200, y: 100, width: 300, height: 200))]
        let placed = AccessibleTextReading.placed(screen, windows: windows, area: Bounds(x: 0, y: 0, width: 800, height: 600),
                                                  imageWidth: 1600, imageHeight: 1200)
        #expect(placed.map(\.bounds) == [Bounds(x: 420, y: 220, width: 100, height: 40)])
    }
}
