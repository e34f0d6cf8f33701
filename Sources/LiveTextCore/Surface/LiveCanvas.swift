/// What live text runs on: the frozen screen under a surface of the display server's (X11Kit's
/// override-redirect window, WaylandKit's layer-shell surface), showing the frozen pixels with
/// paints blended over them and reporting what the user does as `LiveSurfaceEvent`s. A display
/// backend makes one (`DisplayBackend.liveCanvas`); `LiveTextDesktop.LiveSession` drives it.
///
/// One thread at a time, the thread that made it: `map`, then `grabInputIfFree` or `grabInput`,
/// then `run` handles events until the handler calls `finish`, Escape is pressed (unless
/// `reportsEscape`), `cancel` is raised or the server goes away, and closes the canvas whatever
/// happens. Only `send` and `post` may be called from other threads. Every grab and buffer is
/// released on every path.
public protocol LiveCanvas: AnyObject, Sendable {
    /// The part of the screen shown, in screen coordinates; surface coordinates (those of events,
    /// paints and the frozen image) start at its top-left corner.
    var area: Bounds { get }
    /// What is drawn over the frozen screen, in order.
    var paints: [LivePaint] { get }
    /// Escape is reported to the handler as a key instead of ending `run` (while a menu is shown).
    var reportsEscape: Bool { get set }
    /// Dots per inch of the screen shown (96: one pixel a point), when the server says.
    var dotsPerInch: Double? { get }
    /// Dots per inch of the monitor shown as its panel measures (its reported size), when known:
    /// the last word on the interface's size, after the server's and the user's settings.
    var physicalDotsPerInch: Double? { get }

    /// The part of the canvas left to windows, without what panels and docks hold along the
    /// screen's edges, in surface coordinates; nil when that is all of it or the server does not
    /// say. The Live Text button and chips stay inside it. On the canvas' thread.
    func workArea() -> Bounds?

    /// Shows the frozen screen above everything; input may not be held yet.
    func map() throws
    /// Takes the keyboard and pointer if nobody holds them: true when they are now the canvas's.
    func grabInputIfFree() -> Bool
    /// Takes the keyboard and pointer, waiting a little for whoever holds them (a hotkey's keys);
    /// `unavailable` when they stay taken.
    func grabInput(cancel: CancellationFlag?) throws
    /// The frozen pixels shown, and where they are.
    func frozen() throws -> CapturedImage
    /// Where the pointer is, in surface coordinates, when the server says.
    func pointer() -> (x: Int, y: Int)?
    func setCursor(_ shape: LiveCursor)
    /// Draws `paints` over the frozen pixels (only where they changed).
    func setPaints(_ paints: [LivePaint]) throws
    /// Runs `work` on the canvas's thread, inside `run`; false once closed. Any thread.
    @discardableResult func post(_ work: @escaping @Sendable () -> Void) -> Bool
    /// Hands `value` to the handler as `.message(value)`; false once closed. Any thread.
    @discardableResult func send(_ value: any Sendable) -> Bool
    /// Ends `run` with `.finished` once the current event is handled.
    func finish()
    /// Handles events until finished, escaped or cancelled; throws `unavailable` when the server
    /// goes away.
    func run(cancel: CancellationFlag?, _ handler: (LiveSurfaceEvent) throws -> Void) throws -> LiveCanvasEnding
    /// Hides the canvas and releases everything (also done when `run` ends).
    func close()

    /// Puts `text` on the clipboard as the canvas itself, where the display server takes a copy
    /// only from the window that has the keyboard (a Wayland compositor without wlr-data-control:
    /// GNOME), keeping it served after the canvas closes until another program copies; true when
    /// it did. False where the canvas leaves copying to its backend (`DisplayBackend.copy`: X11,
    /// wlroots, KDE), which `LiveSession` then asks. On the canvas's thread, inside `run`.
    func copyFromSurface(_ content: ClipboardContent) throws -> Bool
}

/// How a live canvas's `run` ended.
public enum LiveCanvasEnding: Sendable, Hashable {
    /// The handler called `finish`.
    case finished
    /// The user pressed Escape.
    case escaped
    /// `cancel` was raised.
    case cancelled
}

extension LiveCanvas {
    /// No panels known: the whole canvas.
    public func workArea() -> Bounds? { nil }
    /// Not known.
    public var physicalDotsPerInch: Double? { nil }
    /// The backend copies (X11: its clipboard owner, as for any copy).
    public func copyFromSurface(_ content: ClipboardContent) throws -> Bool { false }
}
