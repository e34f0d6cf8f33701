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
/// The sheet draws at the output's size from the first configure: mutter's is full screen
/// already, but sway makes a window full screen only once it is mapped, and a size it gives a
/// window that is not full screen yet is not the one it will have. `isInPlace` waits for the
/// configure that says full screen. When that brings another size than the output's logical one
/// (mutter's physical layout mode counts outputs in physical pixels; a compositor may keep a
/// panel's room), the whole frozen output is scaled to it rather than cut: the surface still
/// covers exactly the output and shows all of it, and the seat's events are turned into the
/// frozen image's pixels at that scale.
///
/// When its output goes away, mutter and sway move a full-screen window to another output, where
/// it would cover that one with pixels frozen elsewhere: a sheet whose surface, once on its own
/// output, enters another counts as closed, as a layer surface is closed with its output (before,
/// it may pass another: sway maps a window on the focused output, then moves it full screen).
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
    private var output: OpaquePointer?
    /// The surface entered its own output.
    private var reachedOwn = false
    /// The surface entered another output than its own after its own.
    private var movedAway = false
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
        (self.surface, self.output) = (surface, output)
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
        wl_surface_add_listener(shown, Self.outputsListener.pointer, Unmanaged.passUnretained(self).toOpaque())
        xdg_surface_add_listener(xdgSurface, Self.surfaceListener.pointer, Unmanaged.passUnretained(self).toOpaque())
        xdg_toplevel_add_listener(toplevel, ToplevelState.toplevelListener.pointer, shell.opaque)
        xdg_toplevel_set_title(toplevel, "livetext")
        xdg_toplevel_set_app_id(toplevel, "livetext")
        xdg_toplevel_set_fullscreen(toplevel, output)
        if let backdropSurface { wl_surface_commit(backdropSurface) }
    }

    var isConfigured: Bool { configuredOnce }

    /// A configure said the toplevel is full screen.
    var isInPlace: Bool { configuredOnce && shell.fullScreen }

    /// The compositor asked to close it (the user closed the window), or moved it off its output.
    var isClosed: Bool { shell.closeRequested || movedAway }

    var shownSize: (width: Int, height: Int) { answered }

    var focusSurface: OpaquePointer? { backdropSurface ?? surface }

    func answerConfigures() throws -> SheetConfigure {
        guard configureCame else { return .answered }
        configureCame = false
        // Only a full-screen size is the one the surface keeps (0: the client's choice).
        let given = shell.fullScreen ? shell.size : (width: 0, height: 0)
        guard wholeOutput else {
            // The backdrop takes the size given (0: the output's); the sheet stays at its place.
            try drawBackdrop(width: given.width > 0 ? given.width : place.output.width,
                             height: given.height > 0 ? given.height : place.output.height)
            return .answered
        }
        let new = (width: given.width > 0 ? given.width : place.area.width, height: given.height > 0 ? given.height : place.area.height)
        // The acknowledged configure is answered by a commit (sway applies it only then).
        guard new != answered else { return .commit }
        answered = new
        return .resized
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
        (toplevel, xdgSurface, subsurface, backdropSurface, backdrop, surface, output) = (nil, nil, nil, nil, nil, nil, nil)
    }

    private static func role(_ data: UnsafeMutableRawPointer?) -> FullscreenSheetRole? {
        data.map { Unmanaged<FullscreenSheetRole>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Which outputs the toplevel's surface is on: another than its own, after its own, means it
    /// was moved there.
    private static let outputsListener = ListenerTable(wl_surface_listener(
        enter: { data, _, entered in
            guard let role = role(data), let own = role.output, let entered else { return }
            if entered == own { role.reachedOwn = true } else if role.reachedOwn { role.movedAway = true }
        },
        leave: { _, _, _ in }))

    /// Each configure is acknowledged as it comes (the toplevel's configure, with its size and
    /// states, came just before); the sheet answers it with its next commit.
    private static let surfaceListener = ListenerTable(xdg_surface_listener(
        configure: { data, xdgSurface, serial in
            guard let role = role(data) else { return }
            xdg_surface_ack_configure(xdgSurface, serial)
            role.configuredOnce = true
            role.configureCame = true
        }))
}
