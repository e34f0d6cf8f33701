import CXKBCommon
import Foundation
import LiveTextCore

/// An xkb keymap whose keys type exactly the characters of a piece of text, one key per
/// character and no modifiers: the virtual keyboard needs no layout of the user's, and any
/// Unicode character can be typed.
///
/// Key `n` (evdev code `n`, xkb keycode `n + 8`) types `keysyms[n - 1]`. Keycodes stay within
/// 9…255, the range X clients (through Xwayland) can receive, so a map holds `capacity` keys;
/// a text with more distinct characters is typed in chunks, each with its own map (`plan`).
struct TypingKeymap: Sendable {
    /// Keys per map: xkb keycodes 9 … 255.
    static let capacity = 247

    /// The keysym of each key, in key order.
    let keysyms: [UInt32]
    /// The keymap in xkb's text format, as the compositor and the focused client compile it.
    let text: String

    /// A map of `keysyms` (at most `capacity`, no repeats), checked by compiling it with
    /// xkbcommon: every key must type its keysym. Throws `failed` when xkbcommon disagrees,
    /// `unavailable` when it cannot compile the map (no xkb data on the system).
    init(keysyms: [UInt32]) throws {
        precondition(keysyms.count <= Self.capacity && Set(keysyms).count == keysyms.count)
        self.keysyms = keysyms
        var keycodes = "", symbols = ""
        for (index, keysym) in keysyms.enumerated() {
            keycodes += "    <K\(index + 1)> = \(index + 9);\n"
            symbols += "    key <K\(index + 1)> { [ \(Self.name(of: keysym)) ] };\n"
        }
        // Types and compatibility come from the system's xkb data ("complete", as wtype does):
        // the compositor hands clients its own compilation of this map, and Xwayland, compiling
        // that with xkbcomp, ignored a map of one ONE_LEVEL type and no compatibility section
        // (xterm read our keys with the layout it had before: Escape, 1, 2 …).
        text = """
            xkb_keymap {
            xkb_keycodes "livetext" {
                minimum = 8;
                maximum = 255;
            \(keycodes)};
            xkb_types "livetext" { include "complete" };
            xkb_compatibility "livetext" { include "complete" };
            xkb_symbols "livetext" {
            \(symbols)};
            };

            """
        try verify()
    }

    /// The evdev code of the key that types `keysym` in this map.
    func key(for keysym: UInt32) -> UInt32? {
        keysyms.firstIndex(of: keysym).map { UInt32($0 + 1) }
    }

    /// The keysym that types `scalar`, as X11Kit types it: newline and carriage return are
    /// Return, tab Tab, backspace BackSpace, escape Escape; other control characters nil.
    static func keysym(for scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x0A, 0x0D: return UInt32(XKB_KEY_Return)
        case 0x09: return UInt32(XKB_KEY_Tab)
        case 0x08: return UInt32(XKB_KEY_BackSpace)
        case 0x1B: return UInt32(XKB_KEY_Escape)
        case 0x00..<0x20, 0x7F..<0xA0: return nil
        default:
            let keysym = xkb_utf32_to_keysym(scalar.value)
            return keysym == 0 ? nil : keysym
        }
    }

    /// The keysyms typing `text` ("\r\n" is one Return; characters no keysym types are left out).
    static func keysyms(typing text: String) -> [UInt32] {
        let scalars = Array(text.unicodeScalars)
        var keysyms: [UInt32] = []
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
            if let keysym = keysym(for: scalar) { keysyms.append(keysym) }
        }
        return keysyms
    }

    /// `keysyms` in chunks of at most `capacity` distinct keysyms, each with its map, in order.
    static func plan(_ keysyms: [UInt32]) throws -> [(map: TypingKeymap, keysyms: [UInt32])] {
        var chunks: [(distinct: [UInt32], keysyms: [UInt32])] = []
        var distinct: [UInt32] = [], seen: Set<UInt32> = [], run: [UInt32] = []
        for keysym in keysyms {
            if !seen.contains(keysym) {
                if distinct.count == capacity {
                    chunks.append((distinct, run))
                    distinct = []; seen = []; run = []
                }
                distinct.append(keysym)
                seen.insert(keysym)
            }
            run.append(keysym)
        }
        if !run.isEmpty { chunks.append((distinct, run)) }
        return try chunks.map { (try TypingKeymap(keysyms: $0.distinct), $0.keysyms) }
    }

    /// The keysym's name as xkb writes it ("eacute", "U2713"), else its number.
    private static func name(of keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(keysym, &buffer, buffer.count) > 0 else { return String(format: "0x%08x", keysym) }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Compiles the map with xkbcommon and checks that every key types its keysym.
    private func verify() throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw LiveTextError(.failed, "xkbcommon could not make a context to check the typing keymap")
        }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            throw LiveTextError(.unavailable, "xkbcommon could not compile the typing keymap; is xkeyboard-config (the xkb data in /usr/share/X11/xkb) installed?")
        }
        defer { xkb_keymap_unref(keymap) }
        for (index, keysym) in keysyms.enumerated() {
            var syms: UnsafePointer<xkb_keysym_t>?
            let count = xkb_keymap_key_get_syms_by_level(keymap, xkb_keycode_t(index + 9), 0, 0, &syms)
            guard count == 1, let syms, syms[0] == keysym else {
                throw LiveTextError(.failed, "the typing keymap's key \(index + 9) does not type \(Self.name(of: keysym)) as compiled by xkbcommon")
            }
        }
    }
}
