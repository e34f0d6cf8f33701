import CWayland
import CWaylandProtocols
import LiveTextCore

/// A sheet of the live surface as a full-screen xdg toplevel on its output
/// (`xdg_toplevel.set_fullscreen`), for compositors without a layer shell (GNOME): above the
/// desktop's windows and panels while it has the focus, which it gets as a new window or through
/// xdg-activation.
///
/// A sheet over the whole output is the toplevel itself. A sheet over a part of it (a region) is
/// placed as a subsurface at its place on a toplevel that covers the output with the viewer's
/// backdrop: a full-screen window cannot be put anywhere but over the whole output, and what
/// lies around the region was not frozen. The pointer over the backdrop reaches no sheet.
///
/// The sheet waits for the configure that makes the toplevel full screen (compositors may first
/// configure it otherwise). When that configure brings another size than the output's logical
/// one (mutter's physical layout mode counts outputs in physical pixels; a compositor may keep a
/// panel's room), the whole frozen output is scaled to it rather than cut: the surface still
/// covers exactly the output and shows all of it, and the seat's events are turned into the
/// frozen image's pixels at that scale.
final class FullscreenSheetRole: LiveSheetRole {
    private let wmBase: OpaquePointer
    private let compositor: OpaquePointer
    private let shm: OpaquePointer
    /// Bound on first need, for a sheet over a part of its output.
    private let subcompositor: () throws -> OpaquePointer
    private let shell = ToplevelState()
    private var place = LiveSheetPlace(outputName: nil, output: Bounds(x: 0, y: 0, width: 0, height: 0),
                                       area: Bounds(x: 0, y: 0, width: 0, height: 0))
    private var surface: OpaquePointer?
    /// The toplevel's own surface under the sheet's, when the sheet covers a part of the output.
    private var backdropSurface: OpaquePointer?
    private var subsurface: OpaquePointer?
    private var backdrop: LayerSurfaceBuffer?
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    /// A configure came (and was acknowledged) since `answerConfigures` last ran.
    private var configureCame = false
    private var configuredOnce = false
    private var answered: (width: Int, height: Int) = (0, 0)

    /// `wmBase`: bound by the live surface (which answers its pings), shared by its sheets.
    init(wmBase: OpaquePointer, compositor: OpaquePointer, shm: OpaquePointer,
         subcompositor: @escaping () throws -> OpaquePointer) {
        self.wmBase = wmBase
        self.compositor = compositor
        self.shm = shm
        self.subcompositor = subcompositor
    }

    private var wholeOutput: Bool { place.area == place.output }

    func assign(to surface: OpaquePointer, output: OpaquePointer?, place: LiveSheetPlace) throws {
        self.place = place
        self.surface = surface
        answered = (place.area.width, place.area.height)
        var shown = surface
        if !wholeOutput {
            guard let root = wl_compositor_create_surface(compositor) else {
                throw LiveTextError(.failed, "the Wayland compositor gave no surface for live text")
            }
            backdropSurface = root
            subsurface = wl_subcompositor_get_subsurface(try subcompositor(), surface, root)
            wl_subsurface_set_position(subsurface, Int32(place.area.x - place.output.x), Int32(place.area.y - place.output.y))
            // Its commits show at once, not with the backdrop's next one.
            wl_subsurface_set_desync(subsurface)
            shown = root
        }
        guard let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, shown), let toplevel = xdg_surface_get_toplevel(xdgSurface) else {
            throw LiveTextError(.failed, "the Wayland compositor gave no window for live text")
        }
        (self.xdgSurface, self.toplevel) = (xdgSurface, toplevel)
        xdg_surface_add_listener(xdgSurface, Self.surfaceListener.pointer, Unmanaged.passUnretained(self).toOpaque())
        xdg_toplevel_add_listener(toplevel, ToplevelState.toplevelListener.pointer, shell.opaque)
        xdg_toplevel_set_title(toplevel, "livetext")
        xdg_toplevel_set_app_id(toplevel, "livetext")
        xdg_toplevel_set_fullscreen(toplevel, output)
        if let backdropSurface { wl_surface_commit(backdropSurface) }
    }

    /// The configure that made the toplevel full screen came, or one with the output's size.
    var isConfigured: Bool {
        configuredOnce && (shell.fullScreen || (shell.size.width, shell.size.height) == (place.output.width, place.output.height))
    }

    /// The compositor asked to close it (the user closed the window) or it is gone.
    var isClosed: Bool { shell.closeRequested }

    var shownSize: (width: Int, height: Int) { answered }

    var focusSurface: OpaquePointer? { backdropSurface ?? surface }

    func answerConfigures() throws -> Bool {
        guard configureCame else { return false }
        configureCame = false
        let given = shell.size
        guard wholeOutput else {
            // The backdrop takes the size given (0: the output's); the sheet stays at its place.
            try drawBackdrop(width: given.width > 0 ? given.width : place.output.width,
                             height: given.height > 0 ? given.height : place.output.height)
            return false
        }
        let new = (width: given.width > 0 ? given.width : place.area.width, height: given.height > 0 ? given.height : place.area.height)
        guard new != answered else { return false }
        answered = new
        return true
    }

    /// Fills the toplevel under a part-of-the-output sheet with the viewer's backdrop, at
    /// `width`×`height`, and commits it (which also places the sheet's subsurface).
    private func drawBackdrop(width: Int, height: Int) throws {
        guard let backdropSurface else { return }
        if backdrop.map({ $0.width != width || $0.height != height }) ?? true {
            let made = try LayerSurfaceBuffer(shm: shm, width: width, height: height)
            let color = LiveColor.viewBackdrop
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            pixels.withUnsafeMutableBufferPointer { bytes in
                for at in stride(from: 0, to: bytes.count, by: 4) {
                    (bytes[at], bytes[at + 1], bytes[at + 2]) = (color.red, color.green, color.blue)
                }
            }
            made.write(pixels, in: Bounds(x: 0, y: 0, width: width, height: height))
            wl_surface_attach(backdropSurface, made.buffer, 0, 0)
            SurfaceDamage.mark(backdropSurface, [Bounds(x: 0, y: 0, width: width, height: height)])
            backdrop?.destroy()
            backdrop = made
        }
        wl_surface_commit(backdropSurface)
    }

    func destroy() {
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let subsurface { wl_subsurface_destroy(subsurface) }
        if let backdropSurface { wl_surface_destroy(backdropSurface) }
        backdrop?.destroy()
        (toplevel, xdgSurface, subsurface, backdropSurface, backdrop, surface) = (nil, nil, nil, nil, nil, nil)
    }

    /// Each configure is acknowledged as it comes (the toplevel's configure, with its size and
    /// states, came just before); the sheet answers it with its next commit.
    private static let surfaceListener = ListenerTable(xdg_surface_listener(
        configure: { data, xdgSurface, serial in
            guard let data else { return }
            let role = Unmanaged<FullscreenSheetRole>.fromOpaque(data).takeUnretainedValue()
            xdg_surface_ack_configure(xdgSurface, serial)
            role.configuredOnce = true
            role.configureCame = true
        }))
}
