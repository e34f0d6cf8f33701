import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// `RegionSelector.select()` on its own thread, driven with xdotool like a user would.
@Suite("interactive region selection")
struct SelectionTests {
    typealias F = CaptureFixtures

    @Test("moving the selection clears only the strips of the old rectangle outside the new one")
    func strips() {
        let old = Bounds(x: 10, y: 10, width: 100, height: 50)
        #expect(old.subtracting(nil) == [old])
        #expect(old.subtracting(Bounds(x: 200, y: 200, width: 5, height: 5)) == [old])
        #expect(old.subtracting(old).isEmpty)
        #expect(old.subtracting(Bounds(x: 0, y: 0, width: 300, height: 300)).isEmpty)
        // Grown to the right and down: nothing to clear; shrunk from the bottom-right: two strips.
        #expect(old.subtracting(Bounds(x: 10, y: 10, width: 150, height: 80)).isEmpty)
        let pieces = old.subtracting(Bounds(x: 10, y: 10, width: 60, height: 30))
        #expect(Set(pieces) == [Bounds(x: 10, y: 40, width: 100, height: 20), Bounds(x: 70, y: 10, width: 40, height: 30)])
        #expect(pieces.map(\.area).reduce(0, +) == old.area - 60 * 30)
    }

    @Test("a drag returns the dragged rectangle (either direction) with the pixels that were on screen")
    func drag() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let painter = try ScreenPainter(server)
            let window = try painter.window(Bounds(x: 40, y: 30, width: 400, height: 300), color: F.testPattern)
            let display = try X11Display(name: server.name)
            defer { display.close() }

            for (from, to) in [((100, 80), (260, 190)), ((260, 190), (100, 80))] {
                let task = startSelection(display)
                _ = try await waitForOverlay(server)
                try await xdotool(server, "mousemove \(from.0) \(from.1) mousedown 1 mousemove 180 120 sleep 0.05 "
                                        + "mousemove \(to.0) \(to.1) sleep 0.05 mouseup 1")
                let selected = try await selection(task)
                let rect = Bounds(x: 100, y: 80, width: 160, height: 110)
                #expect(selected.capture.bounds == rect)
                #expect(selected.pickedWindow == nil && selected.capture.window == nil)
                #expect(F.pixelDifference(selected.capture.image,
                                          window.expected.cropped(to: Bounds(x: 60, y: 50, width: 160, height: 110))) == nil)
                try await expectClean(server)
            }
        }
    }

    @Test("a pointer at rest during a drag reports the rectangle under it, with the pixels the release then returns")
    func restsAreReported() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let painter = try ScreenPainter(server)
            _ = try painter.window(Bounds(x: 40, y: 30, width: 400, height: 300), color: F.testPattern)
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let rests = RestLog()
            let task = startSelection(display, rests: rests)
            _ = try await waitForOverlay(server)
            try await xdotool(server, "mousemove 100 80 mousedown 1 mousemove 150 120 sleep 0.6 "
                                    + "mousemove 260 190 sleep 0.6 mouseup 1")
            let selected = try await selection(task)
            let reported = rests.all
            // Each rest once, the last over what the release returned; a click-sized press is none.
            #expect(reported.map(\.bounds).contains(Bounds(x: 100, y: 80, width: 50, height: 40)))
            let last = try #require(reported.last)
            #expect(last.bounds == selected.capture.bounds)
            #expect(last.image.pixels == selected.capture.image.pixels)
            #expect(Set(reported.map(\.bounds)).count == reported.count)
            try await expectClean(server)
        }
    }

    @Test("what appears on screen after the freeze is not in the result")
    func frozen() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let painter = try ScreenPainter(server)
            let window = try painter.window(Bounds(x: 0, y: 0, width: 640, height: 480), color: F.testPattern)
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let task = startSelection(display)
            _ = try await waitForOverlay(server)
            // A red window above everything, the overlay included, where the user will drag.
            let red = try painter.window(Bounds(x: 120, y: 100, width: 100, height: 80), overrideRedirect: true) { _, _ in (255, 0, 0) }
            try await xdotool(server, "mousemove 100 90 mousedown 1 mousemove 300 250 sleep 0.05 mouseup 1")
            let selected = try await selection(task)
            #expect(selected.capture.bounds == Bounds(x: 100, y: 90, width: 200, height: 160))
            #expect(F.pixelDifference(selected.capture.image, window.expected.cropped(to: selected.capture.bounds)) == nil)
            // It really was on screen.
            let now = try ScreenCapture(display: display).capture(.region(Bounds(x: 120, y: 100, width: 100, height: 80)))
            #expect(F.pixelDifference(now.image, red.expected) == nil)
            try await expectClean(server)
        }
    }

    @Test("Esc and the right button cancel, in both modes; nothing stays grabbed",
          arguments: [SelectionMode.region, .window],
          ["key Escape", "mousemove 50 50 click 3", "mousemove 50 50 mousedown 1 mousemove 200 200 key Escape"])
    func cancelled(mode: SelectionMode, by input: String) async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let painter = try ScreenPainter(server)
            _ = try painter.window(Bounds(x: 20, y: 20, width: 200, height: 150), color: F.testPattern)
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let task = startSelection(display, mode: mode)
            _ = try await waitForOverlay(server)
            try await xdotool(server, input)
            let message = await failure(task, .cancelled)
            #expect(message == "selection cancelled")
            try await expectClean(server)
        }
    }

    @Test("a click without a drag picks the topmost shown window under it; on the bare root, the whole screen")
    func clickPicksWindow() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let painter = try ScreenPainter(server)
            let lower = try painter.window(Bounds(x: 50, y: 50, width: 200, height: 200), color: F.testPattern)
            let upper = try painter.window(Bounds(x: 150, y: 100, width: 200, height: 150)) { x, y in
                (UInt8(x), 200, UInt8(y))
            }
            let hidden = try painter.window(Bounds(x: 450, y: 300, width: 190, height: 180)) { _, _ in (0, 0, 255) }
            painter.unmap(hidden.id)
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let lowerAsSeen = try ScreenCapture(display: display).capture(.window(lower.id))
            let whole = try ScreenCapture(display: display).capture(.screen)

            // In both, on the upper one; a wobble of 2 px is still a click.
            var task = startSelection(display)
            _ = try await waitForOverlay(server)
            try await xdotool(server, "mousemove 160 110 mousedown 1 mousemove 162 111 mouseup 1")
            var selected = try await selection(task)
            #expect(selected.pickedWindow == upper.id && selected.capture.window == upper.id)
            #expect(selected.capture.bounds == Bounds(x: 150, y: 100, width: 200, height: 150))
            #expect(F.pixelDifference(selected.capture.image, upper.expected) == nil)
            try await expectClean(server)

            // Only in the lower one: its rectangle as seen, the upper one's corner included.
            task = startSelection(display)
            _ = try await waitForOverlay(server)
            try await xdotool(server, "mousemove 60 60 click 1")
            selected = try await selection(task)
            #expect(selected.pickedWindow == lower.id)
            #expect(selected.capture.bounds == Bounds(x: 50, y: 50, width: 200, height: 200))
            #expect(F.pixelDifference(selected.capture.image, lowerAsSeen.image) == nil)

            // Where only an unmapped window is: the bare root.
            task = startSelection(display)
            _ = try await waitForOverlay(server)
            try await xdotool(server, "mousemove 600 400 click 1")
            selected = try await selection(task)
            #expect(selected.pickedWindow == nil)
            #expect(selected.capture.bounds == Bounds(x: 0, y: 0, width: 640, height: 480))
            #expect(F.pixelDifference(selected.capture.image, whole.image) == nil)
            try await expectClean(server)
        }
    }

    @Test("the cancel flag ends a selection in progress as cancelled")
    func cancelFlag() async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let flag = CancellationFlag()
            let task = startSelection(display, cancel: flag)
            _ = try await waitForOverlay(server)
            try await xdotool(server, "mousemove 10 10 mousedown 1 mousemove 100 100")
            flag.cancel()
            #expect(await failure(task, .cancelled) == "selection cancelled")
            try await expectClean(server)
        }
    }

    @Test("the timeout ends it as cancelled, saying after how long")
    func timeout() async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let task = startSelection(display, timeout: .milliseconds(1500))
            _ = try await waitForOverlay(server)
            #expect(await failure(task, .cancelled) == "selection timed out after 1.5 s")
            try await expectClean(server)
        }
    }

    @Test("a keyboard grab held by another client makes it 'unavailable' after retrying, and leaves no grab of its own")
    func grabHeldElsewhere() async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let holder = try X11Display(name: server.name)
            defer { holder.close() }
            #expect(XGrabKeyboard(holder.handle, holder.root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) == GrabSuccess)
            holder.sync()
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let message = await failure(startSelection(display), .unavailable)
            #expect(message.contains("keyboard grab"), "\(message)")
            XUngrabKeyboard(holder.handle, UInt(CurrentTime))
            holder.sync()
            try await expectClean(server)
        }
    }

    @Test("the server killed during a selection ends it with 'unavailable', without hanging")
    func serverKilled() async throws {
        let server = try await TestDisplay.start(width: 320, height: 240)
        do {
            let display = try X11Display(name: server.name)
            let task = startSelection(display)
            _ = try await waitForOverlay(server)
            await server.stop()
            await failure(task, .unavailable)
            display.noticeIfGone()
            #expect(display.isBroken)
            display.close()
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test("in window mode, a drag picks the window under the release, not the one under the press",
          arguments: [true, false])
    func windowModeDrag(fromFirst: Bool) async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let painter = try ScreenPainter(server)
            let first = try painter.window(Bounds(x: 40, y: 40, width: 200, height: 150), color: F.testPattern)
            let second = try painter.window(Bounds(x: 300, y: 200, width: 250, height: 180)) { x, y in (UInt8(x), 90, UInt8(y)) }
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let (from, to, picked) = fromFirst ? ((100, 100), (400, 300), second) : ((400, 300), (100, 100), first)
            let task = startSelection(display, mode: .window)
            _ = try await waitForOverlay(server)
            try await xdotool(server, "mousemove \(from.0) \(from.1) mousedown 1 mousemove 270 195 sleep 0.05 "
                                    + "mousemove \(to.0) \(to.1) sleep 0.05 mouseup 1")
            let selected = try await selection(task)
            #expect(selected.pickedWindow == picked.id && selected.capture.window == picked.id)
            #expect(selected.capture.bounds == (fromFirst ? Bounds(x: 300, y: 200, width: 250, height: 180)
                                                          : Bounds(x: 40, y: 40, width: 200, height: 150)))
            #expect(F.pixelDifference(selected.capture.image, picked.expected) == nil)
            try await expectClean(server)
        }
    }

    @Test("in window mode, the window under the pointer (or the screen, on the root) is outlined as the pointer moves; a click picks it")
    func windowModeHover() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let painter = try ScreenPainter(server)
            let screen = Bounds(x: 0, y: 0, width: 640, height: 480)
            let firstArea = Bounds(x: 40, y: 40, width: 200, height: 150), secondArea = Bounds(x: 300, y: 200, width: 250, height: 180)
            let first = try painter.window(firstArea, color: F.testPattern)
            let second = try painter.window(secondArea) { x, y in (UInt8(x), 90, UInt8(y)) }
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let whole = try ScreenCapture(display: display).capture(.screen)

            // Outlined before the pointer moves: the screen, the pointer being on the root.
            try await xdotool(server, "mousemove 600 20")
            var task = startSelection(display, mode: .window)
            _ = try await waitForOverlay(server)
            try await waitForHighlight(server, screen, expected: whole.image, notOn: [firstArea, secondArea])
            try await xdotool(server, "mousemove 100 100")
            try await waitForHighlight(server, firstArea, expected: first.expected, notOn: [screen, secondArea])
            try await xdotool(server, "mousemove 400 300")
            try await waitForHighlight(server, secondArea, expected: second.expected, notOn: [screen, firstArea])
            try await xdotool(server, "click 1")
            var selected = try await selection(task)
            #expect(selected.pickedWindow == second.id && selected.capture.window == second.id)
            #expect(selected.capture.bounds == secondArea)
            #expect(F.pixelDifference(selected.capture.image, second.expected) == nil)
            try await expectClean(server)

            // A click on the root: the whole screen, no window.
            task = startSelection(display, mode: .window)
            _ = try await waitForOverlay(server)
            try await xdotool(server, "mousemove 600 20 click 1")
            selected = try await selection(task)
            #expect(selected.pickedWindow == nil && selected.capture.window == nil)
            #expect(selected.capture.bounds == screen)
            #expect(F.pixelDifference(selected.capture.image, whole.image) == nil)
            try await expectClean(server)
        }
    }

    @Test("in window mode, a window moved after the freeze is picked where it was, with the pixels seen")
    func windowModeFrozenLayout() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let painter = try ScreenPainter(server)
            let area = Bounds(x: 300, y: 200, width: 250, height: 180)
            let window = try painter.window(area, color: F.testPattern)
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let task = startSelection(display, mode: .window)
            _ = try await waitForOverlay(server)
            XMoveWindow(painter.display.handle, Window(window.id), 10, 10)
            painter.display.sync()
            try await xdotool(server, "mousemove 400 300 click 1")
            let selected = try await selection(task)
            #expect(selected.pickedWindow == window.id)
            #expect(selected.capture.bounds == area)
            #expect(F.pixelDifference(selected.capture.image, window.expected) == nil)
            try await expectClean(server)
        }
    }

    @Test("the label's title: _NET_WM_NAME, else WM_NAME in Latin-1 or UTF-8, else a child's (a frame's client); Latin-1 for the font")
    func windowTitles() async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let handle = display.handle
            func window(_ parent: Window) -> Window {
                let id = XCreateSimpleWindow(handle, parent, 0, 0, 10, 10, 0, 0, 0)
                return id
            }
            func set(_ window: Window, _ property: String, _ type: Atom, _ bytes: [UInt8]) {
                XChangeProperty(handle, window, display.atom(property), type, 8, PropModeReplace, bytes, Int32(bytes.count))
            }
            let utf8 = display.atom("UTF8_STRING")
            let both = window(display.root), latin1 = window(display.root), utf8Only = window(display.root)
            let frame = window(display.root), client = window(frame), unnamed = window(display.root)
            set(both, "_NET_WM_NAME", utf8, Array("Grüße ✓".utf8))
            set(both, "WM_NAME", Atom(XA_STRING), Array("old".utf8))
            set(latin1, "WM_NAME", Atom(XA_STRING), [0x63, 0x61, 0x66, 0xe9])
            set(utf8Only, "WM_NAME", utf8, Array("naïve".utf8))
            set(client, "WM_NAME", Atom(XA_STRING), Array("  the client \n".utf8))
            let gone = window(display.root)
            XDestroyWindow(handle, gone)
            display.sync()
            #expect(WindowTitle.read(UInt(both), display: display) == "Grüße ✓")
            #expect(WindowTitle.read(UInt(latin1), display: display) == "café")
            #expect(WindowTitle.read(UInt(utf8Only), display: display) == "naïve")
            #expect(WindowTitle.read(UInt(frame), display: display) == "the client")
            #expect(WindowTitle.read(UInt(unnamed), display: display) == nil)
            #expect(WindowTitle.read(UInt(gone), display: display) == nil)
            #expect(SelectionOverlay.latin1("2×3 café ✓\t").map { UInt8(bitPattern: $0) }
                    == [0x32, 0xd7, 0x33, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x20, 0x3f, 0x20])
        }
    }
}
