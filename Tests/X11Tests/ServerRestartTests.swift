import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// The X server going away and coming back under the same name, as when a session restarts.
@Suite("an X server that restarts")
struct ServerRestartTests {
    typealias F = CaptureFixtures

    @Test("a capture set up on a connection whose server just went away falls back, once: no double free")
    func captureOnDeadConnection() async throws {
        let server = try await TestDisplay.start(width: 200, height: 100)
        let display = try X11Display(name: server.name)
        defer { display.close() }
        // One capture first, as a daemon has done: Xlib now knows MIT-SHM without asking.
        #expect(ScreenCapture(display: display).usesSharedMemory)
        await server.stop()
        // Xlib notices the loss only at the segment's attach; the failed init used to free
        // its segment info twice (glibc aborts the process).
        #expect(SharedMemoryImage(display: display, initialSize: 1 << 16) == nil)
        let capture = ScreenCapture(display: display)
        #expect(!capture.usesSharedMemory)
        #expect(display.isBroken)
        F.expectLiveTextError(.unavailable) { _ = try capture.capture(.screen) }
    }

    @Test("after a restart a new connection captures again; the lost one's socket is closed, not leaked")
    func captureAfterRestart() async throws {
        try await TestDisplay.with(width: 200, height: 100) { server in
            for _ in 0..<2 {
                let display = try X11Display(name: server.name)
                let capture = ScreenCapture(display: display)
                #expect(try capture.capture(.screen).image.width == 200)
                let socket = display.connectionNumber
                let target = Self.linkTarget(of: socket)
                #expect(target?.hasPrefix("socket:") == true)

                try await server.restart()
                display.noticeIfGone()
                #expect(display.isBroken, "the loss is seen before the next request")
                capture.close()
                display.close()
                // The fd is closed (or already reused for something else by a parallel test).
                #expect(Self.linkTarget(of: socket) != target)
            }
            let display = try X11Display(name: server.name)
            defer { display.close() }
            #expect(try ScreenCapture(display: display).capture(.screen).image.width == 200)
        }
    }

    @Test("a live connection stays usable after noticeIfGone, with its events kept")
    func liveConnectionUnaffected() async throws {
        try await TestDisplay.with(width: 200, height: 100) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            display.noticeIfGone()
            #expect(!display.isBroken)
            #expect(display.atomName(display.atom("LIVETEXT_STILL_HERE")) == "LIVETEXT_STILL_HERE")
        }
    }

    private static func linkTarget(of fd: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
    }
}
