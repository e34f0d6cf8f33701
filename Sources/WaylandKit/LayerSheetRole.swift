import CWayland
import CWaylandProtocols
import LiveTextCore

/// A sheet of the live surface as a layer surface (wlr-layer-shell) on the overlay layer of its
/// output, over everything but the screen locker, with the keyboard exclusively its own: the
/// whole output anchored to every edge, or a part of it placed by margins from its top-left corner.
/// Each configure is acknowledged as it comes: the surface takes the size it asked for.
final class LayerSheetRole: LiveSheetRole {
    private let layerShell: OpaquePointer
    private let state = LayerSurfaceState()
    private var layerSurface: OpaquePointer?
    private var surface: OpaquePointer?
    private var area = Bounds(x: 0, y: 0, width: 0, height: 0)

    /// `layerShell`: bound by the live surface, shared by its sheets.
    init(layerShell: OpaquePointer) {
        self.layerShell = layerShell
    }

    func assign(to surface: OpaquePointer, output: OpaquePointer?, place: LiveSheetPlace) throws {
        guard let layerSurface = zwlr_layer_shell_v1_get_layer_surface(layerShell, surface, output,
                                                                        ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, "livetext")
        else { throw LiveTextError(.failed, "the Wayland compositor gave no layer surface for live text") }
        (self.layerSurface, self.surface, area) = (layerSurface, surface, place.area)
        zwlr_layer_surface_v1_add_listener(layerSurface, LayerSurfaceState.layerListener.pointer, state.opaque)
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
    }

    var isConfigured: Bool { state.configured }
    var isInPlace: Bool { state.configured }
    var isClosed: Bool { state.closed }
    var shownSize: (width: Int, height: Int) { (area.width, area.height) }
    /// Each was acknowledged as it came, at the size asked for.
    func answerConfigures() -> SheetConfigure { .answered }
    var focusSurface: OpaquePointer? { surface }

    func destroy() {
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        (layerSurface, surface) = (nil, nil)
    }
}
