import CWayland
import CWaylandProtocols
import Glibc
import LiveTextCore

/// Live Text on a wlroots compositor: a layer surface (wlr-layer-shell) on the overlay layer of
/// one output, over everything but the screen locker, showing the frozen screen (captured before)
/// with paints blended over it and reporting what the user does.
///
/// It has a connection of its own to the compositor. Use it on one thread (the one that made it):
/// `map` shows it, `run` handles events until the handler calls `finish`, Escape is pressed,
/// `cancel` is raised or the compositor goes away, and closes it whatever happens. Only `post` and
/// `send` may be called from other threads.
///
/// Wayland differs from X here: the surface has the keyboard because it asks for exclusive
/// keyboard interactivity (no grab to take or wait for), the compositor keeps showing the buffer
/// it was given (no exposures), and a client knows where the pointer is only while it is over
/// one of its surfaces. Drawing uses two `wl_shm` buffers in turn, each redrawn only where its
/// paints differ from the new ones, never while the compositor still reads it.
///
/// Coordinates: surface coordinates are the frozen image's pixels. On an output scaled by an
/// integer the buffer is given that scale, otherwise a viewport shrinks it to the output; events
/// are turned into the image's pixels either way, so paints and events agree with `frozen()`.
// `@unchecked Sendable`: everything but the inbox is touched on the surface's thread only (the
// canvas's rule); `post` and `send` go through the inbox, which is thread-safe.
public final class WaylandLiveSurface: LiveCanvas, @unchecked Sendable {
    /// The output shown, in the compositor's layout (logical pixels).
    public let area: Bounds
    /// What is drawn over the frozen screen, in order.
    public private(set) var paints: [LivePaint] = []
    /// Escape is reported to the handler as a key instead of ending `run` (while a menu is shown).
    public var reportsEscape = false
    /// 96 a surface unit: 192 on an output scaled by 2 (the frozen image's pixels are physical);
    /// nil on an unscaled output, where Wayland says nothing better.
    public var dotsPerInch: Double? { scale.x == 1 ? nil : 96 * scale.x }

    private let captured: CapturedImage
    private let outputName: String?
    private let connection: WaylandConnection
    private let inbox: LiveInbox
    /// Values sent from other threads, not yet handed to the handler.
    private var messages: [any Sendable] = []
    private var finishing = false
    private var isClosed = false
    /// Physical pixels a surface unit.
    private let scale: (x: Double, y: Double)
    private let shell = LayerSurfaceState()
    private let input = LiveSeatInput()
    private var compositor: OpaquePointer?
    private var shm: OpaquePointer?
    private var layerShell: OpaquePointer?
    private var output: OpaquePointer?
    private var viewporter: OpaquePointer?
    private var viewport: OpaquePointer?
    private var surface: OpaquePointer?
    private var layerSurface: OpaquePointer?
    private var buffers: [LayerSurfaceBuffer] = []
    /// The buffer attached last.
    private var front = 0
    private var cursors: LiveCursorImages?

    /// Connects to the compositor at `socket` (a name in `runtimeDirectory`, or a path) for a
    /// surface that will show `frozen` (rgba8, the whole of one output) on the output named
    /// `outputName` (nil: the first). Nothing is shown yet. Throws `unavailable` when the
    /// compositor cannot be reached, `invalidArgs` for an image that is not rgba8 or does not fit
    /// its bounds.
    public init(socket: String, runtimeDirectory: String?, frozen: CapturedImage, outputName: String? = nil) throws {
        let image = frozen.image, bounds = frozen.bounds
        guard image.format == .rgba8, !bounds.isEmpty, image.width >= bounds.width, image.height >= bounds.height else {
            throw LiveTextError(.invalidArgs, "the live surface needs rgba8 pixels covering \(bounds), not "
                                + "\(image.width)×\(image.height) \(image.format)")
        }
        captured = frozen
        area = bounds
        self.outputName = outputName
        scale = (Double(image.width) / Double(bounds.width), Double(image.height) / Double(bounds.height))
        connection = try WaylandConnection(socket: socket, runtimeDirectory: runtimeDirectory)
        do {
            inbox = try LiveInbox()
        } catch {
            connection.close()
            throw error
        }
        input.scaleX = scale.x
        input.scaleY = scale.y
    }

    deinit { close() }

    // MARK: Showing

    /// Shows the frozen screen on the overlay layer and waits until the compositor has drawn it
    /// (or a frame's time passed on an output that draws nothing). Throws `unavailable` when the
    /// compositor has no layer shell or goes away, `notFound` for an output it does not have; the
    /// surface is closed then.
    public func map() throws {
        guard !isClosed else { throw LiveTextError(.failed, "the live surface is closed") }
        guard surface == nil else { return }
        do {
            try show()
        } catch {
            close()
            throw error
        }
    }

    private func show() throws {
        guard let compositorGlobal = connection.global("wl_compositor"), let shmGlobal = connection.global("wl_shm") else {
            throw LiveTextError(.unavailable, "the Wayland compositor '\(connection.socketName)' offers no surfaces or shared memory")
        }
        guard let shellGlobal = connection.global("zwlr_layer_shell_v1") else {
            throw LiveTextError(.unavailable, "live text cannot cover the screen: the Wayland compositor '\(connection.socketName)' "
                                + "offers no layer shell (zwlr_layer_shell_v1); wlroots compositors (sway, Hyprland, river, "
                                + "labwc, Wayfire) offer it")
        }
        let compositor = connection.bind(compositorGlobal, lt_wl_compositor_interface(), version: 4)
        let shm = connection.bind(shmGlobal, lt_wl_shm_interface(), version: 1)
        let layerShell = connection.bind(shellGlobal, lt_zwlr_layer_shell_v1_interface(), version: 4)
        (self.compositor, self.shm, self.layerShell) = (compositor, shm, layerShell)
        if let seat = connection.global("wl_seat") {
            input.listen(to: connection.bind(seat, lt_wl_seat_interface(), version: 5))
        }
        output = try LiveOutputChoice.bind(outputName, on: connection)

        guard let surface = wl_compositor_create_surface(compositor),
              let layerSurface = zwlr_layer_shell_v1_get_layer_surface(layerShell, surface, output,
                                                                        ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, "livetext")
        else { throw LiveTextError(.failed, "the Wayland compositor gave no surface for live text") }
        (self.surface, self.layerSurface) = (surface, layerSurface)
        zwlr_layer_surface_v1_add_listener(layerSurface, LayerSurfaceState.layerListener.pointer, shell.opaque)
        // Anchored to every edge with the output's size: the whole output, under nothing but a
        // screen locker; -1: not moved by panels' exclusive zones; exclusive: the keyboard is ours.
        zwlr_layer_surface_v1_set_size(layerSurface, UInt32(area.width), UInt32(area.height))
        zwlr_layer_surface_v1_set_anchor(layerSurface, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue
                                         | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
                                         | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue)
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, -1)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, 1)
        try fitBuffer(to: surface, compositor: compositor)
        wl_surface_commit(surface)
        try connection.dispatch(until: { shell.configured || shell.closed }, within: .seconds(5),
                                waitingFor: "the layer surface's first configure")
        if shell.closed { throw LiveTextError(.unavailable, "the Wayland compositor refused the live surface") }

        let image = captured.image
        buffers = try (0..<2).map { _ in
            let buffer = try LayerSurfaceBuffer(shm: shm, width: image.width, height: image.height)
            buffer.write(image)
            return buffer
        }
        let cursors = LiveCursorImages(compositor: compositor, shm: shm)
        self.cursors = cursors
        input.onEnter = { pointer, serial in cursors.show(cursors.shape, on: pointer, serial: serial) }

        front = 0
        wl_surface_attach(surface, buffers[0].buffer, 0, 0)
        damage(surface, [Bounds(x: 0, y: 0, width: image.width, height: image.height)])
        buffers[0].busy = true
        let frame = wl_surface_frame(surface)
        wl_callback_add_listener(frame, LayerSurfaceState.frameListener.pointer, shell.opaque)
        defer { wl_callback_destroy(frame) }
        shell.framed = false
        wl_surface_commit(surface)
        do {
            try connection.dispatch(until: { shell.framed || shell.closed }, within: .seconds(2),
                                    waitingFor: "the live surface's first frame")
        } catch let error as LiveTextError where error.code == .failed && !connection.isBroken {
            // No frame within the time: an output that is off draws nothing, yet the surface is
            // up and the compositor has it (the round trip proves it); the user sees it when it draws.
            try connection.roundtrip()
        }
    }

    /// Makes the buffer (the frozen image's pixels) cover the surface: a buffer scale on an
    /// output scaled by an integer, else a viewport.
    private func fitBuffer(to surface: OpaquePointer, compositor: OpaquePointer) throws {
        guard scale.x != 1 || scale.y != 1 else { return }
        let image = captured.image
        if scale.x == scale.y, scale.x == scale.x.rounded(), image.width == area.width * Int(scale.x),
           image.height == area.height * Int(scale.y), wl_proxy_get_version(compositor) >= 3 {
            wl_surface_set_buffer_scale(surface, Int32(scale.x))
            return
        }
        guard let global = connection.global("wp_viewporter") else {
            throw LiveTextError(.unavailable, "the frozen screen (\(image.width)×\(image.height)) cannot be shown over "
                                + "\(area.width)×\(area.height): the Wayland compositor offers no viewporter")
        }
        let bound = connection.bind(global, lt_wp_viewporter_interface(), version: 1)
        viewporter = bound
        viewport = wp_viewporter_get_viewport(bound, surface)
        wp_viewport_set_destination(viewport, Int32(area.width), Int32(area.height))
    }

    /// Tells the compositor that `rects` (buffer pixels) of the next commit changed.
    private func damage(_ surface: OpaquePointer, _ rects: [Bounds]) {
        guard wl_proxy_get_version(surface) >= 4 else {
            // Before version 4 damage is in surface units: the whole surface is simplest.
            wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
            return
        }
        for rect in rects {
            wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
    }

    /// Always true: the surface's exclusive keyboard interactivity is Wayland's grab, given with
    /// the surface (the pointer is the surface's wherever it covers the output).
    public func grabInputIfFree() -> Bool { true }

    /// Nothing to do: see `grabInputIfFree`.
    public func grabInput(cancel: CancellationFlag?) throws {}

    /// The frozen pixels shown, and the output's place in the layout.
    public func frozen() throws -> CapturedImage { captured }

    /// The pointer's last position over the surface (from its enter or last motion), in surface
    /// coordinates; nil before it entered: a Wayland client cannot ask where the pointer is.
    public func pointer() -> (x: Int, y: Int)? { input.position }

    /// Shows `shape` as the pointer over the surface (from the next enter when it is elsewhere).
    public func setCursor(_ shape: LiveCursor) {
        guard !isClosed, let cursors, shape != cursors.shape else { return }
        if let pointer = input.pointer, let serial = input.enterSerial {
            cursors.show(shape, on: pointer, serial: serial)
            connection.flush()
        } else {
            cursors.remember(shape)
        }
    }

    // MARK: Drawing

    /// Draws `new` over the frozen screen in place of the current paints: the buffer not shown
    /// is brought up to date where its paints differ from `new` (waiting, up to 2 s, for the
    /// compositor to release it), attached with the rectangles that changed on screen as damage,
    /// and committed; returns once the compositor has the commit.
    public func setPaints(_ new: [LivePaint]) throws {
        let changed = LiveCompositor.damage(from: paints, to: new)
        paints = new
        guard !changed.isEmpty, !isClosed, let surface, buffers.count == 2 else { return }
        let back = buffers[1 - front]
        if back.busy {
            try connection.dispatch(until: { !back.busy }, within: .seconds(2),
                                    waitingFor: "the compositor to release a buffer of the live surface")
        }
        let image = captured.image, whole = Bounds(x: 0, y: 0, width: image.width, height: image.height)
        for rect in LiveCompositor.damage(from: back.paints, to: new) {
            let part = rect.intersection(whole)
            if !part.isEmpty { back.write(LiveCompositor.compose(image, new, in: part), in: part) }
        }
        back.paints = new
        wl_surface_attach(surface, back.buffer, 0, 0)
        damage(surface, changed.map { $0.intersection(whole) }.filter { !$0.isEmpty })
        back.busy = true
        front = 1 - front
        wl_surface_commit(surface)
        try connection.roundtrip()
    }

    // MARK: Running

    /// Runs `work` on the surface's thread inside `run` (soon, in order); false once closed. Work
    /// posted before the surface closes runs in any case. Any thread.
    @discardableResult
    public func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        inbox.post(work)
    }

    /// Hands `value` to the handler as `.message(value)` on the surface's thread; false once
    /// closed. Any thread.
    @discardableResult
    public func send(_ value: any Sendable) -> Bool {
        inbox.post { [self] in messages.append(value) }
    }

    /// Ends `run` with `.finished` once the current event or posted work is handled.
    public func finish() {
        finishing = true
    }

    /// Handles posted work, sent values and the seat's events until the handler calls `finish`
    /// (`.finished`), Escape (`.escaped`, unless `reportsEscape`) or `cancel` (`.cancelled`).
    /// Throws `unavailable` when the compositor goes away, and what the handler throws. Closes the
    /// surface on every path. Call after `map`.
    public func run(cancel: CancellationFlag?, _ handler: (LiveSurfaceEvent) throws -> Void) throws -> LiveCanvasEnding {
        defer { close() }
        guard !isClosed, surface != nil else { throw LiveTextError(.failed, "the live surface is not shown") }
        while true {
            for work in inbox.take() {
                work()
                if finishing { return .finished }
            }
            while !messages.isEmpty {
                try handler(.message(messages.removeFirst()))
                if finishing { return .finished }
            }
            while let event = input.next() {
                if !reportsEscape, case .key(let key) = event, key.keysym == Self.escape { return .escaped }
                try handler(event)
                if finishing { return .finished }
            }
            // The compositor took the surface away: its output went, or a screen locker came up.
            // Nothing is left to show and the user chose nothing, which is what a cancellation
            // means to the caller; it is no failure to report (the compositor is still there).
            if shell.closed { return .cancelled }
            if cancel?.isCancelled == true { return .cancelled }
            try readEvents()
        }
    }

    private static let escape: UInt32 = 0xff1b

    /// Waits (up to 100 ms, for `cancel`) until the compositor sends something or work is
    /// posted, and dispatches what came. Throws `unavailable` when the compositor went away.
    private func readEvents() throws {
        let display = connection.display
        var dispatched = false
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw connection.connectionError() }
            dispatched = true
        }
        if wl_display_flush(display) < 0, errno != EAGAIN {
            wl_display_cancel_read(display)
            throw connection.connectionError()
        }
        // Events already dispatched are handled before waiting.
        inbox.wait(display: wl_display_get_fd(display), timeout: dispatched ? 0 : 100)
        // Reads without blocking: nothing to read is not an error.
        if wl_display_read_events(display) < 0 { throw connection.connectionError() }
        if wl_display_dispatch_pending(display) < 0 { throw connection.connectionError() }
    }

    // MARK: Closing

    /// Destroys the surface, its buffers and every object bound, and disconnects (once; safe on
    /// a compositor gone). Work still posted runs afterwards, finding the surface closed.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        let pending = inbox.close()
        defer { pending.forEach { $0() } }
        input.close()
        cursors?.destroy()
        cursors = nil
        if let viewport { wp_viewport_destroy(viewport) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        if let surface { wl_surface_destroy(surface) }
        buffers.forEach { $0.destroy() }
        buffers = []
        if let output { LiveOutputChoice.release(output) }
        if let layerShell {
            if wl_proxy_get_version(layerShell) >= 3 { zwlr_layer_shell_v1_destroy(layerShell) } else { wl_proxy_destroy(layerShell) }
        }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        (viewport, viewporter, layerSurface, surface, output, layerShell, shm, compositor) = (nil, nil, nil, nil, nil, nil, nil, nil)
        // The surface is gone from the screen once the compositor has read the destroys.
        if !connection.isBroken { try? connection.roundtrip(within: .seconds(1)) }
        connection.close()
    }
}
