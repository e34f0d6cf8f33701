import LiveTextCore

/// What to capture from the screen.
public enum CaptureTarget: Sendable, Hashable {
    /// The whole root window: every monitor.
    case screen
    /// One monitor, by its index in `ScreenCapture.monitors()`.
    case monitor(Int)
    /// An X window id (a client or its window manager's frame): the area inside its border, read
    /// from the screen as the user sees it (windows on top of it included), clipped to the screen.
    case window(UInt)
    /// A rectangle in root-window coordinates; clipped to the screen.
    case region(Bounds)
}

/// One monitor of the screen, in root-window coordinates.
public struct Monitor: Sendable, Hashable {
    /// The RandR monitor name (e.g. `HDMI-1`), or `Xinerama-N` / `screen` when those are the source.
    public var name: String
    public var bounds: Bounds
    public var isPrimary: Bool

    public init(name: String, bounds: Bounds, isPrimary: Bool) {
        self.name = name
        self.bounds = bounds
        self.isPrimary = isPrimary
    }
}

/// Pixels read from the screen and where they were.
public struct CapturedImage: Sendable {
    /// rgba8, `bounds.width` × `bounds.height`.
    public var image: PixelImage
    /// The captured area on the root window (after clipping to the screen).
    public var bounds: Bounds
    /// The window captured or picked, when there was one.
    public var window: UInt?

    public init(image: PixelImage, bounds: Bounds, window: UInt? = nil) {
        self.image = image
        self.bounds = bounds
        self.window = window
    }
}
