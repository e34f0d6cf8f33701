import CX11
import LiveTextCore

/// Reads pixels from the screen of one display connection.
///
/// Uses MIT-SHM (the server writes into a shared segment, reused between captures) when the server
/// has it and the connection is local, plain `XGetImage` otherwise. Supports TrueColor screens of
/// 8 to 32 bits a pixel, whatever their channel masks (RGB565, BGRX, 10-bit channels).
///
/// One thread at a time: like its `X11Display`, an instance must not be used from two threads at
/// once (hence `@unchecked Sendable`: it may move between threads, not be shared by them).
public final class ScreenCapture: @unchecked Sendable {
    public let display: X11Display
    private var shared: SharedMemoryImage?

    /// Probes MIT-SHM by attaching a small first segment; never throws (a dead or odd display
    /// shows up as an error on the first capture).
    public init(display: X11Display) {
        self.display = display
        if !display.isBroken, !display.isClosed, XShmQueryExtension(display.handle) != 0,
           SharedMemoryImage.isLocal(displayName: display.name) {
            shared = SharedMemoryImage(display: display, initialSize: 1 << 16)
        }
    }

    /// True while captures go through shared memory: the server has MIT-SHM, the connection is
    /// local and attaching a segment worked.
    public var usesSharedMemory: Bool { shared != nil }

    /// Detaches the shared segment; later captures use `XGetImage`. Also done on deinit.
    public func close() { shared = nil }

    /// The monitors: RandR 1.5 monitors, Xinerama heads when it reports more, else the root.
    public func monitors() throws -> [Monitor] {
        try MonitorList.query(display)
    }

    /// Captures `target`. Throws `.invalidArgs` for a region or monitor off the screen, `.notFound`
    /// for a window that is gone or not shown, `.unavailable` when the display went away or is
    /// Xwayland (whose screen reads all black).
    public func capture(_ target: CaptureTarget) throws -> CapturedImage {
        let area = try area(of: target)
        // Where the windows are, read before the pixels (a window moving meanwhile is rare and
        // costs a line cut where it was, no text).
        let windows = TopLevelWindows(display: display)
        if case .window(let id) = target {
            return CapturedImage(image: try read(display.root, area), bounds: area, window: id, windows: windows.screenWindows)
        }
        return CapturedImage(image: try read(display.root, area), bounds: area, regions: windows.regions(in: area),
                             windows: windows.screenWindows)
    }

    /// Where `target` is on the screen now (root coordinates, clipped to it), with the errors of
    /// `capture`.
    public func area(of target: CaptureTarget) throws -> Bounds {
        try display.checkAlive()
        try display.checkScreenReadable()
        let screen = screenBounds
        switch target {
        case .screen:
            return screen
        case .region(let region):
            return try clip(region, to: screen, what: "region \(region)")
        case .monitor(let index):
            let monitors = try monitors()
            guard monitors.indices.contains(index) else {
                let list = monitors.enumerated().map { "\($0.offset): \($0.element.name) \($0.element.bounds)" }
                throw LiveTextError(.invalidArgs, "no monitor \(index): the monitors are \(list.joined(separator: ", "))")
            }
            return try clip(monitors[index].bounds, to: screen, what: "monitor \(index)")
        case .window(let id):
            return try WindowGeometry.onScreen(id, display: display, screen: screen)
        }
    }

    /// The root window as a rectangle.
    var screenBounds: Bounds {
        let (width, height) = display.screenSize
        return Bounds(x: 0, y: 0, width: width, height: height)
    }

    private func clip(_ area: Bounds, to screen: Bounds, what: String) throws -> Bounds {
        guard !area.isEmpty else {
            throw LiveTextError(.invalidArgs, "\(what) is empty: give a width and height above 0 (the screen is \(screen.width)×\(screen.height))")
        }
        let clipped = area.intersection(screen)
        guard !clipped.isEmpty else {
            throw LiveTextError(.invalidArgs, "\(what) lies outside the screen (\(screen.width)×\(screen.height) at 0,0)")
        }
        return clipped
    }

    /// Reads `area` of `drawable` (the root, or a pixmap of the root's depth) into rgba8.
    func read(_ drawable: Drawable, _ area: Bounds) throws -> PixelImage {
        do {
            return try readEither(drawable, area)
        } catch let error as X11ProtocolError {
            try display.checkAlive()
            throw LiveTextError(.failed, "the X server refused to read \(area) of the screen: \(error)")
        }
    }

    private func readEither(_ drawable: Drawable, _ area: Bounds) throws -> PixelImage {
        let visual = try Self.rootVisual(display)
        if let shared {
            do {
                return try shared.read(drawable: drawable, area: area, visual: visual.visual, depth: visual.depth)
            } catch let error as LiveTextError where error.code == .failed {
                // The shared path broke down (segment refused): fall back for good.
                self.shared = nil
            } catch {
                try display.checkAlive()
                throw error
            }
        }
        return try readWithGetImage(drawable, area, visual.visual)
    }

    private func readWithGetImage(_ drawable: Drawable, _ area: Bounds, _ visual: UnsafeMutablePointer<Visual>) throws -> PixelImage {
        var image: UnsafeMutablePointer<XImage>?
        let error = display.trapErrors {
            image = XGetImage(display.handle, drawable, Int32(area.x), Int32(area.y),
                              UInt32(area.width), UInt32(area.height), ~0, ZPixmap)
        }
        try display.checkAlive()
        if let error { throw error }
        guard let image, let data = image.pointee.data else {
            throw LiveTextError(.failed, "the X server returned no image for \(area)")
        }
        defer { _ = lt_XDestroyImage(image) }
        return try XImagePixels.rgba(from: data, width: area.width, height: area.height,
                                     layout: XPixelLayout(image: image, visual: visual))
    }

    /// The root window's visual, which must be TrueColor (for capture and for drawing).
    static func rootVisual(_ display: X11Display) throws -> (visual: UnsafeMutablePointer<Visual>, depth: Int32) {
        guard let visual = lt_DefaultVisual(display.handle, display.screen) else {
            throw LiveTextError(.unavailable, "the X display '\(display.name)' has no default visual")
        }
        guard visual.pointee.`class` == TrueColor else {
            throw LiveTextError(.unavailable, "the screen uses a colormapped visual (class \(visual.pointee.`class`)); capture needs a TrueColor screen of 15 bits or more")
        }
        return (visual, lt_DefaultDepth(display.handle, display.screen))
    }
}
