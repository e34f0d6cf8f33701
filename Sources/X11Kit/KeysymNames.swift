import CX11

/// Keysym names and characters to keysyms.
enum Keysyms {
    /// The keysym named `name` (`T`, `Print`, `F12`, `0x1008ff11`); letters as their lower-case
    /// keysym, which is the one a key's plain level carries (`t` and `T` are the same key).
    static func named(_ name: String) -> KeySym? {
        guard !name.isEmpty else { return nil }
        let keysym = XStringToKeysym(name)
        guard keysym != 0 else { return nil }
        var lower: KeySym = 0, upper: KeySym = 0
        XConvertCase(keysym, &lower, &upper)
        return lower != 0 ? lower : keysym
    }

    /// The keysym that types `scalar`: Latin-1 characters are their own keysyms, newline and tab
    /// are Return and Tab, anything else is a Unicode keysym (0x01000000 + code point). Nil for
    /// the other control characters, which no key types.
    static func typing(_ scalar: Unicode.Scalar) -> KeySym? {
        switch scalar.value {
        case 0x0A, 0x0D: return KeySym(XK_Return)
        case 0x09: return KeySym(XK_Tab)
        case 0x08: return KeySym(XK_BackSpace)
        case 0x1B: return KeySym(XK_Escape)
        case 0x20...0x7E, 0xA0...0xFF: return KeySym(scalar.value)
        case 0x00..<0x20, 0x7F..<0xA0: return nil
        default: return 0x0100_0000 + KeySym(scalar.value)
        }
    }
}
