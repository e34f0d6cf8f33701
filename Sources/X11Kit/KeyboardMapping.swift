import CX11

/// A snapshot of the server's core keyboard mapping: the keysyms of every keycode.
///
/// In the core view of an XKB keymap, index 0 and 1 of a keycode are group 1 levels 1 and 2
/// (plain and with Shift), 2 and 3 group 2, and 4 and 5 group 1 levels 3 and 4.
struct KeyboardMapping: Equatable {
    let minKeycode: Int
    let maxKeycode: Int
    let keysymsPerKeycode: Int
    /// `keysymsPerKeycode` entries per keycode from `minKeycode` on; 0 is NoSymbol.
    let keysyms: [KeySym]

    /// Reads the current mapping (one request).
    init(display: OpaquePointer) {
        var low: Int32 = 0, high: Int32 = 0, perKeycode: Int32 = 0
        XDisplayKeycodes(display, &low, &high)
        minKeycode = Int(low)
        maxKeycode = Int(high)
        var syms: [KeySym] = []
        if high >= low, let raw = XGetKeyboardMapping(display, KeyCode(low), high - low + 1, &perKeycode) {
            syms = Array(UnsafeBufferPointer(start: raw, count: Int(high - low + 1) * Int(perKeycode)))
            XFree(raw)
        }
        keysymsPerKeycode = Int(perKeycode)
        keysyms = syms
    }

    /// The keysyms of `keycode` (empty outside the range).
    func keysyms(of keycode: Int) -> ArraySlice<KeySym> {
        guard keycode >= minKeycode, keycode <= maxKeycode, keysymsPerKeycode > 0 else { return [] }
        let start = (keycode - minKeycode) * keysymsPerKeycode
        guard start + keysymsPerKeycode <= keysyms.count else { return [] }
        return keysyms[start..<start + keysymsPerKeycode]
    }

    /// The keysym at `index` of `keycode`, or 0.
    func keysym(of keycode: Int, at index: Int) -> KeySym {
        let syms = keysyms(of: keycode)
        return index < syms.count ? syms[syms.startIndex + index] : 0
    }

    /// Keycodes whose plain (group 1, level 1) symbol is `keysym`, in order.
    func keycodes(plain keysym: KeySym) -> [Int] {
        guard keysym != 0 else { return [] }
        return (minKeycode...max(minKeycode, maxKeycode)).filter { self.keysym(of: $0, at: 0) == keysym }
    }

    /// Keycodes with no symbol at all: free to bind temporarily.
    var unusedKeycodes: [Int] {
        guard maxKeycode >= minKeycode else { return [] }
        return (minKeycode...maxKeycode).filter { keysyms(of: $0).allSatisfy { $0 == 0 } }
    }
}

/// The server's modifier map (which keys set Shift, Lock, Control, Mod1–Mod5), with the logical
/// modifiers resolved: which ModN Alt, Super, NumLock, ScrollLock and AltGr (level 3) are on.
struct ModifierMap {
    /// Keycodes per modifier row, in the order Shift, Lock, Control, Mod1 … Mod5.
    let rows: [[Int]]
    let altMask: UInt32
    let superMask: UInt32
    let numLockMask: UInt32
    let scrollLockMask: UInt32
    let level3Mask: UInt32

    init(display: OpaquePointer, mapping: KeyboardMapping) {
        var rows: [[Int]] = Array(repeating: [], count: 8)
        if let map = XGetModifierMapping(display) {
            let perRow = Int(map.pointee.max_keypermod)
            for row in 0..<8 {
                for column in 0..<perRow {
                    let keycode = Int(map.pointee.modifiermap[row * perRow + column])
                    if keycode != 0 { rows[row].append(keycode) }
                }
            }
            XFreeModifiermap(map)
        }
        self.rows = rows
        // The first of Mod1…Mod5 holding a key with one of `names` (earlier names win).
        func mask(holding names: [String]) -> UInt32 {
            for name in names {
                let keysym = XStringToKeysym(name)
                for row in 3..<8 where rows[row].contains(where: { mapping.keysyms(of: $0).contains(keysym) }) {
                    return UInt32(1) << UInt32(row)
                }
            }
            return 0
        }
        altMask = mask(holding: ["Alt_L", "Alt_R", "Meta_L", "Meta_R"])
        superMask = mask(holding: ["Super_L", "Super_R", "Hyper_L", "Hyper_R"])
        numLockMask = mask(holding: ["Num_Lock"])
        scrollLockMask = mask(holding: ["Scroll_Lock"])
        level3Mask = mask(holding: ["ISO_Level3_Shift"])
    }

    /// The first key that sets `mask` (one of ShiftMask … Mod5Mask), if any.
    func keycode(for mask: UInt32) -> Int? {
        for row in 0..<8 where mask == UInt32(1) << UInt32(row) { return rows[row].first }
        return nil
    }

    /// All keycodes that are modifiers.
    var modifierKeycodes: Set<Int> { Set(rows.joined()) }
}
