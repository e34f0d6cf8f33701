import CX11
import Foundation
import LiveTextCore

/// The state of one `KeyboardTyper.type` call: which key types which keysym, the spare keys
/// bound for the others, and everything pressed or changed, so that `finish()` can undo it all.
final class TypingSession {
    private let display: X11Display
    /// The keyboard mapping before typing: restored exactly for every spare key we bound.
    private let original: KeyboardMapping
    /// Keysym -> keycode and whether Shift is needed (group 1, levels 1 and 2 only).
    private var keys: [KeySym: (keycode: Int, shifted: Bool)] = [:]
    private let shiftKeycode: Int?
    private let modifierKeys: Set<Int>
    /// Keycodes with no symbols, bound temporarily to keysyms no key types.
    private let spares: [Int]
    private var freeSpares: [Int]
    private var bound: [KeySym: Int] = [:]
    private var changed: Set<Int> = []
    private var pressed: [Int] = []
    private var capsWasLocked = false

    /// How long clients get to read the keys typed with a spare key before it is rebound or
    /// restored: a client looks the new mapping up only when it handles the key event. 150 ms
    /// was too short for an xterm on a loaded machine (the whole test suite at once): it handled
    /// "€" after the restore and typed nothing for it.
    static let settleMicroseconds: UInt32 = 400_000

    init(display: X11Display) {
        self.display = display
        let handle = display.handle
        original = KeyboardMapping(display: handle)
        let modifiers = ModifierMap(display: handle, mapping: original)
        let modifierKeys = modifiers.modifierKeycodes
        self.modifierKeys = modifierKeys
        shiftKeycode = modifiers.keycode(for: UInt32(ShiftMask))
        if original.maxKeycode >= original.minKeycode {
            for keycode in original.minKeycode...original.maxKeycode where !modifierKeys.contains(keycode) {
                for level in 0..<2 where level == 0 || shiftKeycode != nil {
                    let keysym = original.keysym(of: keycode, at: level)
                    guard keysym != 0 else { continue }
                    // The lowest keycode wins: the main block comes before extra keys
                    // (keypad parentheses, media keys) that carry the same symbol.
                    if keys[keysym] == nil { keys[keysym] = (keycode, level == 1) }
                }
            }
        }
        spares = original.unusedKeycodes.filter { !modifierKeys.contains($0) }
        freeSpares = spares
    }

    /// Clears what would change the typed characters: Caps Lock (locked again in `finish`),
    /// latched modifiers, and modifier keys still held down (the user's hotkey, say), which are
    /// released and not pressed again.
    func prepare() {
        let handle = display.handle
        var state = XkbStateRec()
        if XkbGetState(handle, UInt32(XkbUseCoreKbd), &state) == 0 {
            capsWasLocked = state.locked_mods & UInt8(LockMask) != 0
            if capsWasLocked { XkbLockModifiers(handle, UInt32(XkbUseCoreKbd), UInt32(LockMask), 0) }
            if state.latched_mods != 0 { XkbLatchModifiers(handle, UInt32(XkbUseCoreKbd), 0xFF, 0) }
        }
        var down = [CChar](repeating: 0, count: 32)
        XQueryKeymap(handle, &down)
        for keycode in modifierKeys.sorted() where UInt8(bitPattern: down[keycode / 8]) & (1 << UInt8(keycode % 8)) != 0 {
            XTestFakeKeyEvent(handle, UInt32(keycode), 0, 0)
        }
        XSync(handle, 0)
    }

    /// Presses and releases the key for `keysym`, with Shift when it is on the second level.
    func type(_ keysym: KeySym, character: Unicode.Scalar) throws {
        if let key = keys[keysym] {
            if key.shifted, let shiftKeycode { press(shiftKeycode) }
            tap(key.keycode)
            if key.shifted, let shiftKeycode { release(shiftKeycode) }
        } else {
            tap(try spareKey(for: keysym, character: character))
        }
    }

    /// A spare key bound to `keysym` on both levels (so no modifier matters).
    private func spareKey(for keysym: KeySym, character: Unicode.Scalar) throws -> Int {
        if let keycode = bound[keysym] { return keycode }
        if freeSpares.isEmpty {
            guard !spares.isEmpty else {
                throw LiveTextError(.unavailable, "cannot type '\(character)': no key types it and the keyboard map has no unused key to borrow")
            }
            // Every spare is in use: let clients read what was typed, then rebind them.
            XSync(display.handle, 0)
            usleep(Self.settleMicroseconds)
            bound = [:]
            freeSpares = spares
        }
        let keycode = freeSpares.removeFirst()
        var syms: [KeySym] = [keysym, keysym]
        XChangeKeyboardMapping(display.handle, Int32(keycode), 2, &syms, 1)
        changed.insert(keycode)
        XSync(display.handle, 0)
        bound[keysym] = keycode
        return keycode
    }

    private func tap(_ keycode: Int) {
        press(keycode)
        release(keycode)
    }

    private func press(_ keycode: Int) {
        XTestFakeKeyEvent(display.handle, UInt32(keycode), 1, 0)
        pressed.append(keycode)
    }

    private func release(_ keycode: Int) {
        XTestFakeKeyEvent(display.handle, UInt32(keycode), 0, 0)
        pressed.removeAll { $0 == keycode }
    }

    /// Releases every key still pressed, restores the spare keys' original (empty) mapping and
    /// Caps Lock. Runs on every path out of `type`.
    func finish() {
        guard !display.isBroken else { return }
        let handle = display.handle
        for keycode in pressed.reversed() { XTestFakeKeyEvent(handle, UInt32(keycode), 0, 0) }
        pressed = []
        XSync(handle, 0)
        if !changed.isEmpty {
            usleep(Self.settleMicroseconds)
            for keycode in changed.sorted() {
                var syms = Array(original.keysyms(of: keycode))
                guard !syms.isEmpty else { continue }
                XChangeKeyboardMapping(handle, Int32(keycode), Int32(original.keysymsPerKeycode), &syms, 1)
            }
            changed = []
        }
        if capsWasLocked { XkbLockModifiers(handle, UInt32(XkbUseCoreKbd), UInt32(LockMask), UInt32(LockMask)) }
        XSync(handle, 0)
    }
}
