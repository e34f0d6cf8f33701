import CWayland
import CWaylandProtocols
import LiveTextCore

/// Where one sheet of the live surface goes: the output (by name; nil: the first), that
/// output's rectangle and the part of it covered, both in the compositor's layout (logical pixels).
public struct LiveSheetPlace: Sendable, Hashable {
    public var outputName: String?
    public var output: Bounds
    public var area: Bounds

    public init(outputName: String?, output: Bounds, area: Bounds) {
        self.outputName = outputName
        self.output = output
        self.area = area
    }
}

/// The live surface on one output: a surface over `place.area` showing `crop` of the frozen
/// image, with two `wl_shm` buffers drawn in turn, put over the output by its role (a layer
/// surface, or a full-screen toplevel: `LiveSheetRole`). Used on the live surface's thread only.
final class LiveSheet {
    let place: LiveSheetPlace
    /// The part of the frozen image shown, in its pixels.
    let crop: Bounds
    let role: any LiveSheetRole
    private(set) var output: OpaquePointer?
    private(set) var surface: OpaquePointer?
    private var compositor: OpaquePointer?
    private var viewport: OpaquePointer?
    /// The buffer scale set on the surface (1: none).
    private var bufferScale = 1
    private let frame = WaylandConnection.DoneFlag()
    private var buffers: [LayerSurfaceBuffer] = []
    /// The buffer attached last.
    private var front = 0

    /// `crop`: `place.area` in the frozen image's pixels; `output`: the output bound for it.
    init(place: LiveSheetPlace, crop: Bounds, output: OpaquePointer?, role: any LiveSheetRole) {
        self.place = place
        self.crop = crop
        self.output = output
        self.role = role
    }

    /// Surface units to image pixels, for the seat's events.
    var surfacePlace: SurfacePlace {
        let shown = role.shownSize
        return SurfacePlace(originX: crop.x, originY: crop.y, scaleX: Double(crop.width) / Double(max(shown.width, 1)),
                            scaleY: Double(crop.height) / Double(max(shown.height, 1)))
    }

    /// The frame callback asked for by `showFirst` has fired: the compositor drew the sheet.
    var framed: Bool { frame.done }

    /// Makes the surface, gives it its role and commits it without a buffer, as the protocols
    /// ask before the first configure. `viewporter`: for a crop that is no integer multiple of
    /// the size shown.
    func create(compositor: OpaquePointer, viewporter: () throws -> OpaquePointer) throws {
        guard let surface = wl_compositor_create_surface(compositor) else {
            throw LiveTextError(.failed, "the Wayland compositor gave no surface for live text")
        }
        (self.surface, self.compositor) = (surface, compositor)
        try role.assign(to: surface, output: output, place: place)
        try fitBuffer(viewporter: viewporter)
        wl_surface_commit(surface)
    }

    /// Answers the role's configures with a commit, the buffer fitted first when they changed the
    /// size shown. True when the size changed (the seat's place with it).
    func answerConfigures(viewporter: () throws -> OpaquePointer) throws -> Bool {
        let answer = try role.answerConfigures()
        guard answer != .answered, let surface else { return false }
        if answer == .resized { try fitBuffer(viewporter: viewporter) }
        wl_surface_commit(surface)
        return answer == .resized
    }

    /// Makes the buffer (the crop's pixels) cover the size shown: a buffer scale when the crop is
    /// an integer multiple of it, else a viewport (kept once made).
    private func fitBuffer(viewporter: () throws -> OpaquePointer) throws {
        guard let surface, let compositor else { return }
        let shown = role.shownSize
        let scale = crop.width / max(shown.width, 1)
        let integral = scale >= 1 && crop.width == shown.width * scale && crop.height == shown.height * scale
        if viewport == nil, integral, scale == 1 || wl_proxy_get_version(compositor) >= 3 {
            if scale != bufferScale { wl_surface_set_buffer_scale(surface, Int32(scale)) }
            bufferScale = scale
            return
        }
        if bufferScale != 1 { wl_surface_set_buffer_scale(surface, 1) }
        bufferScale = 1
        if viewport == nil { viewport = wp_viewporter_get_viewport(try viewporter(), surface) }
        wp_viewport_set_destination(viewport, Int32(shown.width), Int32(shown.height))
    }

    /// Makes both buffers, fills the first with the crop of `image` and attaches it (the second
    /// is filled on the first redraw: the frozen screen shows sooner); returns the frame callback
    /// of that commit (the caller waits for it and destroys it).
    func showFirst(_ image: PixelImage, shm: OpaquePointer) throws -> OpaquePointer? {
        guard let surface else { return nil }
        buffers = try (0..<2).map { _ in try LayerSurfaceBuffer(shm: shm, width: crop.width, height: crop.height) }
        buffers[0].write(image, from: crop)
        buffers[0].filled = true
        front = 0
        wl_surface_attach(surface, buffers[0].buffer, 0, 0)
        SurfaceDamage.mark(surface, [Bounds(x: 0, y: 0, width: crop.width, height: crop.height)])
        buffers[0].busy = true
        let callback = wl_surface_frame(surface)
        wl_callback_add_listener(callback, WaylandConnection.doneListener.pointer, Unmanaged.passUnretained(frame).toOpaque())
        frame.done = false
        wl_surface_commit(surface)
        return callback
    }

    /// The buffer to draw next, when it is free; nil while the compositor still reads it.
    var back: LayerSurfaceBuffer? { buffers.count == 2 ? buffers[1 - front] : nil }

    /// Brings the back buffer up to `new` where it differs (image pixels), attaches it with
    /// `changed` (image pixels) as damage and commits. False when nothing of `changed` is here.
    func draw(_ new: [LivePaint], over image: PixelImage, changed: [Bounds]) -> Bool {
        let damaged = changed.map { $0.intersection(crop) }.filter { !$0.isEmpty }
        guard !damaged.isEmpty, let surface, let back, !back.busy else { return false }
        if !back.filled {
            back.write(image, from: crop)
            back.filled = true
        }
        for rect in LiveCompositor.damage(from: back.paints, to: new) {
            let part = rect.intersection(crop)
            if !part.isEmpty { back.write(LiveCompositor.compose(image, new, in: part), in: local(part)) }
        }
        back.paints = new
        wl_surface_attach(surface, back.buffer, 0, 0)
        SurfaceDamage.mark(surface, damaged.map(local))
        back.busy = true
        front = 1 - front
        wl_surface_commit(surface)
        return true
    }

    /// Whether `changed` (image pixels) touches this sheet.
    func shows(any changed: [Bounds]) -> Bool {
        changed.contains { !$0.intersection(crop).isEmpty }
    }

    /// An image rectangle in the buffer's pixels.
    private func local(_ rect: Bounds) -> Bounds {
        Bounds(x: rect.x - crop.x, y: rect.y - crop.y, width: rect.width, height: rect.height)
    }

    /// Destroys the role, the surface, its buffers and its output (once).
    func destroy() {
        if let viewport { wp_viewport_destroy(viewport) }
        role.destroy()
        if let surface { wl_surface_destroy(surface) }
        buffers.forEach { $0.destroy() }
        buffers = []
        if let output { LiveOutputChoice.release(output) }
        (viewport, surface, output, compositor) = (nil, nil, nil, nil)
    }
}
