import CWayland
import CWaylandProtocols
import Glibc
import LiveTextCore

/// Live Text on a Wayland compositor: a surface on each output the frozen area covers, showing
/// the frozen screen (captured before) with paints blended over it and reporting what the user
/// does. Where the compositor has a layer shell (wlroots, KDE Plasma) each is a layer surface on
/// the overlay layer, over everything but the screen locker; where it has none (GNOME), a
/// full-screen xdg toplevel of its output, given the focus through xdg-activation when a token
/// says the user asked for it (`LiveSheetShell`, `LiveSheetRole`).
///
/// It has a connection of its own to the compositor (maybe made ahead). Use it on one thread (the one that made it):
/// `map` shows it, `run` handles events until the handler calls `finish`, Escape is pressed,
/// `cancel` is raised or the compositor goes away, and closes it whatever happens. Only `post` and
/// `send` may be called from other threads.
///
/// Wayland differs from X here: the surface has the keyboard because it asks for exclusive
/// keyboard interactivity, or as the focused window (no grab to take or wait for), the compositor keeps showing the buffer
/// it was given (no exposures), and a client knows where the pointer is only while it is over
/// one of its surfaces. Drawing uses two `wl_shm` buffers an output in turn, each redrawn only
/// where its paints differ from the new ones, never while the compositor still reads it. An
/// output that goes away takes its part with it; the others stay live.
///
/// Coordinates: surface coordinates are the frozen image's pixels (the largest scale among the
/// outputs). Each output's part is given its buffer scale, or a viewport when the ratio is no
/// integer; events are turned into the image's pixels either way, so paints and events agree
/// with `frozen()`.
// `@unchecked Sendable`: everything but the inbox is touched on the surface's thread only (the
// canvas's rule); `post` and `send` go through the inbox, which is thread-safe.
public final class WaylandLiveSurface: LiveCanvas, @unchecked Sendable {
    /// The part of the layout shown (logical pixels).
    public let area: Bounds
    /// What is drawn over the frozen screen, in order.
    public private(set) var paints: [LivePaint] = []
    /// Escape is reported to the handler as a key instead of ending `run` (while a menu is shown).
    public var reportsEscape = false
    /// 96 a surface unit: 192 when the frozen image has 2 pixels a logical one; nil at 1, where
    /// Wayland says nothing better.
    public var dotsPerInch: Double? { scale == 1 ? nil : 96 * scale }

    private let captured: CapturedImage
    private let places: [LiveSheetPlace]
    private let client: SurfaceClient
    var connection: WaylandConnection { client.connection }
    private var input: LiveSeatInput { client.input }
    private var finishing = false
    private var isClosed: Bool { client.isClosed }
    /// Image pixels a logical one.
    private let scale: Double
    /// Given to xdg-activation with the first full-screen sheet (nil: none).
    private let activationToken: String?
    /// Told once the surface has closed.
    private let closed: (@Sendable () -> Void)?
    /// Takes the connection once the surface is gone from it, instead of its being closed.
    private let recycle: (@Sendable (WaylandConnection) -> Void)?
    private var shell: LiveSheetShell?
    private var viewporter: OpaquePointer?
    /// The copies made through the focused surface, once one was (`copyFromSurface`).
    private var clipboard: SurfaceClipboard?
    /// One an output shown; an output that went away is dropped.
    private var sheets: [LiveSheet] = []

    /// Connects to the compositor at `socket` (a name in `runtimeDirectory`, or a path) for a
    /// surface that will show `frozen` (rgba8, of `frozen.bounds` in the layout) on the output
    /// named `outputName` (nil: the first), which it covers whole. Nothing is shown yet.
    public convenience init(socket: String, runtimeDirectory: String?, frozen: CapturedImage, outputName: String? = nil) throws {
        try self.init(socket: socket, runtimeDirectory: runtimeDirectory, frozen: frozen,
                      places: [LiveSheetPlace(outputName: outputName, output: frozen.bounds, area: frozen.bounds)])
    }

    /// As above, over each of `places` (parts of `frozen.bounds`, one an output). `withoutProtocols`:
    /// globals to act as if the compositor did not offer (see `WaylandBackend`); `activationToken`:
    /// an xdg-activation token that gives a full-screen sheet the focus (`XDG_ACTIVATION_TOKEN`, or
    /// a request's); `connection`: one made ahead for it (`WaylandBackend`'s spare), used by nothing
    /// else; `closed`: called once when the surface has closed; `recycle`: given the connection
    /// when every object of the surface is gone from it (not closed then: a daemon keeps it for
    /// the next surface). Throws `unavailable` when the compositor cannot be reached, `invalidArgs` for
    /// an image that is not rgba8 or does not fit its bounds, or places outside them.
    public init(socket: String, runtimeDirectory: String?, frozen: CapturedImage, places: [LiveSheetPlace],
                withoutProtocols: Set<String> = [], activationToken: String? = nil, connection: WaylandConnection? = nil,
                closed: (@Sendable () -> Void)? = nil, recycle: (@Sendable (WaylandConnection) -> Void)? = nil) throws {
        let image = frozen.image, bounds = frozen.bounds
        guard image.format == .rgba8, !bounds.isEmpty, image.width >= bounds.width, image.height >= bounds.height else {
            throw LiveTextError(.invalidArgs, "the live surface needs rgba8 pixels covering \(bounds), not "
                                + "\(image.width)×\(image.height) \(image.format)")
        }
        guard !places.isEmpty, places.allSatisfy({ !$0.area.isEmpty && $0.area.intersection(bounds) == $0.area }) else {
            throw LiveTextError(.invalidArgs, "the live surface's outputs \(places.map(\.area)) must lie within \(bounds)")
        }
        captured = frozen
        area = bounds
        self.places = places
        scale = Double(image.width) / Double(bounds.width)
        self.activationToken = activationToken
        self.closed = closed
        self.recycle = recycle
        client = try SurfaceClient(socket: socket, runtimeDirectory: runtimeDirectory, ignoring: withoutProtocols, made: connection)
    }

    deinit { close() }

    // MARK: Showing

    /// Shows the frozen screen (on the overlay layer, or full screen) and waits until the
    /// compositor has drawn it (or a frame's time passed on an output that draws nothing). Throws
    /// `unavailable` when the compositor has no shell for it or goes away, `notFound` for an output
    /// it does not have; the surface is closed then.
    public func map() throws {
        guard !isClosed else { throw LiveTextError(.failed, "the live surface is closed") }
        guard sheets.isEmpty else { return }
        do {
            try show()
        } catch {
            close()
            throw error
        }
    }

    private func show() throws {
        let shell = try LiveSheetShell(connection: connection)
        self.shell = shell
        let (compositor, shm) = try client.bindBasics()
        let outputs = try LiveOutputChoice.bind(places.map(\.outputName), on: connection)
        sheets = zip(places, outputs).map { place, output in
            LiveSheet(place: place, crop: crop(of: place.area), output: output, role: shell.role(compositor: compositor, shm: shm))
        }
        for sheet in sheets {
            try sheet.create(compositor: compositor, viewporter: boundViewporter)
        }
        try connection.dispatch(until: { sheets.allSatisfy { $0.role.isConfigured || $0.role.isClosed } }, within: .seconds(5),
                                waitingFor: "the live surface's first configure")
        if sheets.contains(where: \.role.isClosed) { throw LiveTextError(.unavailable, "the Wayland compositor refused the live surface") }

        for sheet in sheets {
            _ = try sheet.answerConfigures(viewporter: boundViewporter)
            if let surface = sheet.surface { input.places[surface] = sheet.surfacePlace }
        }
        let frames = try sheets.compactMap { try $0.showFirst(captured.image, shm: shm) }
        defer { frames.forEach { wl_callback_destroy($0) } }
        if let activationToken, let focus = sheets.first?.role.focusSurface { shell.activate(focus, token: activationToken) }
        do {
            try connection.dispatch(until: { sheets.allSatisfy { $0.framed || $0.role.isClosed } }, within: .seconds(2),
                                    waitingFor: "the live surface's first frame")
        } catch let error as LiveTextError where error.code == .failed && !connection.isBroken {
            // No frame within the time: an output that is off draws nothing, yet the surface is
            // up and the compositor has it (the round trip proves it); the user sees it when it draws.
            try connection.roundtrip()
        }
        // A toplevel becomes full screen once mapped (sway), maybe at another size than drawn.
        do {
            try connection.dispatch(until: { sheets.allSatisfy { $0.role.isInPlace || $0.role.isClosed } }, within: .seconds(5),
                                    waitingFor: "the live surface to be made full screen")
        } catch let error as LiveTextError where error.code == .failed && !connection.isBroken {
            throw LiveTextError(.unavailable, "the Wayland compositor '\(connection.socketName)' did not show live text full screen "
                                + "within 5 s: it offers no layer shell, and would not make its window full screen")
        }
        for sheet in sheets where try sheet.answerConfigures(viewporter: boundViewporter) {
            if let surface = sheet.surface { input.places[surface] = sheet.surfacePlace }
        }
    }

    /// `part` of the layout in the frozen image's pixels.
    private func crop(of part: Bounds) -> Bounds {
        let image = captured.image
        let ratioX = Double(image.width) / Double(area.width), ratioY = Double(image.height) / Double(area.height)
        let left = Int((Double(part.x - area.x) * ratioX).rounded()), top = Int((Double(part.y - area.y) * ratioY).rounded())
        let right = Int((Double(part.x + part.width - area.x) * ratioX).rounded())
        let bottom = Int((Double(part.y + part.height - area.y) * ratioY).rounded())
        return Bounds(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The viewporter, bound on first need.
    private func boundViewporter() throws -> OpaquePointer {
        try connection.bound(&viewporter, "wp_viewporter", as: lt_wp_viewporter_interface(), version: 1,
                             missing: LiveTextError(.unavailable, "the frozen screen (\(captured.image.width)×"
                                                    + "\(captured.image.height)) cannot be shown over \(area.width)×\(area.height): "
                                                    + "the Wayland compositor offers no viewporter"))
    }

    /// Always true: the surface's exclusive keyboard interactivity (or, full screen, the focus the
    /// compositor gives a new window) is Wayland's grab, given with the surface (the pointer is the
    /// surface's wherever it covers the output).
    public func grabInputIfFree() -> Bool { true }

    /// Nothing to do: see `grabInputIfFree`.
    public func grabInput(cancel: CancellationFlag?) throws {}

    /// The frozen pixels shown, and their place in the layout.
    public func frozen() throws -> CapturedImage { captured }

    /// The pointer's last position over the surface (from its enter or last motion), in surface
    /// coordinates; nil before it entered: a Wayland client cannot ask where the pointer is.
    public func pointer() -> (x: Int, y: Int)? { input.position }

    /// Shows `shape` as the pointer over the surface (from the next enter when it is elsewhere).
    public func setCursor(_ shape: LiveCursor) {
        client.setCursor(shape)
    }

    // MARK: Drawing

    /// Draws `new` over the frozen screen in place of the current paints: on each output whose
    /// part changed, the buffer not shown is brought up to date where its paints differ from `new`
    /// (waiting, up to 2 s, for the compositor to release it), attached with the rectangles that
    /// changed as damage, and committed; returns once the compositor has the commits.
    public func setPaints(_ new: [LivePaint]) throws {
        let changed = LiveCompositor.damage(from: paints, to: new)
        paints = new
        guard !changed.isEmpty, !isClosed else { return }
        let touched = sheets.filter { $0.shows(any: changed) }
        guard !touched.isEmpty else { return }
        try connection.dispatch(until: { touched.allSatisfy { $0.back?.busy != true } }, within: .seconds(2),
                                waitingFor: "the compositor to release a buffer of the live surface")
        for sheet in touched { _ = sheet.draw(new, over: captured.image, changed: changed) }
        try connection.roundtrip()
    }

    // MARK: Running

    /// Runs `work` on the surface's thread inside `run` (soon, in order); false once closed. Work
    /// posted before the surface closes runs in any case. Any thread.
    @discardableResult
    public func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        client.inbox.post(work)
    }

    /// Hands `value` to the handler as `.message(value)` on the surface's thread; false once
    /// closed. Any thread.
    @discardableResult
    public func send(_ value: any Sendable) -> Bool {
        client.send(value)
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
        guard !isClosed, !sheets.isEmpty else { throw LiveTextError(.failed, "the live surface is not shown") }
        while true {
            if try client.handlePosted(handler, finished: { finishing }) { return .finished }
            while let event = input.next() {
                if !reportsEscape, case .key(let key) = event, key.keysym == Self.escape { return .escaped }
                try handler(event)
                if finishing { return .finished }
            }
            // The compositor took a surface away: its output went, or a screen locker came up.
            // The other outputs stay live; with none left, nothing is left to show and the user
            // chose nothing, which is what a cancellation means to the caller; it is no failure to
            // report (the compositor is still there).
            dropClosedSheets()
            if sheets.isEmpty { return .cancelled }
            // A full-screen sheet the compositor configured again (another size) is fitted to it.
            for sheet in sheets where try sheet.answerConfigures(viewporter: boundViewporter) {
                if let surface = sheet.surface { input.places[surface] = sheet.surfacePlace }
            }
            if cancel?.isCancelled == true { return .cancelled }
            // Woken in time for a held key's next repeat.
            try connection.dispatchEvents(waking: client.inbox, within: client.input.repeatWait ?? 100)
        }
    }

    private static let escape: UInt32 = 0xff1b

    /// Destroys the sheets whose surface the compositor closed.
    private func dropClosedSheets() {
        for sheet in sheets where sheet.role.isClosed {
            if let surface = sheet.surface { input.places[surface] = nil }
            sheet.destroy()
        }
        sheets.removeAll { $0.surface == nil }
    }

    // MARK: Closing

    /// Destroys the surface, its buffers and every object bound, and disconnects (once; safe on
    /// a compositor gone); a copy made through the surface that is still on the clipboard keeps
    /// the connection, served on a thread of its own until another program copies. Work still
    /// posted runs afterwards, finding the surface closed.
    public func close() {
        guard !isClosed else { return }
        let pending = client.closeInput()
        defer { pending.forEach { $0() } }
        sheets.forEach { $0.destroy() }
        sheets = []
        if let viewporter { wp_viewporter_destroy(viewporter) }
        shell?.destroy()
        (viewporter, shell) = (nil, nil)
        let serving = clipboard?.handOver()
        clipboard = nil
        client.disconnect(handingTo: serving, recycle: recycle)
        closed?()
    }

    // MARK: Copying

    /// Where the compositor takes a copy only from the focused client (it offers no
    /// wlr-data-control: GNOME), puts `text` on the clipboard as this surface, naming the latest
    /// key or button event it got, and returns true; the copy outlives the surface (see `close`).
    /// False where it has data-control, through which the backend's clipboard owner copies
    /// (`WaylandBackend.copy`). The primary selection is not set this way. Throws `unavailable`
    /// when the compositor has no clipboard at all, `failed` when it refused the copy.
    public func copyFromSurface(_ text: ClipboardContent) throws -> Bool {
        guard connection.global("zwlr_data_control_manager_v1") == nil else { return false }
        guard !isClosed else { throw LiveTextError(.failed, "the live surface is closed") }
        let clipboard = try self.clipboard ?? SurfaceClipboard(connection: connection)
        self.clipboard = clipboard
        try clipboard.copy(text, serial: input.latestSerial ?? 0)
        return true
    }
}
