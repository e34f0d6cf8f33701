import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

@Suite("screen capture")
struct CaptureTests {
    typealias F = CaptureFixtures
    static let noSHM = ["-extension", "MIT-SHM"]

    @Test("a window's pixels read back exactly, at depths 15, 16, 24 and 30, through MIT-SHM and through XGetImage",
          arguments: [15, 16, 24, 30], [true, false])
    func pixelsReadBack(depth: Int, sharedMemory: Bool) async throws {
        try await TestDisplay.with(width: 400, height: 300, depth: depth,
                                   extraArguments: sharedMemory ? [] : Self.noSHM) { server in
            let painter = try ScreenPainter(server)
            let area = Bounds(x: 37, y: 21, width: 211, height: 133)
            let window = try painter.window(area, color: F.testPattern)
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let capture = ScreenCapture(display: display)
            #expect(capture.usesSharedMemory == sharedMemory)

            // A small region first, then larger ones: the shared segment has to grow.
            let region = Bounds(x: 40, y: 30, width: 5, height: 4)
            let small = try capture.capture(.region(region))
            #expect(small.bounds == region)
            #expect(F.pixelDifference(small.image, window.expected.cropped(to: Bounds(x: 3, y: 9, width: 5, height: 4))) == nil)

            let byId = try capture.capture(.window(window.id))
            #expect(byId.bounds == area)
            #expect(byId.window == window.id)
            #expect(F.pixelDifference(byId.image, window.expected) == nil)

            let screen = try capture.capture(.screen)
            #expect(screen.bounds == Bounds(x: 0, y: 0, width: 400, height: 300))
            #expect(F.pixelDifference(screen.image.cropped(to: area), window.expected) == nil)
            #expect(capture.usesSharedMemory == sharedMemory)
        }
    }

    @Test("a display reached over TCP is not local: no shared memory, the same pixels through XGetImage")
    func remoteConnection() async throws {
        try await TestDisplay.with(width: 200, height: 150, extraArguments: ["-listen", "tcp"]) { server in
            let painter = try ScreenPainter(server)
            let window = try painter.window(Bounds(x: 20, y: 30, width: 100, height: 80), color: F.testPattern)
            let display = try X11Display(name: "localhost" + server.name)
            defer { display.close() }
            let capture = ScreenCapture(display: display)
            #expect(!capture.usesSharedMemory)
            #expect(F.pixelDifference(try capture.capture(.window(window.id)).image, window.expected) == nil)
        }
    }

    /// At 24 bits exactly; at 16 bits `import` goes through the server's colormap, which rounds 5-bit
    /// channels through 6 bits (4/31 reads as 32, not 33): the same picture within 4 levels.
    @Test("the whole screen equals what ImageMagick's `import -window root` reads (at 16 bits within its rounding)",
          arguments: [16, 24])
    func matchesImport(depth: Int) async throws {
        try await TestDisplay.with(width: 320, height: 240, depth: depth) { server in
            let painter = try ScreenPainter(server)
            _ = try painter.window(Bounds(x: 10, y: 20, width: 150, height: 100), color: F.testPattern)
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let ours = try ScreenCapture(display: display).capture(.screen).image
            let theirs = try await F.importWindow("root", server)
            if depth == 24 {
                #expect(F.pixelDifference(ours, theirs) == nil)
            } else {
                #expect(ours.width == theirs.width && ours.height == theirs.height)
                let largest = zip(ours.pixels, theirs.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(largest <= 4)
            }
        }
    }

    @Test("regions are clipped to the screen; an empty region or one outside is invalidArgs naming the screen size")
    func regionClipping() async throws {
        try await TestDisplay.with(width: 300, height: 200) { server in
            let painter = try ScreenPainter(server)
            let window = try painter.window(Bounds(x: 0, y: 0, width: 300, height: 200), color: F.testPattern)
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let capture = ScreenCapture(display: display)

            let corner = try capture.capture(.region(Bounds(x: 250, y: 150, width: 100, height: 100)))
            #expect(corner.bounds == Bounds(x: 250, y: 150, width: 50, height: 50))
            #expect(F.pixelDifference(corner.image, window.expected.cropped(to: corner.bounds)) == nil)
            let negative = try capture.capture(.region(Bounds(x: -20, y: -10, width: 30, height: 30)))
            #expect(negative.bounds == Bounds(x: 0, y: 0, width: 10, height: 20))
            let all = try capture.capture(.region(Bounds(x: -5, y: -5, width: 1000, height: 1000)))
            #expect(all.bounds == Bounds(x: 0, y: 0, width: 300, height: 200))

            for bad in [Bounds(x: 300, y: 0, width: 10, height: 10), Bounds(x: -50, y: -50, width: 50, height: 50),
                        Bounds(x: 10, y: 10, width: 0, height: 10), Bounds(x: 10, y: 10, width: 10, height: 0)] {
                let message = F.expectLiveTextError(.invalidArgs) { _ = try capture.capture(.region(bad)) }
                #expect(message.contains("300×200"), "\(message)")
            }
        }
    }

    @Test("a window is read as seen: clipped to the screen, with whatever covers it")
    func windowAsSeen() async throws {
        try await TestDisplay.with(width: 300, height: 200) { server in
            let painter = try ScreenPainter(server)
            let below = try painter.window(Bounds(x: 200, y: 100, width: 150, height: 150), color: F.testPattern)
            let above = try painter.window(Bounds(x: 250, y: 120, width: 20, height: 10)) { _, _ in (255, 0, 0) }
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let captured = try ScreenCapture(display: display).capture(.window(below.id))
            #expect(captured.bounds == Bounds(x: 200, y: 100, width: 100, height: 100))
            // The covering window shows through at its place, the pattern elsewhere.
            #expect(F.pixelDifference(captured.image.cropped(to: Bounds(x: 50, y: 20, width: 20, height: 10)), above.expected) == nil)
            #expect(F.pixelDifference(captured.image.cropped(to: Bounds(x: 0, y: 0, width: 50, height: 100)),
                                      below.expected.cropped(to: Bounds(x: 0, y: 0, width: 50, height: 100))) == nil)
        }
    }

    @Test("a window that does not exist or was destroyed is notFound 'is gone'; an unmapped one is notFound 'not shown'")
    func windowErrors() async throws {
        try await TestDisplay.with(width: 300, height: 200) { server in
            let painter = try ScreenPainter(server)
            let window = try painter.window(Bounds(x: 10, y: 10, width: 50, height: 50), color: F.testPattern)
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let capture = ScreenCapture(display: display)
            _ = try capture.capture(.window(window.id))

            painter.unmap(window.id)
            let hidden = F.expectLiveTextError(.notFound) { _ = try capture.capture(.window(window.id)) }
            #expect(hidden.contains("not shown"), "\(hidden)")

            painter.destroy(window.id)
            let gone = F.expectLiveTextError(.notFound) { _ = try capture.capture(.window(window.id)) }
            #expect(gone == "window 0x\(String(window.id, radix: 16)) is gone (closed, or not a window id)")
            F.expectLiveTextError(.notFound) { _ = try capture.capture(.window(0x7fff_0001)) }
            // The connection is still good afterwards.
            #expect(try capture.capture(.screen).bounds.width == 300)
        }
    }

    @Test("an xterm found with xdotool is captured by id, equal to what `import -window` reads from it")
    func xtermById() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let xterm = Process()
            xterm.executableURL = URL(fileURLWithPath: "/usr/bin/xterm")
            xterm.arguments = ["-geometry", "40x10+30+40", "-bg", "white", "-fg", "black", "-e", "cat"]
            xterm.environment = ProcessInfo.processInfo.environment.merging(server.environment) { $1 }
            xterm.standardOutput = FileHandle.nullDevice
            xterm.standardError = FileHandle.nullDevice
            try xterm.run()
            defer {
                kill(xterm.processIdentifier, SIGKILL)
                xterm.waitUntilExit()
            }
            let search = try await runCommand("/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--class", "xterm"],
                                              environment: server.environment)
            let id = try #require(UInt(search.stdout.split(separator: "\n").first ?? ""), "\(search)")
            // Let it draw its first frame.
            try await Task.sleep(for: .milliseconds(500))
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let captured = try ScreenCapture(display: display).capture(.window(id))
            // xwininfo's absolute corner is outside the border; the capture is what is inside it.
            let info = try await runCommand("/usr/bin/xwininfo", ["-id", String(id)], environment: server.environment).stdout
            func field(_ name: String) -> Int? {
                info.split(separator: "\n").first { $0.contains(name + ":") }
                    .flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
            }
            let border = try #require(field("Border width"))
            #expect(captured.bounds == Bounds(x: try #require(field("Absolute upper-left X")) + border,
                                              y: try #require(field("Absolute upper-left Y")) + border,
                                              width: try #require(field("Width")), height: try #require(field("Height"))))
            let theirs = try await F.importWindow(String(id), server)
            #expect(F.pixelDifference(captured.image, theirs) == nil)
        }
    }

    @Test("a plain Xvfb has one monitor, the whole screen, primary; an index out of range lists the monitors")
    func plainMonitors() async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let capture = ScreenCapture(display: display)
            let monitors = try capture.monitors()
            #expect(monitors.count == 1)
            #expect(monitors.first?.bounds == Bounds(x: 0, y: 0, width: 320, height: 240))
            #expect(monitors.first?.isPrimary == true)
            #expect(try capture.capture(.monitor(0)).bounds == Bounds(x: 0, y: 0, width: 320, height: 240))
            let message = F.expectLiveTextError(.invalidArgs) { _ = try capture.capture(.monitor(1)) }
            #expect(message.contains("no monitor 1") && message.contains("[0, 0, 320, 240]"), "\(message)")
            F.expectLiveTextError(.invalidArgs) { _ = try capture.capture(.monitor(-1)) }
        }
    }

    @Test("a two-screen Xinerama Xvfb gives its two heads (RandR sees only the first); each captures at its size")
    func xineramaMonitors() async throws {
        try await TestDisplay.with(width: 640, height: 480,
                                   extraArguments: ["-screen", "1", "800x600x24", "+xinerama"]) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let capture = ScreenCapture(display: display)
            // Xvfb puts both screens at 0,0 and makes the root as large as the largest.
            let monitors = try capture.monitors()
            #expect(monitors.map(\.bounds) == [Bounds(x: 0, y: 0, width: 640, height: 480),
                                               Bounds(x: 0, y: 0, width: 800, height: 600)])
            #expect(monitors.map(\.isPrimary) == [true, false])
            #expect(monitors.map(\.name) == ["Xinerama-0", "Xinerama-1"])
            let second = try capture.capture(.monitor(1))
            #expect(second.bounds == Bounds(x: 0, y: 0, width: 800, height: 600))
            #expect(second.image.width == 800 && second.image.height == 600)
        }
    }

    @Test("RandR 1.5 monitors a client defines (xrandr --setmonitor) are listed with names and primary, and captured")
    func randrMonitors() async throws {
        try await TestDisplay.with(width: 1000, height: 300) { server in
            let painter = try ScreenPainter(server)
            let right = try painter.window(Bounds(x: 600, y: 0, width: 400, height: 300), color: F.testPattern)
            painter.defineMonitors([("LEFT", Bounds(x: 0, y: 0, width: 600, height: 300), false),
                                    ("RIGHT", Bounds(x: 600, y: 0, width: 400, height: 300), true)])
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let capture = ScreenCapture(display: display)
            let monitors = try capture.monitors()
            let byName = Dictionary(uniqueKeysWithValues: monitors.map { ($0.name, $0) })
            #expect(byName["LEFT"]?.bounds == Bounds(x: 0, y: 0, width: 600, height: 300))
            #expect(byName["RIGHT"]?.bounds == Bounds(x: 600, y: 0, width: 400, height: 300))
            #expect(byName["RIGHT"]?.isPrimary == true && byName["LEFT"]?.isPrimary == false)
            #expect(monitors.filter(\.isPrimary).count == 1)
            let index = try #require(monitors.firstIndex { $0.name == "RIGHT" })
            let captured = try capture.capture(.monitor(index))
            #expect(F.pixelDifference(captured.image, right.expected) == nil)
        }
    }

    @Test("the server gone before a capture is 'unavailable', for every target and for monitors, without a crash")
    func serverGone() async throws {
        let server = try await TestDisplay.start(width: 200, height: 100)
        let display: X11Display
        do {
            display = try X11Display(name: server.name)
        } catch {
            await server.stop()
            throw error
        }
        let capture = ScreenCapture(display: display)
        _ = try? capture.capture(.screen)
        await server.stop()
        for target in [CaptureTarget.screen, .region(Bounds(x: 0, y: 0, width: 10, height: 10)), .window(display.root), .monitor(0)] {
            F.expectLiveTextError(.unavailable) { _ = try capture.capture(target) }
        }
        F.expectLiveTextError(.unavailable) { _ = try capture.monitors() }
        capture.close()
        display.close()
    }
}
