import CXKBCommon
import Foundation
import LiveTextCore

/// Which key, with which modifier keys held, types a keysym in a keyboard layout the compositor
/// chose: KWin's fake input (version 4) sends evdev key codes through its own keymap, unlike a
/// virtual keyboard that brings its own (`TypingKeymap`). Built once from the seat's keymap.
struct LayoutKeys {
    /// One key press: `modifiers` (evdev codes) held around `code`.
    struct Stroke: Sendable, Hashable {
        let code: UInt32
        let modifiers: [UInt32]
    }

    /// The stroke for each keysym the layout has, the one with the fewest modifiers.
    private(set) var strokes: [UInt32: Stroke] = [:]

    /// Reads `keymapText` (xkb's text format) at `layout` (the seat's active group). Throws
    /// `failed` when xkbcommon cannot compile it.
    init(keymapText: String, layout: UInt32) throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw LiveTextError(.failed, "xkbcommon could not make a context to read the keyboard layout")
        }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_string(context, keymapText, XKB_KEYMAP_FORMAT_TEXT_V1,
                                                      XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            throw LiveTextError(.failed, "xkbcommon could not read the compositor's keyboard layout")
        }
        defer { xkb_keymap_unref(keymap) }
        let holders = Self.modifierKeys(keymap, layout: layout)
        for keycode in xkb_keymap_min_keycode(keymap)...xkb_keymap_max_keycode(keymap) where keycode >= 8 {
            let levels = xkb_keymap_num_levels_for_key(keymap, keycode, layout)
            for level in 0..<levels {
                var symbols: UnsafePointer<xkb_keysym_t>?
                guard xkb_keymap_key_get_syms_by_level(keymap, keycode, layout, level, &symbols) == 1,
                      let keysym = symbols?.pointee,
                      let held = Self.heldKeys(keymap, keycode, layout, level, holders: holders) else { continue }
                let stroke = Stroke(code: keycode - 8, modifiers: held)
                if strokes[keysym].map({ $0.modifiers.count > held.count }) ?? true { strokes[keysym] = stroke }
            }
        }
    }

    /// Throws `unavailable` naming the first of `keysyms` the layout has no key for, typed
    /// `through` a typer that types only the layout's keys: said before any key is pressed.
    func check(_ keysyms: [UInt32], through typer: String, because: String) throws {
        guard let lacking = keysyms.first(where: { strokes[$0] == nil }) else { return }
        let character = xkb_keysym_to_utf32(lacking)
        let shown = Unicode.Scalar(character).map { "“\(Character($0))”" } ?? String(format: "keysym 0x%x", lacking)
        throw LiveTextError(.unavailable, "cannot type \(shown) through \(typer): the keyboard layout has no key for it "
                            + "(\(because)); nothing was typed")
    }

    /// The keys that hold Shift and the third level (AltGr) in this layout, by modifier mask: the
    /// key a person presses (left Shift, right Alt) where the layout has it there, else the first
    /// key that holds it (evdev's layouts also put AltGr on a key no keyboard has, `<LVL3>`).
    private static func modifierKeys(_ keymap: OpaquePointer, layout: UInt32) -> [xkb_mod_mask_t: UInt32] {
        var found: [xkb_mod_mask_t: UInt32] = [:]
        // Shift_L and Shift_R, ISO_Level3_Shift; the usual key of each.
        let wanted: [(keysyms: Set<UInt32>, modifier: String, usual: String)] = [
            ([0xffe1, 0xffe2], "Shift", "LFSH"), ([0xfe03], "Mod5", "RALT"),
        ]
        for (keysyms, modifier, usual) in wanted {
            let index = xkb_keymap_mod_get_index(keymap, modifier)
            guard index != XKB_MOD_INVALID else { continue }
            var holders: [xkb_keycode_t] = []
            for keycode in xkb_keymap_min_keycode(keymap)...xkb_keymap_max_keycode(keymap) where keycode >= 8 {
                var symbols: UnsafePointer<xkb_keysym_t>?
                if xkb_keymap_key_get_syms_by_level(keymap, keycode, layout, 0, &symbols) == 1,
                   let keysym = symbols?.pointee, keysyms.contains(keysym) {
                    holders.append(keycode)
                }
            }
            let named = holders.first { xkb_keymap_key_get_name(keymap, $0).map { String(cString: $0) } == usual }
            if let chosen = named ?? holders.first { found[1 << index] = chosen - 8 }
        }
        return found
    }

    /// The modifier keys to hold for `level` of the key: the first of its masks made only of
    /// modifiers a key of `holders` holds (Caps Lock and Num Lock latch: never pressed); nil
    /// when none is.
    private static func heldKeys(_ keymap: OpaquePointer, _ keycode: xkb_keycode_t, _ layout: UInt32,
                                 _ level: UInt32, holders: [xkb_mod_mask_t: UInt32]) -> [UInt32]? {
        var masks = [xkb_mod_mask_t](repeating: 0, count: 16)
        let count = xkb_keymap_key_get_mods_for_level(keymap, keycode, layout, level, &masks, masks.count)
        for mask in masks.prefix(count) {
            var keys: [UInt32] = [], rest = mask
            for (bit, key) in holders.sorted(by: { $0.key < $1.key }) where rest & bit != 0 {
                keys.append(key)
                rest &= ~bit
            }
            if rest == 0 { return keys }
        }
        return nil
    }
}
