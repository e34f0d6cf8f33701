/// A global key combination such as `Super+Shift+T`: modifiers plus one key, named by its
/// keysym name (`T`, `Print`, `F12`, `KP_Enter`, `XF86Calculator`). Only parsed and checked
/// here; turning the name into a keycode and the modifiers into a mask is the X11 layer's job,
/// which keeps this module free of any display dependency.
public struct KeyCombo: Sendable, Hashable, CustomStringConvertible {
    /// Modifier keys. `alt` and `super` stay distinct from `mod1`/`mod4` because which ModN a
    /// key lands on depends on the server's modifier map, known only to the X11 layer.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1 << 0)
        public static let control = Modifiers(rawValue: 1 << 1)
        public static let alt = Modifiers(rawValue: 1 << 2)
        public static let `super` = Modifiers(rawValue: 1 << 3)
        public static let mod1 = Modifiers(rawValue: 1 << 4)
        public static let mod2 = Modifiers(rawValue: 1 << 5)
        public static let mod3 = Modifiers(rawValue: 1 << 6)
        public static let mod4 = Modifiers(rawValue: 1 << 7)
        public static let mod5 = Modifiers(rawValue: 1 << 8)

        /// Canonical names in the order they are written; the lowercased names and `ctrl` parse.
        public static let names: [(String, Modifiers)] = [
            ("Super", .super), ("Control", .control), ("Alt", .alt), ("Shift", .shift),
            ("Mod1", .mod1), ("Mod2", .mod2), ("Mod3", .mod3), ("Mod4", .mod4), ("Mod5", .mod5),
        ]

        static func named(_ name: String) -> Modifiers? {
            let lower = name.lowercased()
            if lower == "ctrl" { return .control }
            return names.first { $0.0.lowercased() == lower }?.1
        }
    }

    /// The modifiers held with the key.
    public var modifiers: Modifiers
    /// The keysym name, as written (X11 resolves `t` and `T` to the same key).
    public var key: String

    public init(modifiers: Modifiers, key: String) {
        self.modifiers = modifiers
        self.key = key
    }

    /// Parses `Super+Shift+T`; modifier names are case-insensitive, spaces around `+` are fine.
    /// Throws a message (without the key name) for the caller to attach to the setting.
    public init(parsing text: String) throws(KeyComboError) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
            .map { String($0).trimmedSpaces() }
        guard !text.trimmedSpaces().isEmpty else {
            throw KeyComboError("empty key combination (expected something like \"Super+Shift+T\")")
        }
        if parts.contains(where: \.isEmpty) {
            throw KeyComboError("empty part in \"\(text)\" (write the + key as \"plus\")")
        }
        var modifiers: Modifiers = []
        for name in parts.dropLast() {
            guard let modifier = Modifiers.named(name) else {
                throw KeyComboError("unknown modifier \"\(name)\" in \"\(text)\" "
                                    + "(known: Super, Shift, Control, Ctrl, Alt, Mod1-Mod5)")
            }
            guard !modifiers.contains(modifier) else {
                throw KeyComboError("modifier \"\(name)\" given twice in \"\(text)\"")
            }
            modifiers.insert(modifier)
        }
        let key = parts[parts.count - 1]
        if Modifiers.named(key) != nil {
            throw KeyComboError("\"\(text)\" has no key after the modifiers")
        }
        // Keysym names are ASCII letters, digits and underscores (plus 0x… hex keysyms).
        guard key.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic
                                              || ("0"..."9").contains($0) || $0 == "_") }) else {
            throw KeyComboError("\"\(key)\" is not a key name in \"\(text)\" "
                                + "(use keysym names such as T, Print, F12, space)")
        }
        self.init(modifiers: modifiers, key: key)
    }

    /// Canonical form: modifiers in a fixed order, then the key (`Super+Shift+T`).
    public var description: String {
        (Modifiers.names.filter { modifiers.contains($0.1) }.map(\.0) + [key])
            .joined(separator: "+")
    }
}

/// Why a key combination does not parse.
public struct KeyComboError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, quoting the text.
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmedSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
