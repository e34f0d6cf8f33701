import CWayland
import CWaylandProtocols
import LiveTextCore

/// Where one layer surface of the live surface goes: the output (by name; nil: the first), that
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

/// The live surface on one output: a layer surface on the overlay layer over `place.area`,
/// showing `crop` of the frozen image, with two `wl_shm` buffers drawn in turn. Used on the live
/// surface's thread only.
final class LiveSheet {
    let place: LiveSheetPlace
    /// The part of the frozen image shown, in its pixels.
    let crop: Bounds
    private(set) var output: OpaquePointer?
    private(set) var surface: OpaquePointer?
    private var layerSurface: OpaquePointer?
    private var viewport: OpaquePointer?
    let shell = LayerSurfaceState()
    private var buffers: [LayerSurfaceBuffer] = []
    /// The buffer attached last.
    private var front = 0

    /// `crop`: `place.area` in the frozen image's pixels; `output`: the output bound for it.
    init(place: LiveSheetPlace, crop: Bounds, output: OpaquePointer?) {
        self.place = place
        self.crop = crop
        self.output = output
    }

    /// Surface units to image pixels, for the seat's events.
    var surfacePlace: SurfacePlace {
        SurfacePlace(originX: crop.x, originY: crop.y, scaleX: Double(crop.width) / Double(place.area.width),
                     scaleY: Double(crop.height) / Double(place.area.height))
    }

    /// Makes the layer surface and commits it without a buffer, as the protocol asks before the
    /// first configure. `viewporter`: for a crop that is no integer multiple of the area.
    func create(compositor: OpaquePointer, layerShell: OpaquePointer, viewporter: () throws -> OpaquePointer) throws {
        guard let surface = wl_compositor_create_surface(compositor),
              let layerSurface = zwlr_layer_shell_v1_get_layer_surface(layerShell, surface, output,
                                                                        ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, "livetext")
        else { throw LiveTextError(.failed, "the Wayland compositor gave no surface for live text") }
        (self.surface, self.layerSurface) = (surface, layerSurface)
        zwlr_layer_surface_v1_add_listener(layerSurface, LayerSurfaceState.layerListener.pointer, shell.opaque)
        let area = place.area
        zwlr_layer_surface_v1_set_size(layerSurface, UInt32(area.width), UInt32(area.height))
        if area == place.output {
            // Anchored to every edge with the output's size: the whole output.
            zwlr_layer_surface_v1_set_anchor(layerSurface, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue
                                             | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
                                             | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue
                                             | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue)
        } else {
            // A part: placed from the output's top-left corner.
            zwlr_layer_surface_v1_set_anchor(layerSurface, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue
                                             | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue)
            zwlr_layer_surface_v1_set_margin(layerSurface, Int32(area.y - place.output.y), 0, 0, Int32(area.x - place.output.x))
        }
        // -1: not moved by panels' exclusive zones; exclusive: the keyboard is ours.
        zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, -1)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, 1)
        try fitBuffer(to: surface, compositor: compositor, viewporter: viewporter)
        wl_surface_commit(surface)
    }

    /// Makes the buffer (the crop's pixels) cover the surface: a buffer scale when the crop is an
    /// integer multiple of the area, else a viewport.
    private func fitBuffer(to surface: OpaquePointer, compositor: OpaquePointer, viewporter: () throws -> OpaquePointer) throws {
        let area = place.area
        guard crop.width != area.width || crop.height != area.height else { return }
        let scale = crop.width / area.width
        if scale > 1, crop.width == area.width * scale, crop.height == area.height * scale, wl_proxy_get_version(compositor) >= 3 {
            wl_surface_set_buffer_scale(surface, Int32(scale))
            return
        }
        viewport = wp_viewporter_get_viewport(try viewporter(), surface)
        wp_viewport_set_destination(viewport, Int32(area.width), Int32(area.height))
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
        let frame = wl_surface_frame(surface)
        wl_callback_add_listener(frame, LayerSurfaceState.frameListener.pointer, shell.opaque)
        shell.framed = false
        wl_surface_commit(surface)
        return frame
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

    /// Destroys the surface, its buffers and its output (once).
    func destroy() {
        if let viewport { wp_viewport_destroy(viewport) }
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        if let surface { wl_surface_destroy(surface) }
        buffers.forEach { $0.destroy() }
        buffers = []
        if let output { LiveOutputChoice.release(output) }
        (viewport, layerSurface, surface, output) = (nil, nil, nil, nil)
    }
}
