import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import WaylandKit

/// On sway the capture knows where the windows are (its IPC tree), as on X11.
@Suite("sway's windows read apart")
struct SwayWindowsTests {
    @Test("a tree: visible leaf windows only, floating ones first (the last floated on top); outputs, workspaces and hidden windows are not windows")
    func tree() throws {
        func node(_ type: String, _ rect: [Int], visible: Bool? = nil, nodes: [[String: Any]] = [],
                  floating: [[String: Any]] = []) -> [String: Any] {
            var node: [String: Any] = ["type": type, "nodes": nodes, "floating_nodes": floating,
                                       "rect": ["x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3]]]
            if let visible { node["visible"] = visible }
            return node
        }
        let workspace = node("workspace", [0, 0, 1280, 800],
                             nodes: [node("con", [0, 0, 640, 800], visible: true), node("con", [640, 0, 640, 800], visible: true),
                                     node("con", [0, 0, 1280, 800], visible: false)],
                             floating: [node("floating_con", [100, 100, 300, 200], visible: true),
                                        node("floating_con", [150, 150, 300, 200], visible: true)])
        let root = node("root", [0, 0, 1280, 800], nodes: [node("output", [0, 0, 1280, 800], nodes: [workspace])])
        let data = try JSONSerialization.data(withJSONObject: root)
        #expect(SwayWindows.rects(inTree: data) == [Bounds(x: 150, y: 150, width: 300, height: 200), Bounds(x: 100, y: 100, width: 300, height: 200),
                                                    Bounds(x: 0, y: 0, width: 640, height: 800), Bounds(x: 640, y: 0, width: 640, height: 800)])
        #expect(SwayWindows.rects(inTree: Data("not json".utf8)).isEmpty)
        #expect(SwayWindows.rects(runtimeDirectory: "/nonexistent").isEmpty)
    }

    @Test("two foot windows tiled side by side on a headless sway: the screen's capture carries them as two regions split where sway put them; a region inside one window has none")
    func tiledCapture() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let feet = try (0..<2).map { _ in try FootPeer.show("Invoice 4471 is due on 2026-12-01", on: sway) }
            defer { feet.forEach { $0.terminate() } }
            let backend = WaylandBackend(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
            defer { backend.close() }
            var regions: [Bounds] = []
            for _ in 0..<50 where regions.count < 2 {
                try await Task.sleep(for: .milliseconds(200))
                regions = try await backend.capture(.screen).regions.rects
            }
            #expect(regions.count == 2, "\(regions)")
            let sorted = regions.sorted { $0.x < $1.x }
            #expect(sorted.count == 2 && abs(sorted[0].maxX - 640) <= 4 && abs(sorted[1].x - 640) <= 4, "\(regions)")
            #expect(try await backend.capture(.region(Bounds(x: 700, y: 100, width: 200, height: 100))).regions.isEmpty)
        }
    }
}
