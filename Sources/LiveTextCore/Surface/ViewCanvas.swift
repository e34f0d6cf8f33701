/// What the image viewer (`livetext view`) runs on: a normal window of the display server's
/// (X11Kit's `ViewWindow`, WaylandKit's xdg-shell toplevel) showing window-sized pixels with
/// paints blended over them and reporting what the user does as `LiveSurfaceEvent`s, `.resized`
/// included. A display backend makes one (`DisplayBackend.viewCanvas`); `LiveTextDesktop.ViewSession`
/// drives it.
///
/// One thread at a time, the thread that made it: `show`, then `run` handles events until the
/// handler calls `finish`, the user closes the window, `cancel` is raised or the server goes
/// away, and closes the window whatever happens. Only `send` may be called from other threads.
public protocol ViewCanvas: AnyObject, Sendable {
    /// The window's size as last configured, in canvas pixels (those of `setBase` and of events).
    var width: Int { get }
    var height: Int { get }
    /// Dots per inch of the canvas's pixels (96: one pixel a point), when the server says.
    var dotsPerInch: Double? { get }
    /// Dots per inch of the monitor the window opens on, as its panel measures, when known.
    var physicalDotsPerInch: Double? { get }

    /// Shows the window (the window manager or compositor places and frames it).
    func show() throws
    /// Names the window.
    func setTitle(_ title: String)
    /// Whether the window was last asked to be full screen (`setFullScreen`).
    var isFullScreen: Bool { get }
    /// Asks the window manager or compositor to show the window full screen, without frames (or
    /// as before again); the new size comes as `.resized`. One that does not do it leaves the window
    /// as it is.
    func setFullScreen(_ on: Bool)
    func setCursor(_ shape: LiveCursor)
    /// Replaces what lies under the paints (rgba8, the window's size) and the paints, and draws
    /// the whole window again.
    func setBase(_ pixels: PixelImage, paints: [LivePaint]) throws
    /// Draws `new` in place of the current paints, only where the two differ.
    func setPaints(_ new: [LivePaint]) throws
    /// Hands `value` to the handler as `.message(value)`; false once closed. Any thread.
    @discardableResult func send(_ value: any Sendable) -> Bool
    /// Ends `run` with `.finished` once the current event is handled.
    func finish()
    /// Handles events until finished, closed or cancelled; throws `unavailable` when the server
    /// goes away.
    func run(cancel: CancellationFlag?, _ handler: (LiveSurfaceEvent) throws -> Void) throws -> ViewCanvasEnding
    /// Closes the window and releases everything (also done when `run` ends).
    func close()
}

/// How a view canvas's `run` ended.
public enum ViewCanvasEnding: Sendable, Hashable {
    /// The handler called `finish`.
    case finished
    /// The user closed the window (the window manager or compositor asked), or another client
    /// destroyed it.
    case closed
    /// `cancel` was raised.
    case cancelled
}

extension ViewCanvas {
    /// Not known.
    public var physicalDotsPerInch: Double? { nil }
}

/// The size a viewer's window opens at.
public enum ViewCanvasSize {
    /// For an image: the image's, kept within 85 % of the screen and at least 320 × 200.
    public static func fitting(image: (width: Int, height: Int), screen: (width: Int, height: Int)) -> (width: Int, height: Int) {
        (max(320, min(image.width, screen.width * 85 / 100)), max(200, min(image.height, screen.height * 85 / 100)))
    }

    /// Where the window opens on one monitor's `area` (its part left to windows, in screen
    /// coordinates): sized by `fitting` for that area, centred on it. Not the whole screen: on two
    /// monitors side by side a window sized for both would straddle them.
    public static func placed(image: (width: Int, height: Int), in area: Bounds) -> Bounds {
        let size = fitting(image: image, screen: (area.width, area.height))
        return Bounds(x: area.x + (area.width - size.width) / 2, y: area.y + (area.height - size.height) / 2,
                      width: size.width, height: size.height)
    }
}
