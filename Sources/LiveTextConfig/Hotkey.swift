import LiveTextCore

/// A global hotkey from `[hotkeys.NAME]`: which keys, and what a press does.
public struct Hotkey: Sendable, Hashable {
    /// What a hotkey press does after the user selects a region.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        /// Recognize text and put it on the clipboard.
        case copyText = "copy-text"
        /// Read QR codes and barcodes only, and copy the payload.
        case codes
        /// Run every analysis and offer the quick actions, copying nothing.
        case analyze
        /// Type the result into the focused window (with `only`, e.g. a phone number).
        case typeText = "type-text"
        /// Freeze the monitor under the pointer and make its text live (`livetext live`): the
        /// user selects, copies and acts on it there; `notify` does not apply.
        case live
    }

    /// The combination that triggers it.
    public var keys: KeyCombo
    /// What a press does.
    public var action: Action
    /// Show the notification with the result and quick actions.
    public var notify: Bool
    /// Keep only these detected kinds; empty = everything.
    public var only: Set<ItemKind>

    public init(keys: KeyCombo, action: Action, notify: Bool = true, only: Set<ItemKind> = []) {
        self.keys = keys
        self.action = action
        self.notify = notify
        self.only = only
    }

    /// `Super+Shift+T`: select a region, copy its text, notify.
    /// `Super+Shift+Q`: select a region, read codes only.
    /// `Super+Shift+X`: live text on the monitor under the pointer. Free in the defaults of
    /// GNOME (its window manager binds Super+Shift only with arrows, Page_Up/Down, Home/End, Tab,
    /// Above_Tab and space), KDE Plasma, Xfce, Cinnamon and MATE (Ctrl+Alt, Super alone or with
    /// arrows), and i3 and sway with Super as their modifier (Shift with q, c, r, e, j, k, l,
    /// semicolon, space, minus, arrows and digits). L, for "live", is the "move window" key of
    /// i3 and of the tiling extensions (h j k l).
    public static let defaults: [String: Hotkey] = [
        "text": Hotkey(keys: KeyCombo(modifiers: [.super, .shift], key: "T"), action: .copyText),
        "codes": Hotkey(keys: KeyCombo(modifiers: [.super, .shift], key: "Q"), action: .codes),
        "live": Hotkey(keys: KeyCombo(modifiers: [.super, .shift], key: "X"), action: .live, notify: false),
    ]
}
