import CWayland
import CWaylandProtocols

/// What the compositor said of a live sheet's layer surface: configured (each configure
/// acknowledged at once, as the surface takes whatever size it is given: its buffer is the
/// frozen screen's) and closed. Used on the surface's thread only.
final class LayerSurfaceState {
    /// The first configure came (and was acknowledged).
    var configured = false
    /// The size the compositor gave, in surface units.
    var size = (width: 0, height: 0)
    /// The compositor took the layer surface away (its output went, or a screen locker came).
    var closed = false

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func state(_ data: UnsafeMutableRawPointer?) -> LayerSurfaceState? {
        data.map { Unmanaged<LayerSurfaceState>.fromOpaque($0).takeUnretainedValue() }
    }

    static let layerListener = ListenerTable(zwlr_layer_surface_v1_listener(
        configure: { data, layerSurface, serial, width, height in
            guard let state = state(data) else { return }
            zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
            state.size = (Int(width), Int(height))
            state.configured = true
        },
        closed: { data, _ in state(data)?.closed = true }))
}
