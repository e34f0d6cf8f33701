/// A hotkey's keys in the two forms KDE Plasma's global shortcuts take them: the trigger string of
/// xdg-desktop-portal's GlobalShortcuts (`LOGO+SHIFT+t`: the modifiers SHIFT, CAPS, CTRL, ALT,
/// NUM and LOGO, then an xkb keysym name) and the Qt key code kglobalaccel stores (`Qt::Key` or'ed
/// with `Qt::KeyboardModifier`s, one int per key of a `QKeySequence`). Pure: the keysym names
/// are the settings' own, looked up in a table, never in a keymap.
public enum ShortcutTrigger {
    /// `keys` as a portal trigger. Mod3 and Mod5 have no name there.
    public static func xdg(_ keys: KeyCombo) throws(KeyComboError) -> String {
        try checkExpressible(keys.modifiers, keys)
        return (CompositorBindings.names(keys.modifiers, xdgModifiers) + [CompositorBindings.swayKey(keys.key)])
            .joined(separator: "+")
    }

    /// `keys` as a Qt key code: Super and Mod4 are Meta, Alt and Mod1 Alt, Mod2 (Num Lock) the
    /// keypad modifier, as KDE's own parser of portal triggers reads them; a `KP_` key carries the
    /// keypad modifier too. A key without a Qt name here (`XF86…` keys) is refused.
    public static func qtKeyCode(_ keys: KeyCombo) throws(KeyComboError) -> Int32 {
        try checkExpressible(keys.modifiers, keys)
        guard var code = qtKey(keys.key) else {
            throw KeyComboError("\"\(keys.key)\" in \"\(keys)\" has no Qt key code livetext knows: bind it in System "
                                + "Settings → Keyboard → Shortcuts instead")
        }
        for (modifier, bit) in qtModifiers where keys.modifiers.contains(modifier) { code |= bit }
        return code
    }

    /// A Qt key code as KDE writes it (`Meta+Shift+T`), for messages; unknown keys in hex.
    public static func spoken(qtKeyCode code: Int32) -> String {
        let order: [(Int32, String)] = [(meta, "Meta"), (control, "Ctrl"), (alt, "Alt"), (shift, "Shift"), (keypad, "Num")]
        let key = code & ~(meta | control | alt | shift | keypad)
        let name = spokenKeys.first { $0.value == key }?.key
            ?? (key < 0x7F && key > 0x20 ? String(UnicodeScalar(UInt8(key))) : "0x" + String(key, radix: 16))
        return (order.filter { code & $0.0 != 0 }.map(\.1) + [name]).joined(separator: "+")
    }

    // MARK: tables

    static let xdgModifiers: [(KeyCombo.Modifiers, String)] = [
        (.control, "CTRL"), (.alt, "ALT"), (.mod1, "ALT"), (.shift, "SHIFT"), (.super, "LOGO"), (.mod4, "LOGO"),
        (.mod2, "NUM"),
    ]

    static let shift: Int32 = 0x0200_0000, control: Int32 = 0x0400_0000, alt: Int32 = 0x0800_0000
    static let meta: Int32 = 0x1000_0000, keypad: Int32 = 0x2000_0000
    static let qtModifiers: [(KeyCombo.Modifiers, Int32)] = [
        (.shift, shift), (.control, control), (.alt, alt), (.mod1, alt), (.super, meta), (.mod4, meta), (.mod2, keypad),
    ]

    static func checkExpressible(_ modifiers: KeyCombo.Modifiers, _ keys: KeyCombo) throws(KeyComboError) {
        for (modifier, name) in [(KeyCombo.Modifiers.mod3, "Mod3"), (.mod5, "Mod5")] where modifiers.contains(modifier) {
            throw KeyComboError("\(name) in \"\(keys)\" has no name in KDE's global shortcuts (use Super, Control, Alt or Shift)")
        }
    }

    /// The Qt key of a keysym name: letters and digits as themselves (upper case), the named
    /// keys from the table, `F1`…`F35`, and `KP_` keys as the key with the keypad modifier.
    static func qtKey(_ name: String) -> Int32? {
        if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first, scalar.isASCII,
           scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            return Int32(String(scalar).uppercased().unicodeScalars.first!.value)
        }
        if let code = namedKeys[name] { return code }
        if name.hasPrefix("F"), let number = Int32(name.dropFirst()), (1...35).contains(number) { return 0x0100_0030 + number - 1 }
        if name.hasPrefix("KP_") {
            let rest = String(name.dropFirst(3))
            let keypadNames = ["Enter": "Return", "Add": "plus", "Subtract": "minus", "Multiply": "asterisk",
                               "Divide": "slash", "Decimal": "period", "Equal": "equal"]
            guard let code = rest == "Enter" ? 0x0100_0005 : qtKey(keypadNames[rest] ?? rest) else { return nil }
            return code | keypad
        }
        return nil
    }

    /// The keysym names with a Qt key of their own (the X names and the common aliases).
    static let namedKeys: [String: Int32] = [
        "Escape": 0x0100_0000, "Tab": 0x0100_0001, "BackSpace": 0x0100_0003, "Return": 0x0100_0004,
        "Insert": 0x0100_0006, "Delete": 0x0100_0007, "Pause": 0x0100_0008, "Print": 0x0100_0009,
        "Sys_Req": 0x0100_000A, "Clear": 0x0100_000B, "Home": 0x0100_0010, "End": 0x0100_0011, "Left": 0x0100_0012,
        "Up": 0x0100_0013, "Right": 0x0100_0014, "Down": 0x0100_0015, "Prior": 0x0100_0016, "Page_Up": 0x0100_0016,
        "Next": 0x0100_0017, "Page_Down": 0x0100_0017, "Menu": 0x0100_0055, "Help": 0x0100_0058,
        "space": 0x20, "exclam": 0x21, "quotedbl": 0x22, "numbersign": 0x23, "dollar": 0x24, "percent": 0x25,
        "ampersand": 0x26, "apostrophe": 0x27, "parenleft": 0x28, "parenright": 0x29, "asterisk": 0x2A, "plus": 0x2B,
        "comma": 0x2C, "minus": 0x2D, "period": 0x2E, "slash": 0x2F, "colon": 0x3A, "semicolon": 0x3B, "less": 0x3C,
        "equal": 0x3D, "greater": 0x3E, "question": 0x3F, "at": 0x40, "bracketleft": 0x5B, "backslash": 0x5C,
        "bracketright": 0x5D, "asciicircum": 0x5E, "underscore": 0x5F, "grave": 0x60, "braceleft": 0x7B, "bar": 0x7C,
        "braceright": 0x7D, "asciitilde": 0x7E,
    ]

    /// How `spoken` names the named keys: KDE's words where they differ from the keysym names.
    static let spokenKeys: [String: Int32] = [
        "Esc": 0x0100_0000, "Tab": 0x0100_0001, "Backspace": 0x0100_0003, "Return": 0x0100_0004, "Enter": 0x0100_0005,
        "Ins": 0x0100_0006, "Del": 0x0100_0007, "Pause": 0x0100_0008, "Print": 0x0100_0009, "SysReq": 0x0100_000A,
        "Home": 0x0100_0010, "End": 0x0100_0011, "Left": 0x0100_0012, "Up": 0x0100_0013, "Right": 0x0100_0014,
        "Down": 0x0100_0015, "PgUp": 0x0100_0016, "PgDown": 0x0100_0017, "Menu": 0x0100_0055, "Space": 0x20,
    ].merging((1...35).map { ("F\($0)", Int32(0x0100_0030 + $0 - 1)) }) { $1 }
}
