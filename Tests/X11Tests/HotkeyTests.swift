import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

@Suite("global hotkeys")
struct HotkeyTests {
    static let text = HotkeyBinding(id: "text", modifiers: [.super, .shift], keysym: "T")
    static let codes = HotkeyBinding(id: "codes", modifiers: [.super, .shift], keysym: "Q")

    /// Runs `body` with a small display, a grabber on it (closed afterwards) and its presses.
    static func withGrabber(_ body: (TestDisplay, HotkeyGrabber, PressCollector) async throws -> Void) async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let grabber = try HotkeyGrabber(displayName: server.name)
            defer { grabber.close() }
            try await body(server, grabber, PressCollector(grabber.presses))
        }
    }

    @Test("Super+Shift+T fires its id, also with Num Lock and Caps Lock on; t, Shift+T and Super+T alone do not")
    func firesWithLocks() async throws {
        try await Self.withGrabber { server, grabber, presses in
            // A lower-case name is the same key.
            let lower = HotkeyBinding(id: "lower", modifiers: [.control, .alt], keysym: "p")
            // No modifiers at all; Print is on two keycodes (107 and 218) on this server: both are grabbed.
            let print = HotkeyBinding(id: "print", modifiers: [], keysym: "Print")
            #expect(grabber.grab([Self.text, lower, print]).isEmpty)

            // Presses are delivered in order: had the partial combinations fired, they would come first.
            try await xdotool(server, ["key", "t", "shift+t", "super+t", "super+shift+t"])
            #expect(await presses.wait(count: 1) == ["text"])

            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            #expect(!ledIsLit(probe, "Caps Lock") && !ledIsLit(probe, "Num Lock"))
            try await xdotool(server, ["key", "Num_Lock", "Caps_Lock"])
            #expect(ledIsLit(probe, "Caps Lock") && ledIsLit(probe, "Num Lock"))
            try await xdotool(server, ["key", "t", "shift+t", "super+shift+t", "ctrl+alt+p", "Print"])
            #expect(await presses.wait(count: 4) == ["text", "text", "lower", "print"])
        }
    }

    @Test("a combination another program holds is reported as taken, its partial grabs released; the other bindings still work")
    func takenByAnotherProgram() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let first = try HotkeyGrabber(displayName: server.name)
            defer { first.close() }
            let firstPresses = PressCollector(first.presses)
            #expect(first.grab([Self.text]).isEmpty)

            let second = try HotkeyGrabber(displayName: server.name)
            defer { second.close() }
            let secondPresses = PressCollector(second.presses)
            let failures = second.grab([HotkeyBinding(id: "mine", modifiers: [.super, .shift], keysym: "t"), Self.codes])
            #expect(failures == [HotkeyFailure(id: "mine", combo: "Super+Shift+t",
                                               message: "Super+Shift+t is already taken by another program")])

            try await xdotool(server, ["key", "super+shift+t", "super+shift+q"])
            #expect(await secondPresses.wait(count: 1) == ["codes"])
            #expect(await firstPresses.wait(count: 1) == ["text"])
        }
    }

    @Test("a binding that collides in one lock combination only leaves none of its grabs behind")
    func partialGrabReleased() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let other = try X11Display(name: server.name)
            defer { other.close() }
            let keycode = Int32(XKeysymToKeycode(other.handle, KeySym(XK_t)))
            // Another program holds Super+Shift+T with Num Lock (Mod2 on this server) only.
            #expect(other.trapErrors {
                XGrabKey(other.handle, keycode, UInt32(Mod4Mask | ShiftMask | Mod2Mask), other.root, 0, GrabModeAsync, GrabModeAsync)
            } == nil)

            let grabber = try HotkeyGrabber(displayName: server.name)
            defer { grabber.close() }
            #expect(grabber.grab([Self.text]).map(\.message) == ["Super+Shift+T is already taken by another program"])

            // Had the grabber kept its other seven combinations, these would fail with BadAccess.
            let third = try X11Display(name: server.name)
            defer { third.close() }
            for mask in [UInt32(Mod4Mask | ShiftMask), UInt32(Mod4Mask | ShiftMask | LockMask)] {
                #expect(third.trapErrors {
                    XGrabKey(third.handle, keycode, mask, third.root, 0, GrabModeAsync, GrabModeAsync)
                } == nil)
            }
        }
    }

    @Test("an unknown key name is a failure; close() ends presses and frees the combination for another program")
    func unknownKeyAndClose() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let grabber = try HotkeyGrabber(displayName: server.name)
            let presses = PressCollector(grabber.presses)
            let failures = grabber.grab([HotkeyBinding(id: "bad", modifiers: [.super], keysym: "Foo"),
                                         HotkeyBinding(id: "empty", modifiers: [.control], keysym: ""),
                                         Self.text])
            #expect(failures == [
                HotkeyFailure(id: "bad", combo: "Super+Foo",
                              message: "unknown key 'Foo' in Super+Foo (use keysym names such as T, Print, F12)"),
                HotkeyFailure(id: "empty", combo: "Control+",
                              message: "unknown key '' in Control+ (use keysym names such as T, Print, F12)"),
            ])
            // The same combination twice in one list.
            let twice = grabber.grab([Self.text, HotkeyBinding(id: "again", modifiers: [.shift, .super], keysym: "t")])
            #expect(twice.map(\.id) == ["again"])

            let other = try HotkeyGrabber(displayName: server.name)
            defer { other.close() }
            #expect(other.grab([Self.text]).count == 1)
            grabber.close()
            #expect(await presses.waitEnded())
            #expect(other.grab([Self.text]).isEmpty)
            #expect(grabber.grab([Self.text]).count == 1)
            grabber.close()
        }
    }

    @Test("holding the combination with auto-repeat on fires once; the next press fires again")
    func heldKeyFiresOnce() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            XAutoRepeatOn(probe.handle)
            // Repeat after 100 ms, every 20 ms: a 1.5 s hold repeats dozens of times.
            #expect(XkbSetAutoRepeatRate(probe.handle, UInt32(XkbUseCoreKbd), 100, 20) != 0)
            probe.sync()

            let grabber = try HotkeyGrabber(displayName: server.name)
            defer { grabber.close() }
            let presses = PressCollector(grabber.presses)
            #expect(grabber.grab([Self.text]).isEmpty)
            try await xdotool(server, ["keydown", "super+shift+t", "sleep", "1.5", "keyup", "super+shift+t"])
            try await xdotool(server, ["key", "super+shift+t"])
            #expect(await presses.wait(count: 2) == ["text", "text"])
            #expect(grabber.ignoredRepeats > 0, "the key did not repeat: the test proves nothing")
        }
    }

    @Test("a hotkey pressed while another is held, and released after it, fires again next time")
    func overlappingHotkeys() async throws {
        try await Self.withGrabber { server, grabber, presses in
            #expect(grabber.grab([Self.text, Self.codes]).isEmpty)
            // Releasing T ends the grab, so the release of Q goes to another window.
            try await xdotool(server, ["keydown", "super+shift+t", "keydown", "q", "keyup", "t", "keyup", "q",
                                       "keyup", "super+shift"])
            try await xdotool(server, ["key", "super+shift+q"])
            #expect(await presses.wait(count: 3) == ["text", "codes", "codes"])
        }
    }

    @Test("after the keyboard is remapped, the binding follows its key")
    func followsRemapping() async throws {
        try await Self.withGrabber { server, grabber, presses in
            #expect(grabber.grab([Self.text]).isEmpty)

            // Swap the t and y keys.
            let remapper = try X11Display(name: server.name)
            defer { remapper.close() }
            let mapping = KeyboardMapping(display: remapper.handle)
            let t = Int(XKeysymToKeycode(remapper.handle, KeySym(XK_t)))
            let y = Int(XKeysymToKeycode(remapper.handle, KeySym(XK_y)))
            var swapped = Array(mapping.keysyms(of: y)) + Array(mapping.keysyms(of: t))
            XChangeKeyboardMapping(remapper.handle, Int32(t), Int32(mapping.keysymsPerKeycode), &swapped, 2)
            remapper.sync()
            #expect(Int(XKeysymToKeycode(remapper.handle, KeySym(XK_t))) == y)

            // The grabber re-grabs when it reads the mapping change; until then presses of the
            // moved key miss (and Super+Shift+Y would still fire), so wait for the first hit.
            var received: [String] = []
            for _ in 0..<30 where received.isEmpty {
                try await xdotool(server, ["key", "super+shift+t"])
                received = await presses.wait(count: 1, timeout: 0.5)
            }
            #expect(!received.isEmpty && received.allSatisfy { $0 == "text" })
            try await xdotool(server, ["key", "super+shift+y", "super+shift+t"])
            #expect(await presses.wait(count: received.count + 1) == received + ["text"])
        }
    }

    @Test("the display going away ends presses; grabbing then fails instead of crashing")
    func displayGoesAway() async throws {
        let server = try await TestDisplay.start(width: 320, height: 200)
        let grabber = try HotkeyGrabber(displayName: server.name)
        defer { grabber.close() }
        let presses = PressCollector(grabber.presses)
        #expect(grabber.grab([Self.text]).isEmpty)
        await server.stop()
        #expect(await presses.waitEnded())
        #expect(grabber.grab([Self.text]).first?.message.contains("went away") == true)
    }

    // The hotkey thread alone uses its connection: grabs asked from other threads wait for its
    // answer (no lock held across XGrabKey and XSync), one after another.
    @Test("grabs asked from several threads at once are each answered and the last stands; after close a grab is refused at once")
    func grabsFromManyThreads() async throws {
        try await Self.withGrabber { server, grabber, presses in
            let keys = ["A", "B", "C", "D", "E", "F"]
            let answers = try await withThrowingTaskGroup(of: [HotkeyFailure].self) { group in
                for key in keys {
                    group.addTask {
                        try await BlockingWork.run(.waiting) {
                            grabber.grab([HotkeyBinding(id: key, modifiers: [.super, .shift], keysym: key)])
                        }
                    }
                }
                return try await group.reduce(into: [[HotkeyFailure]]()) { $0.append($1) }
            }
            #expect(answers.count == keys.count)
            #expect(answers.joined().isEmpty, "\(answers)")
            // Each grab replaced the one before: one combination is held, the others were released.
            try await xdotool(server, ["key"] + keys.map { "super+shift+\($0.lowercased())" })
            let pressed = await presses.wait(count: 2, timeout: 2)
            #expect(pressed.count == 1 && keys.contains(pressed.first ?? ""), "\(pressed)")

            grabber.close()
            let started = ContinuousClock.now
            #expect(grabber.grab([Self.text]).first?.message.contains("hotkeys are closed") == true)
            #expect(ContinuousClock.now - started < .seconds(1))
        }
    }
}
