import CWayland
import CWaylandProtocols
import LiveTextCore

/// The image viewer's window on Wayland: an xdg-shell toplevel (app id `livetext`, framed by
/// the compositor through xdg-decoration where it offers that) showing window-sized pixels with
/// paints blended over them, resized and closed by the compositor, reporting what the user does.
///
/// It has a connection of its own to the compositor. Use it on one thread (the one that made it):
/// `show` maps it, `run` handles events until the handler calls `finish`, the compositor asks to
/// close it, `cancel` is raised or the compositor goes away, and closes it whatever happens. Only
/// `send` may be called from other threads.
///
/// Canvas pixels are the window's logical size times `scale` (the largest output scale when it
/// was made), given to the compositor with that buffer scale: crisp on a HiDPI output, scaled
/// down on the others. Drawing uses two `wl_shm` buffers in turn, as the live surface does;
/// a new size from the compositor makes new ones.
// `@unchecked Sendable`: everything but the inbox is touched on the window's thread only (the
// canvas's rule); `send` goes through the inbox, which is thread-safe.
public final class WaylandViewWindow: ViewCanvas, @unchecked Sendable {
    /// The window's size in canvas pixels, as last configured.
    public private(set) var width: Int
    public private(set) var height: Int
    /// 96 a logical pixel: 192 at scale 2; nil at 1, where Wayland says nothing better.
    public var dotsPerInch: Double? { scale == 1 ? nil : 96 * Double(scale) }

    private let scale: Int
    private var title: String
    private let client: SurfaceClient
    private var connection: WaylandConnection { client.connection }
    private var finishing = false
    private var isClosed: Bool { client.isClosed }
    private let shell = ToplevelState()
    private var wmBase: OpaquePointer?
    private var decorations: OpaquePointer?
    private var decoration: OpaquePointer?
    private var surface: OpaquePointer?
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    /// Two buffers of the current size, drawn in turn.
    private var buffers: [LayerSurfaceBuffer] = []
    private var front = 0
    /// What lies under the paints, and its generation (a buffer drawn from an older one is
    /// drawn whole again).
    private var base = PixelImage(width: 0, height: 0, format: .rgba8, pixels: [])
    private var baseGeneration = 0
    private var bufferGenerations: [Int] = []
    /// The base fitted to the window's size last (`fittedBase`), with the base's generation.
    private var fitted: (generation: Int, image: PixelImage)?
    /// A commit was made since the last configure was acknowledged (which a commit must answer).
    private var committed = false
    public private(set) var paints: [LivePaint] = []

    /// Connects to the compositor at `socket` (a name in `runtimeDirectory`, or a path) for a
    /// window of `width`×`height` canvas pixels at `scale` canvas pixels a logical one, titled
    /// `title`. Nothing is shown yet. Throws `unavailable` when the compositor cannot be reached.
    public init(socket: String, runtimeDirectory: String?, title: String, width: Int, height: Int, scale: Int = 1) throws {
        self.scale = max(1, scale)
        // Whole logical pixels.
        self.width = max(1, width / self.scale) * self.scale
        self.height = max(1, height / self.scale) * self.scale
        self.title = title
        client = try SurfaceClient(socket: socket, runtimeDirectory: runtimeDirectory)
    }

    deinit { close() }

    // MARK: Showing

    /// Maps the toplevel and waits for the compositor's first configure (its size, when it
    /// chooses one). Throws `unavailable` when the compositor has no xdg-shell or goes away; the
    /// window is closed then.
    public func show() throws {
        guard !isClosed else { throw LiveTextError(.failed, "the viewer's window is closed") }
        guard surface == nil else { return }
        do {
            try create()
        } catch {
            close()
            throw error
        }
    }

    private func create() throws {
        guard let baseGlobal = connection.global("xdg_wm_base") else {
            throw LiveTextError(.unavailable, "the image viewer cannot open a window: the Wayland compositor "
                                + "'\(connection.socketName)' offers no xdg-shell (xdg_wm_base)")
        }
        let (compositor, _) = try client.bindBasics()
        let wmBase = connection.bind(baseGlobal, lt_xdg_wm_base_interface(), version: 2)
        self.wmBase = wmBase
        xdg_wm_base_add_listener(wmBase, ToplevelState.baseListener.pointer, nil)
        guard let surface = wl_compositor_create_surface(compositor),
              let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface),
              let toplevel = xdg_surface_get_toplevel(xdgSurface) else {
            throw LiveTextError(.failed, "the Wayland compositor gave no window for the image viewer")
        }
        (self.surface, self.xdgSurface, self.toplevel) = (surface, xdgSurface, toplevel)
        xdg_surface_add_listener(xdgSurface, ToplevelState.surfaceListener.pointer, shell.opaque)
        xdg_toplevel_add_listener(toplevel, ToplevelState.toplevelListener.pointer, shell.opaque)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, "livetext")
        xdg_toplevel_set_min_size(toplevel, 160, 120)
        if let global = connection.global("zxdg_decoration_manager_v1") {
            let manager = connection.bind(global, lt_zxdg_decoration_manager_v1_interface(), version: 1)
            decorations = manager
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
            zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
        }
        if scale > 1 { wl_surface_set_buffer_scale(surface, Int32(scale)) }
        client.input.places[surface] = SurfacePlace(originX: 0, originY: 0, scaleX: Double(scale), scaleY: Double(scale))
        // The first commit has no buffer: the compositor answers with the first configure.
        wl_surface_commit(surface)
        try connection.dispatch(until: { shell.pendingSerial != nil || shell.closeRequested }, within: .seconds(5),
                                waitingFor: "the viewer window's first configure")
        _ = acknowledgeConfigure()
        try drawWhole()
    }

    /// Acknowledges the configure the compositor sent last, taking its size (in logical pixels;
    /// 0 leaves the choice to us); true when the size changed.
    private func acknowledgeConfigure() -> Bool {
        guard let serial = shell.pendingSerial, let xdgSurface else { return false }
        shell.pendingSerial = nil
        xdg_surface_ack_configure(xdgSurface, serial)
        committed = false
        let (logicalWidth, logicalHeight) = shell.size
        let new = (width: logicalWidth > 0 ? logicalWidth * scale : width, height: logicalHeight > 0 ? logicalHeight * scale : height)
        guard new != (width, height) else { return false }
        (width, height) = new
        return true
    }

    /// Names the window.
    public func setTitle(_ title: String) {
        self.title = title
        guard !isClosed, let toplevel else { return }
        xdg_toplevel_set_title(toplevel, title)
        connection.flush()
    }

    /// Whether the window is full screen: as last asked, until the compositor's next configure says.
    public var isFullScreen: Bool { shell.fullScreen }

    /// Asks the compositor for full screen on the output it chooses (`xdg_toplevel.set_fullscreen`),
    /// or no longer (`unset_fullscreen`); its configure brings the new size as `.resized`.
    public func setFullScreen(_ on: Bool) {
        guard !isClosed, let toplevel else { return }
        shell.fullScreen = on
        if on { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
        connection.flush()
    }

    /// Shows `shape` as the pointer over the window (from the next enter when it is elsewhere).
    public func setCursor(_ shape: LiveCursor) {
        client.setCursor(shape)
    }

    // MARK: Drawing

    /// Replaces what lies under the paints (rgba8, the window's size; a smaller image leaves the
    /// backdrop around it) and the paints, and draws the whole window again.
    public func setBase(_ pixels: PixelImage, paints new: [LivePaint]) throws {
        precondition(pixels.format == .rgba8, "the viewer's pixels are rgba8")
        base = pixels
        baseGeneration += 1
        paints = new
        try drawWhole()
    }

    /// Draws `new` in place of the current paints, redrawing only where the two differ.
    public func setPaints(_ new: [LivePaint]) throws {
        let changed = LiveCompositor.damage(from: paints, to: new)
        paints = new
        guard !changed.isEmpty else { return }
        try draw(changed)
    }

    private func drawWhole() throws {
        try draw([Bounds(x: 0, y: 0, width: width, height: height)])
    }

    /// Brings the buffer not shown up to date where it differs from what is to be shown (all of
    /// it when it shows an older base or has another size), attaches it with `changed` as damage
    /// and commits.
    private func draw(_ changed: [Bounds]) throws {
        guard !isClosed, let surface, let shm = client.shm else { return }
        let whole = Bounds(x: 0, y: 0, width: width, height: height)
        if buffers.first.map({ $0.width != width || $0.height != height }) ?? true {
            buffers.forEach { $0.destroy() }
            buffers = try (0..<2).map { _ in try LayerSurfaceBuffer(shm: shm, width: width, height: height) }
            bufferGenerations = [-1, -1]
            front = 0
        }
        let backIndex = 1 - front
        let back = buffers[backIndex]
        if back.busy {
            try connection.dispatch(until: { !back.busy }, within: .seconds(2),
                                    waitingFor: "the compositor to release a buffer of the viewer's window")
        }
        let stale = bufferGenerations[backIndex] != baseGeneration
        let rects = stale ? [whole] : LiveCompositor.damage(from: back.paints, to: paints)
        let picture = fittedBase()
        for rect in rects {
            let part = rect.intersection(whole)
            if !part.isEmpty { back.write(LiveCompositor.compose(picture, paints, in: part), in: part) }
        }
        back.paints = paints
        bufferGenerations[backIndex] = baseGeneration
        wl_surface_attach(surface, back.buffer, 0, 0)
        SurfaceDamage.mark(surface, (stale ? [whole] : changed).map { $0.intersection(whole) }.filter { !$0.isEmpty })
        back.busy = true
        front = backIndex
        wl_surface_commit(surface)
        committed = true
        try connection.roundtrip()
    }

    /// The base on the window's whole size (the backdrop where it does not reach), made once for
    /// each base and size, not for each redraw of the paints.
    private func fittedBase() -> PixelImage {
        guard base.width != width || base.height != height else { return base }
        if let fitted, fitted.generation == baseGeneration, fitted.image.width == width, fitted.image.height == height {
            return fitted.image
        }
        let image = backdropped()
        fitted = (baseGeneration, image)
        return image
    }

    /// The base on the window's whole size, the backdrop where it does not reach.
    private func backdropped() -> PixelImage {
        let backdrop = LiveColor.viewBackdrop
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                if x < base.width, y < base.height {
                    let from = (y * base.width + x) * 4
                    (pixels[at], pixels[at + 1], pixels[at + 2]) = (base.pixels[from], base.pixels[from + 1], base.pixels[from + 2])
                } else {
                    (pixels[at], pixels[at + 1], pixels[at + 2]) = (backdrop.red, backdrop.green, backdrop.blue)
                }
            }
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
    }

    // MARK: Running

    /// Hands `value` to the handler as `.message(value)` on the window's thread; false once
    /// closed. Any thread.
    @discardableResult
    public func send(_ value: any Sendable) -> Bool {
        client.send(value)
    }

    /// Ends `run` with `.finished` once the current event or message is handled.
    public func finish() {
        finishing = true
    }

    /// Handles sent values, the seat's events and the compositor's configures (a new size is
    /// `.resized`) until the handler calls `finish` (`.finished`), the compositor asks to close
    /// the window (`.closed`) or `cancel` is raised (`.cancelled`). Throws `unavailable` when the
    /// compositor goes away, and what the handler throws. Closes the window on every path.
    public func run(cancel: CancellationFlag?, _ handler: (LiveSurfaceEvent) throws -> Void) throws -> ViewCanvasEnding {
        defer { close() }
        guard !isClosed, surface != nil else { throw LiveTextError(.failed, "the viewer's window is not shown") }
        while true {
            if try client.handlePosted(handler, finished: { finishing }) { return .finished }
            if shell.pendingSerial != nil {
                if acknowledgeConfigure() {
                    try handler(.resized(width: width, height: height))
                    if finishing { return .finished }
                }
                // A configure is answered by a commit: the handler's drawing at the new size, or this.
                if !committed { try drawWhole() }
            }
            while let event = client.input.next() {
                try handler(event)
                if finishing { return .finished }
            }
            if shell.closeRequested { return .closed }
            if cancel?.isCancelled == true { return .cancelled }
            // Woken in time for a held key's next repeat.
            try connection.dispatchEvents(waking: client.inbox, within: client.input.repeatWait ?? 100)
        }
    }

    // MARK: Closing

    /// Destroys the window, its buffers and every object bound, and disconnects (once; safe on a
    /// compositor gone). Values still sent are dropped.
    public func close() {
        guard !isClosed else { return }
        _ = client.closeInput()
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        if let decorations { zxdg_decoration_manager_v1_destroy(decorations) }
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let surface { wl_surface_destroy(surface) }
        buffers.forEach { $0.destroy() }
        buffers = []
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        (decoration, decorations, toplevel, xdgSurface, surface, wmBase) = (nil, nil, nil, nil, nil, nil)
        client.disconnect()
    }

}

/// What the compositor said of the viewer's toplevel: the configure to acknowledge and its size,
/// and whether it asked to close. Used on the window's thread only.
final class ToplevelState {
    /// The serial of an `xdg_surface.configure` not acknowledged yet.
    var pendingSerial: UInt32?
    /// The size of the last toplevel configure, logical pixels (0: the client chooses).
    var size = (width: 0, height: 0)
    var closeRequested = false
    /// The last configure's states held `fullscreen` (or it was asked for since).
    var fullScreen = false

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func state(_ data: UnsafeMutableRawPointer?) -> ToplevelState? {
        data.map { Unmanaged<ToplevelState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Answers the compositor's pings (a client that does not may be called unresponsive).
    static let baseListener = ListenerTable(xdg_wm_base_listener(
        ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))

    static let surfaceListener = ListenerTable(xdg_surface_listener(
        configure: { data, _, serial in state(data)?.pendingSerial = serial }))

    static let toplevelListener = ListenerTable(xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            guard let shell = state(data) else { return }
            shell.size = (Int(width), Int(height))
            // `states`: an array of 32-bit xdg_toplevel.state values.
            if let states, let values = states.pointee.data {
                let count = states.pointee.size / MemoryLayout<UInt32>.size
                let held = UnsafeBufferPointer(start: values.assumingMemoryBound(to: UInt32.self), count: count)
                shell.fullScreen = held.contains(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue)
            }
        },
        close: { data, _ in state(data)?.closeRequested = true },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }))
}
