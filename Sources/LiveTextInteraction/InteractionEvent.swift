import LiveTextCore

/// Modifier keys and mouse buttons held during an event.
public struct InteractionModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = InteractionModifiers(rawValue: 1 << 0)
    public static let control = InteractionModifiers(rawValue: 1 << 1)
    public static let alt = InteractionModifiers(rawValue: 1 << 2)
    public static let superKey = InteractionModifiers(rawValue: 1 << 3)
    /// Mouse buttons held (before the event, as the window system reports them).
    public static let button1 = InteractionModifiers(rawValue: 1 << 8)
    public static let button2 = InteractionModifiers(rawValue: 1 << 9)
    public static let button3 = InteractionModifiers(rawValue: 1 << 10)
}

/// A mouse button going down or up.
public struct PointerEvent: Sendable, Hashable {
    /// 1 left, 2 middle, 3 right, 4 and 5 the wheel, 6 and 7 the wheel sideways.
    public var button: Int
    /// Canvas coordinates (those of the frozen image, or of the view).
    public var x: Int
    public var y: Int
    /// 1 for a single click, 2 for the second press of a double click, 3 for a triple click; the
    /// release carries the count of its press.
    public var clickCount: Int
    public var modifiers: InteractionModifiers

    public init(button: Int, x: Int, y: Int, clickCount: Int = 1, modifiers: InteractionModifiers = []) {
        self.button = button
        self.x = x
        self.y = y
        self.clickCount = clickCount
        self.modifiers = modifiers
    }
}

/// A key pressed or let go.
public struct KeyEvent: Sendable, Hashable {
    /// The keysym, Shift applied (`Keysym`: X11's and xkbcommon's values, `a` for a, `A` for
    /// Shift+a, `Keysym.enter`, …).
    public var keysym: UInt32
    public var modifiers: InteractionModifiers

    public init(keysym: UInt32, modifiers: InteractionModifiers = []) {
        self.keysym = keysym
        self.modifiers = modifiers
    }

    /// Whether it is `character` (a letter compared without case) with Control held.
    public func isControl(_ character: Character) -> Bool {
        guard modifiers.contains(.control), let scalar = character.lowercased().unicodeScalars.first else { return false }
        let lower = keysym >= 0x41 && keysym <= 0x5a ? keysym + 0x20 : keysym
        return lower == scalar.value
    }

    /// Return or the keypad's Enter.
    public var isEnter: Bool { keysym == Keysym.enter || keysym == Keysym.keypadEnter }
}

/// What an interactive canvas (the live surface, the viewer's window) tells its controller, in
/// the window system's terms translated to plain values by the desktop.
public enum InteractionEvent: Sendable {
    case press(PointerEvent)
    case release(PointerEvent)
    /// The pointer moved (motion is coalesced: only the last of a burst is reported).
    case motion(x: Int, y: Int, modifiers: InteractionModifiers)
    case key(KeyEvent)
    /// A key let go (only the viewer hears these: space held pans).
    case keyRelease(KeyEvent)
    /// A value another thread sent (a finished reading, the end of a double-click wait).
    case message(any Sendable)
    /// The canvas is now this size (the viewer's window resized by the user; never the frozen
    /// screen).
    case resized(width: Int, height: Int)
}
