import CX11
import Foundation
import LiveTextCore

/// Live Text on the screen: one override-redirect window over the frozen screen (every monitor,
/// or a part of it), holding the pointer and keyboard grabs, that shows the frozen pixels with
/// paints blended over them and reports what the user does.
///
/// Use it on one thread (like its `X11Display`): `init` freezes the screen, `show` maps the window
/// and grabs (`map`, then `grabInput`), `run` handles events on the calling thread until the handler calls `finish`, Escape
/// is pressed, `cancel` is raised or the display goes away, and closes the surface whatever
/// happens. Only `post` may be called from other threads: it runs work on the surface's thread,
/// inside `run`. Every grab is released on every path; when the process dies, the X server drops
/// them with its connection.
///
/// Drawing: the window's background is the frozen screen, so the server shows it at once and
/// repaints exposed parts by itself; paints are blended over the frozen pixels here and drawn
/// with `XShmPutImage` (`XPutImage` without MIT-SHM), only where they changed.
public final class LiveSurface: LiveCanvas, @unchecked Sendable {
    public let display: X11Display
    /// The part of the root window shown, in root coordinates; surface coordinates (those of
    /// events, paints and the frozen image) start at its top-left corner.
    public let area: Bounds
    private let screen: FrozenScreen
    private var frozenPixels: PixelImage?
    /// The window, 0 before `show` and after `close`.
    public private(set) var window: UInt = 0
    private var gc: GC?
    private var writer: LivePixelWriter?
    private var cursors = LiveCursors()
    public private(set) var cursor: LiveCursor = .arrow
    /// What is drawn over the frozen screen, in order.
    public private(set) var paints: [LivePaint] = []
    private var input = LiveEventTranslator()
    private var isClosed = false
    private let closingDisplay: Bool
    /// The windows under the surface when the screen froze, read apart.
    private let regions: ContentRegions
    /// The top-level windows shown when the screen froze, topmost first (what places the text
    /// applications publish on it).
    private let shownWindows: [ScreenWindow]
    private let loop: LiveEventLoop
    /// Escape is reported to the handler as a key instead of ending `run` (set while a menu is
    /// shown: Escape closes the menu, not the surface). False by default: Escape closes at once.
    public var reportsEscape = false
    /// The screen's `Xft.dpi` (its resource database), when set.
    public var dotsPerInch: Double? { display.resourceDPI }
    /// The density of the monitor under the surface's middle, from its reported size.
    public var physicalDotsPerInch: Double? {
        display.physicalDotsPerInch(at: (area.x + area.width / 2, area.y + area.height / 2))
    }
    /// The part of the surface left to windows (`WorkArea`: `_NET_WORKAREA` and panels' struts);
    /// nil when that is all of it.
    public func workArea() -> Bounds? {
        let left = display.workArea(in: area)
        guard left != area else { return nil }
        return Bounds(x: left.x - area.x, y: left.y - area.y, width: left.width, height: left.height)
    }
    /// How much was drawn: puts and pixels (what a redraw costs; a test's proof that only what
    /// changed was drawn).
    public private(set) var drawn = (puts: 0, pixels: 0)

    /// How `run` ended.
    public typealias Ending = LiveCanvasEnding

    /// Presses closer together than this (and a few pixels) make a double or triple click.
    public static let doubleClickInterval: Duration = .milliseconds(Int(ClickCounter.interval))

    /// The name of the surface's window (its class is `livetext`).
    static let windowName = "livetext live"

    /// Freezes `area` of the screen (root coordinates, clipped to it; nil: the whole root
    /// window, every monitor). Nothing is shown yet. Throws `.invalidArgs` for an area off the
    /// screen, `.unavailable` when the display went away or another live surface is shown (by this
    /// process or another: that one stays).
    /// `closingDisplay`: the surface closes `display` when it closes (a connection made for it).
    public init(display: X11Display, area requested: Bounds? = nil, closingDisplay: Bool = false) throws {
        try display.checkAlive()
        let windows = TopLevelWindows(display: display)
        if windows.entries.contains(where: {
            WindowTitle.read($0.id, display: display) == Self.windowName
        }) {
            throw LiveTextError(.unavailable, "live text is already shown on '\(display.name)': use it, or close it with Esc first")
        }
        let (width, height) = display.screenSize
        let root = Bounds(x: 0, y: 0, width: width, height: height)
        let area = (requested ?? root).intersection(root)
        guard !area.isEmpty else {
            throw LiveTextError(.invalidArgs, "\(requested ?? root) lies outside the screen (\(width)×\(height) at 0,0)")
        }
        self.display = display
        self.area = area
        self.closingDisplay = closingDisplay
        regions = windows.regions(in: area)
        shownWindows = windows.screenWindows
        screen = try FrozenScreen(display: display, area: area)
        loop = try LiveEventLoop()
    }

    deinit { close() }

    /// Maps the window above everything, showing the frozen screen, and grabs pointer and
    /// keyboard (retrying for a second): `map`, then `grabInput`. Throws `.unavailable` when the
    /// grabs stay taken or the display goes away, `.cancelled` for `cancel`; the surface is
    /// closed then.
    public func show(cancel: CancellationFlag? = nil) throws {
        try map()
        try grabInput(cancel: cancel)
    }

    /// Maps the window above everything, showing the frozen screen; nothing is grabbed yet.
    /// Throws `.failed` when the server refuses the window, `.unavailable` when the display went
    /// away; the surface is closed then.
    public func map() throws {
        do {
            try display.checkAlive()
            let handle = display.handle, cursor = cursors.cursor(cursor, on: display)
            let error = display.trapErrors {
                let made = FrozenScreen.overrideRedirectWindow(
                    display, area: area, background: screen.pixmap, cursor: cursor,
                    eventMask: ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | KeyPressMask
                        | VisibilityChangeMask,
                    name: Self.windowName)
                window = UInt(made)
                gc = XCreateGC(handle, made, 0, nil)
                XSetGraphicsExposures(handle, gc, 0)
                XMapRaised(handle, made)
            }
            try display.checkAlive()
            if let error { throw LiveTextError(.failed, "could not show the live surface: \(error)") }
        } catch {
            close()
            throw error
        }
    }

    /// Grabs pointer and keyboard for the mapped window, retrying for a second: a hotkey's keys
    /// hold the keyboard until they are released. Throws `.unavailable` when the grabs stay
    /// taken or the display goes away, `.cancelled` for `cancel`; the surface is closed then.
    public func grabInput(cancel: CancellationFlag? = nil) throws {
        do {
            try grab(cancel: cancel, patience: .seconds(1))
        } catch {
            close()
            throw error
        }
    }

    /// Grabs pointer and keyboard for the mapped window if both are free now; false (holding
    /// neither, the surface still up) when another client holds one.
    public func grabInputIfFree() -> Bool {
        (try? grab(cancel: nil, patience: .zero)) != nil
    }

    private func grab(cancel: CancellationFlag?, patience: Duration) throws {
        guard window != 0 else { throw LiveTextError(.failed, "the live surface is not shown") }
        if writer != nil { return }
        try InputGrab.take(display, window: Window(window), cursor: cursors.cursor(cursor, on: display), cancel: cancel,
                           cancelled: "live text cancelled", patience: patience)
        writer = try LivePixelWriter(display: display)
    }

    /// The frozen pixels (read from the server the first time) and where they are on the screen.
    public func frozen() throws -> CapturedImage {
        CapturedImage(image: try frozenImage(), bounds: area, regions: regions, windows: shownWindows)
    }

    private func frozenImage() throws -> PixelImage {
        if let frozenPixels { return frozenPixels }
        let capture = ScreenCapture(display: display)
        defer { capture.close() }
        let image = try capture.read(screen.pixmap, Bounds(x: 0, y: 0, width: area.width, height: area.height))
        frozenPixels = image
        return image
    }

    /// Where the pointer is, in surface coordinates; nil when it is off the surface.
    public func pointer() -> (x: Int, y: Int)? {
        guard let (x, y) = display.pointer() else { return nil }
        let point = (x: x - area.x, y: y - area.y)
        guard point.x >= 0, point.y >= 0, point.x < area.width, point.y < area.height else { return nil }
        return point
    }

    /// True while drawing goes through shared memory (MIT-SHM).
    public var drawsThroughSharedMemory: Bool { writer?.usesSharedMemory ?? false }

    /// Shows `shape` as the pointer from now on.
    public func setCursor(_ shape: LiveCursor) {
        guard shape != cursor, window != 0, !display.isBroken else { return }
        cursor = shape
        let made = cursors.cursor(shape, on: display)
        XDefineCursor(display.handle, Window(window), made)
        XChangeActivePointerGrab(display.handle, InputGrab.pointerMask, made, UInt(CurrentTime))
    }

    /// Draws `new` over the frozen screen in place of the current paints, redrawing only the
    /// rectangles where the two differ; returns once the server has drawn them.
    public func setPaints(_ new: [LivePaint]) throws {
        let damage = LiveCompositor.damage(from: paints, to: new)
        paints = new
        for rect in damage { try redraw(rect) }
        if !damage.isEmpty, !display.isBroken { display.sync() }
    }

    /// Composes and draws `rect` (surface coordinates, clipped to the surface).
    private func redraw(_ rect: Bounds) throws {
        let part = rect.intersection(Bounds(x: 0, y: 0, width: area.width, height: area.height))
        guard !part.isEmpty, window != 0, let writer, let gc else { return }
        let pixels = LiveCompositor.compose(try frozenImage(), paints, in: part)
        try writer.put(pixels, area: part, to: Drawable(window), gc: gc)
        drawn.puts += 1
        drawn.pixels += part.area
    }

    /// Runs `work` on the surface's thread inside `run` (soon, in order); false when the surface
    /// is closed. Work posted before the surface closes runs in any case (then finding it closed:
    /// drawing does nothing), so nothing waiting on it is left waiting. May be called from any
    /// thread.
    @discardableResult
    public func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        loop.post(work)
    }

    /// Hands `value` to the handler as `.message(value)` on the surface's thread; false when the
    /// surface is closed. May be called from any thread.
    @discardableResult
    public func send(_ value: any Sendable) -> Bool {
        loop.send(value)
    }

    /// Ends `run` with `.finished` once the current event or posted work is handled.
    public func finish() {
        loop.finish()
    }

    /// Handles events until the handler calls `finish` (`.finished`), Escape (`.escaped`) or
    /// `cancel` (`.cancelled`); throws `.unavailable` when the display goes away, and what the
    /// handler throws. Closes the surface on every path. Call after `show`.
    public func run(cancel: CancellationFlag? = nil, _ handler: (LiveSurfaceEvent) throws -> Void) throws -> Ending {
        defer { close() }
        guard window != 0 else { throw LiveTextError(.failed, "the live surface is not shown") }
        return try loop.run(on: display, cancel: cancel, finished: .finished, cancelled: .cancelled, next: { event in
            switch translate(&event) {
            case .escape: return .end(.escaped)
            case .event(let translated):
                if case .expose(let rect) = translated { try redrawPaints(in: rect) }
                return .event(translated)
            case nil: return nil
            }
        }, handler: handler)
    }

    /// Draws the paints again over what the server repainted from the frozen screen.
    private func redrawPaints(in rect: Bounds) throws {
        let touched = paints.map(\.bounds).filter { !$0.intersection(rect).isEmpty }
        guard !touched.isEmpty else { return }
        try redraw(rect.intersection(touched.union))
    }

    private enum Input {
        case event(LiveSurfaceEvent)
        case escape
    }

    /// What an X event means for the handler; nil for events it does not hear about.
    private func translate(_ event: inout XEvent) -> Input? {
        switch event.type {
        case VisibilityNotify:
            // A window mapped since (a notification, a popup) covers part of the surface: above it again.
            if event.xvisibility.state != VisibilityUnobscured { XRaiseWindow(display.handle, Window(window)) }
            return nil
        default:
            guard let translated = input.translate(&event, display: display) else { return nil }
            if !reportsEscape, case .key(let key) = translated, key.keysym == UInt32(XK_Escape) { return .escape }
            return .event(translated)
        }
    }

    /// Releases the grabs, destroys the window and frees everything on the server (once; safe on
    /// a display that went away). The display itself stays open: it is the caller's.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        // Last, after the window and grabs are gone (and on a broken display too).
        defer { if closingDisplay { display.close() } }
        let pending = loop.close()
        defer { pending.forEach { $0() } }
        writer?.close()
        writer = nil
        let (shown, context) = (window, gc)
        window = 0
        gc = nil
        guard !display.isBroken, !display.isClosed else { return }
        let handle = display.handle
        InputGrab.release(display)
        display.trapErrors {
            if shown != 0 { XDestroyWindow(handle, Window(shown)) }
            if let context { XFreeGC(handle, context) }
        }
        cursors.free(on: display)
        screen.free()
        display.sync()
    }
}
