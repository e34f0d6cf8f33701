import CWayland
import CWaylandProtocols
import LiveTextCore

/// The shell the live surface's sheets are put on, bound once for all of them: wlr-layer-shell
/// where the compositor offers it (wlroots, KDE Plasma), else xdg-shell's full-screen toplevels
/// (GNOME), which ask for the focus through xdg-activation when given a token. Used on the live
/// surface's thread only.
final class LiveSheetShell {
    private let connection: WaylandConnection
    private var layerShell: OpaquePointer?
    private var wmBase: OpaquePointer?
    private var subcompositor: OpaquePointer?
    private var activation: OpaquePointer?

    /// Throws `unavailable` when the compositor offers neither shell.
    init(connection: WaylandConnection) throws {
        self.connection = connection
        if let global = connection.global("zwlr_layer_shell_v1") {
            layerShell = connection.bind(global, lt_zwlr_layer_shell_v1_interface(), version: 4)
        } else if let global = connection.global("xdg_wm_base") {
            let wmBase = connection.bind(global, lt_xdg_wm_base_interface(), version: 2)
            xdg_wm_base_add_listener(wmBase, ToplevelState.baseListener.pointer, nil)
            self.wmBase = wmBase
        } else {
            throw LiveTextError(.unavailable, "live text cannot cover the screen: the Wayland compositor '\(connection.socketName)' "
                                + "offers neither a layer shell (zwlr_layer_shell_v1) nor xdg-shell (xdg_wm_base)")
        }
    }

    /// Whether the sheets are full-screen toplevels (no layer shell).
    var isFullscreen: Bool { layerShell == nil }

    /// The role of one more sheet.
    func role(compositor: OpaquePointer, shm: OpaquePointer) -> any LiveSheetRole {
        if let layerShell { return LayerSheetRole(layerShell: layerShell) }
        return FullscreenSheetRole(wmBase: wmBase!, compositor: compositor, shm: shm, subcompositor: boundSubcompositor)
    }

    /// Asks the compositor to give `surface` the focus with `token` (the one the program was
    /// started with, or a request's): a new window of a program the user did not just click may
    /// otherwise be left without it (GNOME's focus-stealing prevention). Nothing without
    /// xdg-activation, or on the layer shell, whose sheets take the keyboard themselves.
    func activate(_ surface: OpaquePointer, token: String) {
        guard isFullscreen, !token.isEmpty, let global = connection.global("xdg_activation_v1") else { return }
        let bound = activation ?? connection.bind(global, lt_xdg_activation_v1_interface(), version: 1)
        activation = bound
        xdg_activation_v1_activate(bound, token, surface)
    }

    /// The subcompositor, bound on first need (a sheet over a part of its output).
    private func boundSubcompositor() throws -> OpaquePointer {
        try connection.bound(&subcompositor, "wl_subcompositor", as: lt_wl_subcompositor_interface(), version: 1,
                             missing: LiveTextError(.unavailable, "live text cannot show a region of the screen on "
                                                    + "'\(connection.socketName)': it has no layer shell and no subsurfaces "
                                                    + "(wl_subcompositor); freeze a whole monitor instead"))
    }

    /// Destroys what it bound (after the sheets).
    func destroy() {
        if let layerShell {
            if wl_proxy_get_version(layerShell) >= 3 { zwlr_layer_shell_v1_destroy(layerShell) } else { wl_proxy_destroy(layerShell) }
        }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        if let activation { xdg_activation_v1_destroy(activation) }
        (layerShell, wmBase, subcompositor, activation) = (nil, nil, nil, nil)
    }
}
