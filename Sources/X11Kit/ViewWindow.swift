import CX11
import Foundation
import LiveTextCore

/// A normal top-level window (class `livetext`, managed, resizable, closed by the window manager
/// through `WM_DELETE_WINDOW`) that shows view-sized pixels with paints blended over them: the
/// image viewer's window. It shares the live surface's drawing (paints composed over the pixels
/// beneath, drawn only where they changed, through MIT-SHM when there is one), its events
/// (`LiveSurfaceEvent`, plus `.resized`), cursors and posting from other threads; unlike it, it
/// grabs nothing and its pixels change as the image is zoomed and panned (`setBase`).
///
/// Use it on one thread: `init` creates the window, `show` maps it, `run` handles events until the
/// handler calls `finish`, the window manager asks to close it, it is destroyed, `cancel` is
/// raised or the display goes away, and closes the window whatever happens.
public final class ViewWindow: ViewCanvas, @unchecked Sendable {
    public let display: X11Display
    /// The window, 0 after `close` (or once destroyed by another client).
    public private(set) var window: UInt = 0
    /// The window's size as last configured.
    public private(set) var width: Int
    public private(set) var height: Int
    private var gc: GC?
    private var writer: LivePixelWriter?
    private var cursors = LiveCursors()
    public private(set) var cursor: LiveCursor = .arrow
    /// What lies under the paints: `width` × `height` rgba8 (none until `setBase`: the window's
    /// background, the backdrop colour, shows).
    private var base = PixelImage(width: 0, height: 0, format: .rgba8, pixels: [])
    public private(set) var paints: [LivePaint] = []
    private var input = LiveEventTranslator()
    private var isClosed = false
    private let loop: LiveEventLoop
    private let deleteWindow: Atom
    /// How much was drawn: puts and pixels.
    public private(set) var drawn = (puts: 0, pixels: 0)

    /// How `run` ended.
    public typealias Ending = ViewCanvasEnding

    /// The colour around the image: the window's background.
    public static let backdrop = LiveColor.viewBackdrop

    /// The middle of where the window was asked to open, in root coordinates.
    private let placedAt: (x: Int, y: Int)
    /// Whether `close` closes `display` too (a connection made for the window).
    private let closingDisplay: Bool

    /// Creates (not yet shows) a `width` × `height` window titled `title`. Throws `.unavailable`
    /// when the display went away, `.failed` when the server refuses the window. `closingDisplay`:
    /// the window closes `display` when it closes.
    public convenience init(display: X11Display, width: Int, height: Int, title: String, closingDisplay: Bool = false) throws {
        try self.init(display: display, at: Bounds(x: 0, y: 0, width: width, height: height), title: title,
                      closingDisplay: closingDisplay, placed: false)
    }

    /// The same, asking the window manager to put it at `place` (root coordinates; a program's
    /// position, which window managers honour for a new window unless their rules say otherwise).
    public convenience init(display: X11Display, at place: Bounds, title: String, closingDisplay: Bool = false) throws {
        try self.init(display: display, at: place, title: title, closingDisplay: closingDisplay, placed: true)
    }

    private init(display: X11Display, at place: Bounds, title: String, closingDisplay: Bool, placed: Bool) throws {
        try display.checkAlive()
        self.display = display
        self.closingDisplay = closingDisplay
        self.width = max(1, place.width)
        self.height = max(1, place.height)
        placedAt = (place.x + place.width / 2, place.y + place.height / 2)
        loop = try LiveEventLoop()
        deleteWindow = display.atom("WM_DELETE_WINDOW")
        let handle = display.handle, backdrop = Self.backdrop
        var made: Window = 0
        let error = display.trapErrors {
            var attributes = XSetWindowAttributes()
            attributes.background_pixel = UInt(backdrop.red) << 16 | UInt(backdrop.green) << 8 | UInt(backdrop.blue)
            attributes.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | KeyPressMask
                | KeyReleaseMask | StructureNotifyMask
            made = XCreateWindow(handle, display.root, Int32(place.x), Int32(place.y), UInt32(self.width), UInt32(self.height), 0, 0,
                                 UInt32(InputOutput), nil, UInt(CWBackPixel | CWEventMask), &attributes)
            var protocols = [deleteWindow]
            XSetWMProtocols(handle, made, &protocols, 1)
            var hints = XWMHints()
            hints.flags = InputHint | StateHint
            hints.input = 1
            hints.initial_state = NormalState
            XSetWMHints(handle, made, &hints)
            var size = XSizeHints()
            size.flags = PMinSize | (placed ? PPosition | PSize : 0)
            (size.x, size.y, size.width, size.height) = (Int32(place.x), Int32(place.y), Int32(self.width), Int32(self.height))
            size.min_width = 160
            size.min_height = 120
            XSetWMNormalHints(handle, made, &size)
            display.setProperty(of: made, display.atom("_NET_WM_PID"), type: XA_CARDINAL,
                                longs: [UInt(getpid())])
            // A held key repeats presses only, no releases between them (space held pans).
            XkbSetDetectableAutoRepeat(handle, 1, nil)
            gc = XCreateGC(handle, made, 0, nil)
            XSetGraphicsExposures(handle, gc, 0)
            // The class last: other clients find the window by it (xdotool search --class) and
            // may destroy it at once, which must not fail a request of ours made before.
            "livetext".withCString { className in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: className),
                                      res_class: UnsafeMutablePointer(mutating: className))
                XSetClassHint(handle, made, &hint)
            }
        }
        window = UInt(made)
        try display.checkAlive()
        if let error {
            close()
            throw LiveTextError(.failed, "could not create the viewer's window: \(error)")
        }
        setTitle(title)
        do {
            writer = try LivePixelWriter(display: display)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Maps the window (the window manager places and frames it).
    public func show() throws {
        guard window != 0 else { throw LiveTextError(.failed, "the viewer's window is closed") }
        XMapRaised(display.handle, Window(window))
        display.flush()
        try display.checkAlive()
    }

    /// Names the window (`WM_NAME` and `_NET_WM_NAME`, both UTF-8).
    public func setTitle(_ title: String) {
        guard window != 0, !display.isBroken else { return }
        for name in ["WM_NAME", "_NET_WM_NAME"] {
            display.setProperty(of: Window(window), display.atom(name), type: display.atom("UTF8_STRING"), bytes: Data(title.utf8))
        }
    }

    /// Whether the window was last asked to be full screen.
    public private(set) var isFullScreen = false

    /// Asks the window manager for full screen (EWMH: `_NET_WM_STATE_FULLSCREEN` added or
    /// removed through a `_NET_WM_STATE` message to the root window); it resizes the window, which
    /// comes as `.resized`. Without a window manager nothing changes.
    public func setFullScreen(_ on: Bool) {
        guard window != 0, !display.isBroken else { return }
        isFullScreen = on
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = display.atom("_NET_WM_STATE")
        event.xclient.format = 32
        // 1 adds the state, 0 removes it; the source 1 is an application.
        event.xclient.data.l.0 = on ? 1 : 0
        event.xclient.data.l.1 = Int(display.atom("_NET_WM_STATE_FULLSCREEN"))
        event.xclient.data.l.3 = 1
        let handle = display.handle, root = display.root
        display.trapErrors {
            _ = XSendEvent(handle, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        }
        display.flush()
    }

    /// True while drawing goes through shared memory (MIT-SHM).
    public var drawsThroughSharedMemory: Bool { writer?.usesSharedMemory ?? false }

    /// Shows `shape` as the pointer over the window from now on.
    public func setCursor(_ shape: LiveCursor) {
        guard shape != cursor, window != 0, !display.isBroken else { return }
        cursor = shape
        XDefineCursor(display.handle, Window(window), cursors.cursor(shape, on: display))
    }

    /// Replaces what lies under the paints (rgba8, the window's size: a smaller image leaves the
    /// rest as it was drawn) and `paints` with `newPaints`, and draws the whole window again.
    public func setBase(_ pixels: PixelImage, paints newPaints: [LivePaint]) throws {
        precondition(pixels.format == .rgba8, "the viewer's pixels are rgba8")
        base = pixels
        paints = newPaints
        try redraw(Bounds(x: 0, y: 0, width: width, height: height))
        if !display.isBroken { display.sync() }
    }

    /// Draws `new` in place of the current paints, redrawing only where the two differ.
    public func setPaints(_ new: [LivePaint]) throws {
        let damage = LiveCompositor.damage(from: paints, to: new)
        paints = new
        for rect in damage { try redraw(rect) }
        if !damage.isEmpty, !display.isBroken { display.sync() }
    }

    /// Composes and draws `rect` (window coordinates, clipped to the pixels under the paints).
    private func redraw(_ rect: Bounds) throws {
        let part = rect.intersection(Bounds(x: 0, y: 0, width: min(width, base.width), height: min(height, base.height)))
        guard !part.isEmpty, window != 0, let writer, let gc else { return }
        let pixels = LiveCompositor.compose(base, paints, in: part)
        do {
            try writer.put(pixels, area: part, to: Drawable(window), gc: gc)
        } catch where !display.isBroken && !exists {
            // Destroyed by another client before its DestroyNotify arrived: closed, not an error.
            window = 0
            return
        }
        drawn.puts += 1
        drawn.pixels += part.area
    }

    /// Whether the window still exists on the server.
    private var exists: Bool {
        var attributes = XWindowAttributes()
        var found: Int32 = 0
        let error = display.trapErrors { found = XGetWindowAttributes(display.handle, Window(window), &attributes) }
        return error == nil && found != 0
    }

    /// Dots per inch of the screen, as the X resources say (`Xft.dpi`).
    public var dotsPerInch: Double? { display.resourceDPI }
    /// The density of the monitor the window was placed on, from its reported size.
    public var physicalDotsPerInch: Double? { display.physicalDotsPerInch(at: (placedAt.x, placedAt.y)) }

    /// Gives the handler `.message(value)` on the window's thread (from any thread; false once closed).
    @discardableResult
    public func send(_ value: any Sendable) -> Bool { loop.send(value) }

    /// Ends `run` with `.finished` after the event or message in hand.
    public func finish() { loop.finish() }

    /// Handles events until the handler calls `finish`, the window is closed from outside or
    /// `cancel` is raised; throws `.unavailable` when the display goes away, and what the handler
    /// throws. Closes the window on every path. Call after `show`.
    public func run(cancel: CancellationFlag?, _ handler: (LiveSurfaceEvent) throws -> Void) throws -> Ending {
        defer { close() }
        // Never shown, or destroyed by another client while the first picture was drawn.
        guard window != 0 else { return .closed }
        let ending = try loop.run(on: display, cancel: cancel, finished: Ending.finished, cancelled: .cancelled, next: { event in
            guard let translated = translate(&event) else { return window == 0 || closeRequested(event) ? .end(.closed) : nil }
            if case .expose(let rect) = translated { try redraw(rect) }
            return .event(translated)
        }, handler: { event in
            try handler(event)
            // Destroyed by another client, seen while drawing.
            if window == 0 { loop.finish() }
        })
        return window == 0 && ending == .finished ? .closed : ending
    }

    /// The window manager's `WM_DELETE_WINDOW`.
    private func closeRequested(_ event: XEvent) -> Bool {
        event.type == ClientMessage && event.xclient.format == 32 && Atom(event.xclient.data.l.0) == deleteWindow
    }

    /// What an X event means for the handler: the shared pointer, key and expose events, and a
    /// new size (only the last of a burst of resizes); nil for the rest (and for the window
    /// destroyed from outside, which forgets it).
    private func translate(_ event: inout XEvent) -> LiveSurfaceEvent? {
        switch event.type {
        case DestroyNotify where event.xdestroywindow.window == Window(window):
            window = 0
            return nil
        case ConfigureNotify where event.xconfigure.window == Window(window):
            var configure = event.xconfigure, next = XEvent()
            while XCheckTypedWindowEvent(display.handle, Window(window), ConfigureNotify, &next) != 0 {
                configure = next.xconfigure
            }
            let size = (Int(configure.width), Int(configure.height))
            guard size != (width, height) else { return nil }
            (width, height) = size
            return .resized(width: width, height: height)
        default:
            return input.translate(&event, display: display)
        }
    }

    /// Destroys the window and frees everything on the server (once; safe on a display that went
    /// away or a window already destroyed). The display stays open unless it was made for the window.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
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
        display.trapErrors {
            if shown != 0 { XDestroyWindow(handle, Window(shown)) }
            if let context { XFreeGC(handle, context) }
        }
        cursors.free(on: display)
        display.sync()
    }
}
