import CX11
import LiveTextCore

/// A copy, kept on the server, of part of the screen as it was at one moment: what the region
/// selector's overlay and the live surface show while the user works on it. Freed once by
/// `free()`, also on a display that went away (where it does nothing).
final class FrozenScreen {
    private let display: X11Display
    /// The part of the root window copied, in root coordinates.
    let area: Bounds
    /// `area.width` × `area.height` at the root's depth; (0, 0) is `area`'s top-left corner.
    private(set) var pixmap: Pixmap = 0
    /// A GC for copies between drawables of the root's depth, without graphics exposures.
    private(set) var copyGC: GC?

    /// Copies `area` of the root window (windows on top of it included) into `pixmap`.
    init(display: X11Display, area: Bounds) throws {
        self.display = display
        self.area = area
        try display.checkScreenReadable()
        let handle = display.handle, depth = UInt32(lt_DefaultDepth(handle, display.screen))
        let error = display.trapErrors {
            pixmap = XCreatePixmap(handle, display.root, UInt32(area.width), UInt32(area.height), depth)
            copyGC = XCreateGC(handle, display.root, 0, nil)
            XSetSubwindowMode(handle, copyGC, IncludeInferiors)
            XSetGraphicsExposures(handle, copyGC, 0)
            XCopyArea(handle, display.root, pixmap, copyGC, Int32(area.x), Int32(area.y),
                      UInt32(area.width), UInt32(area.height), 0, 0)
        }
        try display.checkAlive()
        if let error {
            free()
            throw LiveTextError(.failed, "could not copy the screen: \(error)")
        }
    }

    /// Frees the pixmap and GC (once).
    func free() {
        guard !display.isBroken, !display.isClosed else { return }
        let handle = display.handle
        display.trapErrors {
            if pixmap != 0 { XFreePixmap(handle, pixmap) }
            if let copyGC { XFreeGC(handle, copyGC) }
        }
        pixmap = 0
        copyGC = nil
    }

    /// Creates an unmapped override-redirect window over `area` (root coordinates) with
    /// `background` as its background pixmap (the server repaints exposed parts from it),
    /// `cursor`, `eventMask`, the name `name` and the class `livetext`. No window manager moves,
    /// frames or hides it.
    static func overrideRedirectWindow(_ display: X11Display, area: Bounds, background: Pixmap, cursor: Cursor,
                                       eventMask: Int, name: String) -> Window {
        let handle = display.handle
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixmap = background
        attributes.cursor = cursor
        attributes.event_mask = eventMask
        let window = XCreateWindow(handle, display.root, Int32(area.x), Int32(area.y), UInt32(area.width),
                                   UInt32(area.height), 0, 0 /* CopyFromParent */, UInt32(InputOutput), nil,
                                   UInt(CWOverrideRedirect | CWBackPixmap | CWCursor | CWEventMask), &attributes)
        Self.name(window, name, display)
        return window
    }

    /// Gives `window` the name `name` and the class `livetext` (instance and class), by which
    /// window managers and tests know it.
    static func name(_ window: Window, _ name: String, _ display: X11Display) {
        XStoreName(display.handle, window, name)
        "livetext".withCString { className in
            var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: className),
                                  res_class: UnsafeMutablePointer(mutating: className))
            XSetClassHint(display.handle, window, &hint)
        }
    }
}
