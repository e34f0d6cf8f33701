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

    /// Runs `select()` on a thread of its own over `display`.
    private func startSelection(_ display: X11Display, cancel: CancellationFlag? = nil,
                                timeout: Duration = .seconds(60)) -> Task<Selection, any Error> {
        Task { try await offPool { try RegionSelector(display: display).select(cancel: cancel, timeout: timeout) } }
    }

    /// The outcome of `task`, or a recorded issue when it takes more than `limit` (a hang guard).
    private func outcome(_ task: Task<Selection, any Error>, limit: Duration = .seconds(60)) async -> Result<Selection, any Error>? {
        await withTaskGroup(of: Result<Selection, any Error>?.self) { group in
            group.addTask { await task.result }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if first == nil { Issue.record("select() did not return within \(limit)") }
            return first
        }
    }

    private func selection(_ task: Task<Selection, any Error>) async throws -> Selection {
        guard let result = await outcome(task) else { throw TestFailure("no selection") }
        return try result.get()
    }

    /// Expects the selection to end with `code`; returns the message.
    @discardableResult
    private func failure(_ task: Task<Selection, any Error>, _ code: LiveTextError.Code,
                         sourceLocation: SourceLocation = #_sourceLocation) async -> String {
        switch await outcome(task) {
        case .failure(let error as LiveTextError)?:
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
            return error.message
        case let other?:
            Issue.record("expected \(code), got \(other)", sourceLocation: sourceLocation)
        case nil:
            break
        }
        return ""
    }

    /// Waits until the overlay holds the keyboard grab (taken after the pointer grab) and returns
    /// the overlay window, checked to be an override-redirect window covering the screen.
    private func waitForOverlay(_ server: TestDisplay) async throws -> UInt {
        try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                let status = XGrabKeyboard(probe.handle, probe.root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
                if status == GrabSuccess { XUngrabKeyboard(probe.handle, UInt(CurrentTime)) }
                probe.sync()
                if status == AlreadyGrabbed, let overlay = Self.overlays(probe).first {
                    var attributes = XWindowAttributes()
                    XGetWindowAttributes(probe.handle, Window(overlay), &attributes)
                    #expect(attributes.override_redirect != 0)
                    #expect(attributes.map_state == IsViewable)
                    #expect((attributes.x, attributes.y) == (0, 0))
                    #expect((Int(attributes.width), Int(attributes.height)) == (server.width, server.height))
                    return overlay
                }
                usleep(20_000)
            }
            throw TestFailure("the selection never took the keyboard grab")
        }
    }

    /// Top-level windows named like the selection overlay.
    private static func overlays(_ display: X11Display) -> [UInt] {
        var root: Window = 0, parent: Window = 0, count: UInt32 = 0
        var children: UnsafeMutablePointer<Window>?
        guard XQueryTree(display.handle, display.root, &root, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return UnsafeBufferPointer(start: children, count: Int(count)).filter { window in
            var name: UnsafeMutablePointer<CChar>?
            guard XFetchName(display.handle, window, &name) != 0, let name else { return false }
            defer { XFree(name) }
            return String(cString: name) == "livetext selection"
        }.map { UInt($0) }
    }

    /// No grab is left (another client can grab pointer and keyboard) and the overlay is gone.
    private func expectClean(_ server: TestDisplay, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (pointer, keyboard, overlays) = try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            let pointer = XGrabPointer(probe.handle, probe.root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync,
                                       0, 0, UInt(CurrentTime))
            let keyboard = XGrabKeyboard(probe.handle, probe.root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
            XUngrabPointer(probe.handle, UInt(CurrentTime))
            XUngrabKeyboard(probe.handle, UInt(CurrentTime))
            probe.sync()
            return (pointer, keyboard, Self.overlays(probe))
        }
        #expect(pointer == GrabSuccess, "pointer still grabbed", sourceLocation: sourceLocation)
        #expect(keyboard == GrabSuccess, "keyboard still grabbed", sourceLocation: sourceLocation)
        #expect(overlays.isEmpty, "overlay left: \(overlays)", sourceLocation: sourceLocation)
    }

    private func xdotool(_ server: TestDisplay, _ arguments: String) async throws {
        let result = try await runCommand("/usr/bin/xdotool", arguments.split(separator: " ").map(String.init),
                                          environment: server.environment)
        #expect(result.status == 0, "xdotool \(arguments): \(result.stderr)")
    }

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

    @Test("Esc and the right button cancel; nothing stays grabbed", arguments: ["key Escape", "mousemove 50 50 click 3",
                                                                             "mousemove 50 50 mousedown 1 mousemove 200 200 key Escape"])
    func cancelled(by input: String) async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let task = startSelection(display)
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
            #expect(display.isBroken)
            display.close()
        } catch {
            await server.stop()
            throw error
        }
    }
}
