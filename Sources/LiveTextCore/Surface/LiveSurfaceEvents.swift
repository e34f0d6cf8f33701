
/// Modifier keys and mouse buttons held during an event.
public struct LiveModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = LiveModifiers(rawValue: 1 << 0)
    public static let control = LiveModifiers(rawValue: 1 << 1)
    public static let alt = LiveModifiers(rawValue: 1 << 2)
    public static let superKey = LiveModifiers(rawValue: 1 << 3)
    /// Mouse buttons held (before the event, as X and Wayland report them).
    public static let button1 = LiveModifiers(rawValue: 1 << 8)
    public static let button2 = LiveModifiers(rawValue: 1 << 9)
    public static let button3 = LiveModifiers(rawValue: 1 << 10)

}

/// A mouse button going down or up on the live surface.
public struct LivePointerEvent: Sendable, Hashable {
    /// 1 left, 2 middle, 3 right, 4 and 5 the wheel.
    public var button: Int
    /// Surface coordinates (those of the frozen image).
    public var x: Int
    public var y: Int
    /// 1 for a single click, 2 for the second press of a double click, 3 for a triple click; the
    /// release carries the count of its press.
    public var clickCount: Int
    public var modifiers: LiveModifiers

    public init(button: Int, x: Int, y: Int, clickCount: Int = 1, modifiers: LiveModifiers = []) {
        self.button = button
        self.x = x
        self.y = y
        self.clickCount = clickCount
        self.modifiers = modifiers
    }
}

/// A key pressed on the live surface.
public struct LiveKeyEvent: Sendable, Hashable {
    /// The keysym (X11's, which xkbcommon shares), Shift applied (`XK_a` for a, `XK_A` for Shift+a, `XK_Return`, …).
    public var keysym: UInt32
    public var modifiers: LiveModifiers

    public init(keysym: UInt32, modifiers: LiveModifiers = []) {
        self.keysym = keysym
        self.modifiers = modifiers
    }
}

/// What a live surface (X11Kit's, WaylandKit's) reports to its handler, on the surface's thread. Escape is not among
/// them (it closes the surface at once) unless the surface `reportsEscape`.
public enum LiveSurfaceEvent: Sendable {
    case press(LivePointerEvent)
    case release(LivePointerEvent)
    /// The pointer moved (motion is coalesced: only the last of a burst is reported).
    case motion(x: Int, y: Int, modifiers: LiveModifiers)
    case key(LiveKeyEvent)
    /// A key let go (only a viewer's window reports these: space held pans).
    case keyRelease(LiveKeyEvent)
    /// The server repainted this part from the frozen screen (the surface has drawn its paints
    /// over it again).
    case expose(Bounds)
    /// A value another thread sent with `the surface's `send` (a finished reading, say).
    case message(any Sendable)
    /// The window is now this size (a viewer's window resized by the user; never the frozen screen).
    case resized(width: Int, height: Int)
}

/// Counts clicks: a press of the same button within `interval` and `slop` pixels of the last one
/// continues a double or triple click; a fourth starts again at one.
public struct ClickCounter {
    public static let interval: UInt = 400
    public static let slop = 4

    public init() {}

    private var last: (button: UInt32, time: UInt, x: Int, y: Int, count: Int)?

    /// The click count of a press at server time `time` (milliseconds).
    public mutating func press(button: UInt32, time: UInt, x: Int, y: Int) -> Int {
        var count = 1
        if let last, last.button == button, time &- last.time <= Self.interval,
           abs(x - last.x) <= Self.slop, abs(y - last.y) <= Self.slop {
            count = last.count % 3 + 1
        }
        last = (button, time, x, y, count)
        return count
    }

    /// The count of the last press (for its release).
    public var current: Int { last?.count ?? 1 }
}
