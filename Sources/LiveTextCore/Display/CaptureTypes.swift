/// What to capture from the screen.
public enum CaptureTarget: Sendable, Hashable {
    /// The whole screen: every monitor.
    case screen
    /// One monitor, by its index in the order the display server lists them.
    case monitor(Int)
    /// A window by its X id (a client or its window manager's frame): the area inside its border,
    /// read from the screen as the user sees it (windows on top of it included), clipped to the
    /// screen. X11 only: a Wayland client can name no other window.
    case window(UInt)
    /// A rectangle in screen coordinates; clipped to the screen.
    case region(Bounds)
}

/// One monitor of the screen, in screen coordinates (X11: the root window; Wayland: the
/// compositor's layout of its outputs, in logical pixels).
public struct Monitor: Sendable, Hashable {
    /// The output's name (e.g. `HDMI-1`, `HEADLESS-1`), or `Xinerama-N` / `screen` when those are the source.
    public var name: String
    public var bounds: Bounds
    public var isPrimary: Bool
    /// Physical pixels per screen-coordinate pixel (2 on a HiDPI output scaled by 2).
    public var scale: Double
    /// The panel's width in millimetres as the monitor reports it (EDID), when it does.
    public var widthMillimetres: Int?

    /// Dots per inch across the monitor, from its reported width; nil when it reports none or
    /// one that gives no believable density (under 50 or over 600 dpi: a projector's or TV's
    /// made-up size).
    public var physicalDotsPerInch: Double? {
        guard let millimetres = widthMillimetres, millimetres > 0 else { return nil }
        let dpi = Double(bounds.width) * scale / (Double(millimetres) / 25.4)
        return (50...600).contains(dpi) ? dpi : nil
    }

    public init(name: String, bounds: Bounds, isPrimary: Bool, scale: Double = 1, widthMillimetres: Int? = nil) {
        self.widthMillimetres = widthMillimetres
        self.name = name
        self.bounds = bounds
        self.isPrimary = isPrimary
        self.scale = scale
    }
}

/// Pixels read from the screen and where they were.
public struct CapturedImage: Sendable {
    /// rgba8, in physical pixels: `bounds.width` × `bounds.height` but on a scaled output, where
    /// it is that many times larger.
    public var image: PixelImage
    /// The captured area in screen coordinates (after clipping to the screen).
    public var bounds: Bounds
    /// The window captured or picked, when there was one.
    public var window: UInt?
    /// The windows the capture shows, in its pixels (read apart: `ImageAnalyzer.Configuration.regions`),
    /// when the display server says where they are.
    public var regions: ContentRegions
    /// The top-level windows shown when it was taken, topmost first, in screen coordinates; empty
    /// when the display server does not say.
    public var windows: [ScreenWindow]

    public init(image: PixelImage, bounds: Bounds, window: UInt? = nil, regions: ContentRegions = ContentRegions(),
                windows: [ScreenWindow] = []) {
        self.image = image
        self.bounds = bounds
        self.window = window
        self.regions = regions
        self.windows = windows
    }
}
