/// The settings' hotkeys as lines for a Wayland compositor's configuration: on Wayland the
/// compositor owns global keys, so each binding runs `livetext hotkey NAME`, which asks the
/// daemon (engines warm) to do what a press does on X11.
public enum CompositorBindings {
    /// The compositors whose syntax is known.
    public enum Compositor: String, Sendable, CaseIterable {
        case sway, hyprland, river

        /// Where the lines go.
        public var configFile: String {
            switch self {
            case .sway: "~/.config/sway/config"
            case .hyprland: "~/.config/hypr/hyprland.conf"
            case .river: "~/.config/river/init"
            }
        }
    }

    /// The lines binding every hotkey of `hotkeys`, sorted by name, each after a comment naming it.
    public static func lines(for hotkeys: [String: Hotkey], compositor: Compositor, program: String = "livetext") -> [String] {
        hotkeys.keys.sorted().flatMap { name -> [String] in
            let hotkey = hotkeys[name]!
            let command = "\(program) hotkey \(name)"
            return ["# livetext: \(name) (\(hotkey.action.rawValue))", line(hotkey.keys, command, compositor)]
        }
    }

    static func line(_ keys: KeyCombo, _ command: String, _ compositor: Compositor) -> String {
        switch compositor {
        case .sway:
            return "bindsym " + (names(keys.modifiers, sway) + [swayKey(keys.key)]).joined(separator: "+") + " exec " + command
        case .hyprland:
            return "bind = " + names(keys.modifiers, hyprland).joined(separator: " ") + ", \(keys.key), exec, " + command
        case .river:
            let modifiers = names(keys.modifiers, river)
            return "riverctl map normal " + (modifiers.isEmpty ? "None" : modifiers.joined(separator: "+")) + " \(keys.key) spawn '"
                + command + "'"
        }
    }

    /// `keys` as a GTK accelerator, as GNOME's custom keybindings hold it: `<Super><Shift>t`.
    public static func gnomeAccelerator(_ keys: KeyCombo) -> String {
        names(keys.modifiers, gnome).map { "<\($0)>" }.joined() + swayKey(keys.key)
    }

    static let gnome: [(KeyCombo.Modifiers, String)] = [
        (.super, "Super"), (.mod4, "Super"), (.control, "Control"), (.alt, "Alt"), (.mod1, "Alt"), (.shift, "Shift"),
        (.mod2, "Mod2"), (.mod3, "Mod3"), (.mod5, "Mod5"),
    ]

    /// sway binds by keysym, lowercase for letters (Shift is a modifier of its own).
    static func swayKey(_ key: String) -> String {
        key.count == 1 ? key.lowercased() : key
    }

    static let sway: [(KeyCombo.Modifiers, String)] = [
        (.super, "Mod4"), (.mod4, "Mod4"), (.control, "Ctrl"), (.alt, "Mod1"), (.mod1, "Mod1"), (.shift, "Shift"),
        (.mod2, "Mod2"), (.mod3, "Mod3"), (.mod5, "Mod5"),
    ]
    static let hyprland: [(KeyCombo.Modifiers, String)] = [
        (.super, "SUPER"), (.mod4, "SUPER"), (.control, "CTRL"), (.alt, "ALT"), (.mod1, "ALT"), (.shift, "SHIFT"),
        (.mod2, "MOD2"), (.mod3, "MOD3"), (.mod5, "MOD5"),
    ]
    static let river: [(KeyCombo.Modifiers, String)] = [
        (.super, "Super"), (.mod4, "Super"), (.control, "Control"), (.alt, "Alt"), (.mod1, "Alt"), (.shift, "Shift"),
        (.mod2, "Mod2"), (.mod3, "Mod3"), (.mod5, "Mod5"),
    ]

    /// The names of `modifiers` in a compositor's words, each once, in the table's order.
    static func names(_ modifiers: KeyCombo.Modifiers, _ table: [(KeyCombo.Modifiers, String)]) -> [String] {
        var said: [String] = []
        for (modifier, name) in table where modifiers.contains(modifier) && !said.contains(name) { said.append(name) }
        return said
    }
}
