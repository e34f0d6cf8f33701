import CX11
import Foundation
import Testing
import TestSupport
@testable import X11Kit

/// `livetext live` on a large multi-monitor screen, and a monitor going away while it is up.
@Suite("livetext live across monitors")
struct LiveMonitorTests {
    @Test("three 4K monitors: --monitor 2 covers exactly the third; a monitor removed while it is up leaves Esc working and no grab; the whole 11520×2160 screen opens")
    func threeMonitors() async throws {
        try await TestDisplay.with(width: 3 * 3840, height: 2160) { server in
            let painter = try ScreenPainter(server)
            let handle = painter.display.handle
            let names = ["LT-LEFT", "LT-MIDDLE", "LT-RIGHT"]
            for (index, name) in names.enumerated() {
                let monitor = try #require(XRRAllocateMonitor(handle, 0))
                monitor.pointee.name = painter.display.atom(name)
                monitor.pointee.x = Int32(index * 3840)
                monitor.pointee.width = 3840
                monitor.pointee.height = 2160
                monitor.pointee.mwidth = 600
                monitor.pointee.mheight = 340
                monitor.pointee.primary = index == 0 ? 1 : 0
                XRRSetMonitor(handle, painter.display.root, monitor)
                XRRFreeMonitors(monitor)
            }
            painter.display.sync()
            let listed = try ScreenCapture(display: painter.display).monitors().map(\.name)
            let third = try #require(listed.firstIndex(of: "LT-RIGHT"))

            let one = try LiveProgram.start(["live", "--monitor", "\(third)"], on: server)
            defer { if one.isRunning { kill(one.processIdentifier, SIGKILL) } }
            let window = try await LiveProbe.waitForSurface(server)
            #expect(window.frame == [7680, 0, 3840, 2160])
            // Unplugged while frozen: the surface keeps what it froze and still closes.
            XRRDeleteMonitor(handle, painter.display.root, painter.display.atom("LT-RIGHT"))
            painter.display.sync()
            try await xdotool(server, "key Escape")
            #expect(try await LiveProgram.exitStatus(one) == 5)
            let afterOne = try await LiveProbe.grabsFree(server)
            #expect(afterOne.pointer && afterOne.keyboard && afterOne.windows.isEmpty)

            let whole = try LiveProgram.start(["live"], on: server)
            defer { if whole.isRunning { kill(whole.processIdentifier, SIGKILL) } }
            let all = try await LiveProbe.waitForSurface(server)
            #expect(all.frame == [0, 0, 3 * 3840, 2160])
            try await xdotool(server, "key Escape")
            // The surface closes at once; the process then waits for the reading of 25 megapixels
            // to stop, whose preparation (a debug build: 40 s) is not cut short.
            #expect(try await LiveProgram.exitStatus(whole, limit: 120) == 5)
            let afterAll = try await LiveProbe.grabsFree(server)
            #expect(afterAll.pointer && afterAll.keyboard && afterAll.windows.isEmpty)
        }
    }
}
