/// Modifier keys of a hotkey, as the user names them. `alt` and `super` are resolved through the
/// server's modifier map (they are usually Mod1 and Mod4, but need not be); `mod1`…`mod5` are
/// taken literally. The raw values are those of LiveTextConfig's `KeyCombo.Modifiers`.
public struct HotkeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = HotkeyModifiers(rawValue: 1 << 0)
    public static let control = HotkeyModifiers(rawValue: 1 << 1)
    public static let alt = HotkeyModifiers(rawValue: 1 << 2)
    public static let `super` = HotkeyModifiers(rawValue: 1 << 3)
    public static let mod1 = HotkeyModifiers(rawValue: 1 << 4)
    public static let mod2 = HotkeyModifiers(rawValue: 1 << 5)
    public static let mod3 = HotkeyModifiers(rawValue: 1 << 6)
    public static let mod4 = HotkeyModifiers(rawValue: 1 << 7)
    public static let mod5 = HotkeyModifiers(rawValue: 1 << 8)

    /// Names in the order a combination is written (`Super+Control+Alt+Shift+…`).
    static let names: [(String, HotkeyModifiers)] = [
        ("Super", .super), ("Control", .control), ("Alt", .alt), ("Shift", .shift),
        ("Mod1", .mod1), ("Mod2", .mod2), ("Mod3", .mod3), ("Mod4", .mod4), ("Mod5", .mod5),
    ]
}

/// One global hotkey: `id` is what `HotkeyGrabber.presses` yields when it is pressed.
public struct HotkeyBinding: Sendable, Hashable {
    public var id: String
    public var modifiers: HotkeyModifiers
    /// The key's keysym name: `T`, `Print`, `F12`, `space`, `KP_Enter` (letters in either case).
    public var keysym: String

    public init(id: String, modifiers: HotkeyModifiers, keysym: String) {
        self.id = id
        self.modifiers = modifiers
        self.keysym = keysym
    }

    /// The combination as the user writes it, e.g. `Super+Shift+T`.
    public var combo: String {
        (HotkeyModifiers.names.filter { modifiers.contains($0.1) }.map(\.0) + [keysym]).joined(separator: "+")
    }
}

/// A binding that could not be grabbed, with one line saying why and what to do.
public struct HotkeyFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The binding's id.
    public var id: String
    /// Its combination, e.g. `Super+Shift+T`.
    public var combo: String
    public var message: String

    public init(id: String, combo: String, message: String) {
        self.id = id
        self.combo = combo
        self.message = message
    }

    public var description: String { message }
}
