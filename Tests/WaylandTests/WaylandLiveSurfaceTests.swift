import Foundation
import LiveTextCore
import Testing
import TestSupport
import WaylandKit

/// `WaylandLiveSurface` on a headless sway: what it shows read back with grim, input from a
/// virtual pointer and a virtual keyboard of the test's own.
@Suite("the Wayland live surface", .serialized)
struct WaylandLiveSurfaceTests {
    /// The frozen screen of sway's one output: a pattern of the test's.
    static func frozen(_ sway: SwayServer) -> CapturedImage {
        CapturedImage(image: .livePattern(width: sway.width, height: sway.height),
                      bounds: Bounds(x: 0, y: 0, width: sway.width, height: sway.height))
    }

    @Test("shows exactly the frozen pixels over the output; closing (twice) leaves the desktop as it was")
    func showsFrozenPixels() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let desktop = try await SwayScreen.read(sway)
            let frozen = Self.frozen(sway)
            #expect(SwayScreen.pixelDifference(desktop, frozen.image) != nil, "the desktop already shows the pattern")
            let surface = try await offPool {
                try WaylandLiveSurface(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path,
                                       frozen: frozen, outputName: "HEADLESS-1")
            }
            #expect(surface.area == frozen.bounds)
            #expect(surface.pointer() == nil)
            try await offPool { try surface.map() }
            #expect(try await SwayScreen.difference(sway, from: frozen.image) == nil)
            try await offPool {
                surface.close()
                surface.close()
            }
            #expect(try await SwayScreen.difference(sway, from: desktop) == nil)
            #expect(!surface.post {})
            #expect(!surface.send("late"))
        }
    }

    @Test("an output the compositor does not have is notFound, naming it")
    func unknownOutput() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let message = try await offPool { () -> String in
                let surface = try WaylandLiveSurface(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path,
                                                     frozen: Self.frozen(sway), outputName: "NOWHERE-7")
                defer { surface.close() }
                do {
                    try surface.map()
                    return "shown"
                } catch let error as LiveTextError {
                    return "\(error.code): \(error.message)"
                }
            }
            #expect(message.hasPrefix("not found:") && message.contains("'NOWHERE-7'") && message.contains("HEADLESS-1"),
                    "\(message)")
        }
    }

    @Test("paints blend over the frozen pixels, in both buffers in turn, and go again")
    func paints() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let frozen = Self.frozen(sway)
            let harness = WaylandLiveHarness.start(sway, frozen: frozen)
            _ = try await harness.surface()
            let whole = frozen.bounds
            let translucent = LivePaint.fill(Bounds(x: 100, y: 50, width: 300, height: 200),
                                             LiveColor(red: 0, green: 0, blue: 255, alpha: 128))
            let frame = LivePaint.frame(Bounds(x: 600, y: 400, width: 120, height: 80), LiveColor(red: 255, green: 0, blue: 0),
                                        width: 3)
            let picture = LivePaint.picture(LivePicture(.livePattern(width: 40, height: 30), x: 1000, y: 700))
            // Each step is drawn into the buffer not shown, which the step before it last drew.
            for paints in [[translucent], [translucent, frame], [frame, picture], [], [picture]] {
                try await harness.onSurface { try $0.setPaints(paints) }
                let expected = PixelImage(width: whole.width, height: whole.height, format: .rgba8,
                                          pixels: LiveCompositor.compose(frozen.image, paints, in: whole))
                #expect(try await SwayScreen.difference(sway, from: expected) == nil, "with \(paints)")
            }
            let blended = try await SwayScreen.read(sway)
            #expect(blended.rgba(1010, 710) == PixelImage.livePattern(width: 40, height: 30).rgba(10, 10))
            #expect(try await harness.onSurface { $0.paints } == [picture])
            _ = try await harness.onSurface { $0.finish() }
            #expect(try await harness.ending()?.get() == .finished)
        }
    }

    @Test("a virtual pointer's press, drag and release come at surface coordinates; a double click counts 2")
    func pointer() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let pointer = try await offPool { try VirtualPointer(sway) }
            defer { pointer.close() }
            let harness = WaylandLiveHarness.start(sway, frozen: Self.frozen(sway))
            _ = try await harness.surface()
            try await offPool {
                try pointer.move(100, 120)
                try pointer.button(true)
                try pointer.move(200, 150)
                try pointer.button(false)
            }
            try await harness.waitForEvents { $0.contains { if case .release = $0 { true } else { false } } }
            let drag = harness.events.filter { if case .key = $0 { false } else { true } }
            let presses = drag.compactMap { if case .press(let event) = $0 { event } else { nil } }
            let releases = drag.compactMap { if case .release(let event) = $0 { event } else { nil } }
            #expect(presses == [LivePointerEvent(button: 1, x: 100, y: 120, clickCount: 1, modifiers: [])])
            #expect(releases == [LivePointerEvent(button: 1, x: 200, y: 150, clickCount: 1, modifiers: .button1)])
            let pressAt = try #require(drag.firstIndex { if case .press = $0 { true } else { false } })
            let dragged = drag[pressAt...].contains {
                if case .motion(200, 150, let modifiers) = $0 { modifiers.contains(.button1) } else { false }
            }
            #expect(dragged, "\(drag)")
            #expect(try await harness.onSurface { $0.pointer().map { [$0.x, $0.y] } } == [200, 150])

            try await offPool {
                try pointer.move(300, 310, after: 1000)
                try pointer.click()
                try pointer.click(after: 60)
            }
            try await harness.waitForEvents { $0.filter { if case .release = $0 { true } else { false } }.count == 3 }
            let counts = harness.events.compactMap { if case .press(let event) = $0 { [event.x, event.y, event.clickCount] } else { nil } }
            #expect(counts == [[100, 120, 1], [300, 310, 1], [300, 310, 2]])
            _ = try await harness.onSurface { surface in
                surface.setCursor(.iBeam)
                surface.setCursor(.hand)
                surface.finish()
            }
            #expect(try await harness.ending()?.get() == .finished)
        }
    }

    @Test("keys come with their keysym, Shift applied; Escape is a key while reportsEscape, else it ends run as escaped")
    func keys() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let keyboard = try await offPool { try VirtualKeyboard(sway) }
            defer { keyboard.close() }
            let harness = WaylandLiveHarness.start(sway, frozen: Self.frozen(sway))
            _ = try await harness.surface()
            try await offPool {
                try keyboard.type(VirtualKeyboard.x)
                try keyboard.type(VirtualKeyboard.a, shifted: true)
            }
            try await harness.waitForEvents { $0.filter { if case .keyRelease = $0 { true } else { false } }.count == 2 }
            let keys = harness.events.compactMap { if case .key(let key) = $0 { key } else { nil } }
            #expect(keys == [LiveKeyEvent(keysym: 0x78), LiveKeyEvent(keysym: 0x41, modifiers: .shift)])
            let released = harness.events.compactMap { if case .keyRelease(let key) = $0 { key.keysym } else { nil } }
            #expect(released == [0x78, 0x41])

            _ = try await harness.onSurface { $0.reportsEscape = true }
            try await offPool { try keyboard.type(VirtualKeyboard.escape) }
            try await harness.waitForEvents { $0.contains { if case .key(let key) = $0 { key.keysym == 0xff1b } else { false } } }
            _ = try await harness.onSurface { $0.reportsEscape = false }
            try await offPool { try keyboard.type(VirtualKeyboard.escape) }
            #expect(try await harness.ending()?.get() == .escaped)
        }
    }

    @Test("a key held repeats at the compositor's rate after its delay, as X's server repeats it; Escape ends run as ever")
    func heldKeyRepeats() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let keyboard = try await offPool { try VirtualKeyboard(sway) }
            defer { keyboard.close() }
            let harness = WaylandLiveHarness.start(sway, frozen: Self.frozen(sway))
            _ = try await harness.surface()
            // sway's default: 600 ms, then 25 a second; held 1.2 s: the press and some 15 repeats.
            try await offPool {
                try keyboard.press(VirtualKeyboard.x)
                usleep(1_200_000)
                try keyboard.release(VirtualKeyboard.x)
            }
            try await harness.waitForEvents { $0.contains { if case .keyRelease = $0 { true } else { false } } }
            let presses = harness.events.filter { if case .key(let key) = $0 { key.keysym == 0x78 } else { false } }.count
            #expect(presses >= 5 && presses <= 25, "\(presses) presses")
            // Let go: no more come.
            try await Task.sleep(for: .milliseconds(300))
            #expect(harness.events.filter { if case .key = $0 { true } else { false } }.count == presses)
            try await offPool { try keyboard.type(VirtualKeyboard.escape) }
            #expect(try await harness.ending()?.get() == .escaped)
        }
    }

    @Test("a value sent from another thread reaches the handler as a message")
    func message() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let harness = WaylandLiveHarness.start(sway, frozen: Self.frozen(sway)) { event, surface in
                if case .message(let value) = event, value as? String == "read" { surface.finish() }
            }
            let surface = try await harness.surface()
            let sent = try await offPool { surface.send("read") }
            #expect(sent)
            #expect(try await harness.ending()?.get() == .finished)
            #expect(harness.events.contains { if case .message(let value) = $0 { value as? String == "read" } else { false } })
        }
    }

    @Test("cancel ends run as cancelled and takes the surface away")
    func cancel() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let desktop = try await SwayScreen.read(sway)
            let flag = CancellationFlag()
            let frozen = Self.frozen(sway)
            let harness = WaylandLiveHarness.start(sway, frozen: frozen, cancel: flag)
            _ = try await harness.surface()
            #expect(try await SwayScreen.difference(sway, from: frozen.image) == nil)
            flag.cancel()
            #expect(try await harness.ending()?.get() == .cancelled)
            #expect(try await SwayScreen.difference(sway, from: desktop) == nil)
        }
    }

    @Test("the compositor stopped while the surface runs: unavailable, not a crash or a hang")
    func compositorGone() async throws {
        let sway = try await SwayServer.start(xwayland: false)
        let harness = WaylandLiveHarness.start(sway, frozen: Self.frozen(sway))
        do {
            _ = try await harness.surface()
        } catch {
            await sway.stop()
            throw error
        }
        await sway.stop()
        let outcome = await harness.ending()
        switch outcome {
        case .failure(let error as LiveTextError)?:
            #expect(error.code == .unavailable, "\(error)")
            #expect(error.message.contains("went away"), "\(error.message)")
        default:
            Issue.record("run ended so: \(String(describing: outcome))")
        }
    }
}
