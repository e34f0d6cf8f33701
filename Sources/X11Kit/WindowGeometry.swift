import CX11
import LiveTextCore

/// Where windows are on the screen.
enum WindowGeometry {
    /// The part of the screen `id` covers inside its border, in root coordinates, clipped to `screen`.
    static func onScreen(_ id: UInt, display: X11Display, screen: Bounds) throws -> Bounds {
        let name = "window 0x\(String(id, radix: 16))"
        var attributes = XWindowAttributes()
        var status: Int32 = 0, sameScreen: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        let error = display.trapErrors {
            status = XGetWindowAttributes(display.handle, Window(id), &attributes)
            if status != 0 {
                sameScreen = XTranslateCoordinates(display.handle, Window(id), display.root, 0, 0, &x, &y, &child)
            }
        }
        try display.checkAlive()
        if let error, ![X11ProtocolError.badWindow, X11ProtocolError.badMatch, X11ProtocolError.badDrawable].contains(error.code) {
            throw LiveTextError(.failed, "could not read where \(name) is: \(error)")
        }
        guard error == nil, status != 0 else {
            throw LiveTextError(.notFound, "\(name) is gone (closed, or not a window id)")
        }
        guard sameScreen != 0 else {
            throw LiveTextError(.invalidArgs, "\(name) is on another screen than '\(display.name)'")
        }
        guard attributes.map_state == IsViewable else {
            throw LiveTextError(.notFound, "\(name) is not shown (unmapped or minimized): bring it on screen first")
        }
        let area = Bounds(x: Int(x), y: Int(y), width: Int(attributes.width), height: Int(attributes.height))
        let visible = area.intersection(screen)
        guard !visible.isEmpty else {
            throw LiveTextError(.notFound, "\(name) at \(area) is outside the screen (\(screen.width)×\(screen.height))")
        }
        return visible
    }

    /// The topmost shown top-level window (a child of the root: a client or its frame) whose outer
    /// rectangle holds the point, skipping `excluded` and input-only windows; its id and the area
    /// inside its border. Nil for the bare root.
    static func topLevel(atX px: Int, y py: Int, display: X11Display, excluding excluded: Window) -> (id: UInt, area: Bounds)? {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        var found: (id: UInt, area: Bounds)?
        display.trapErrors {
            guard XQueryTree(display.handle, display.root, &rootReturn, &parent, &children, &count) != 0,
                  let children else { return }
            defer { XFree(children) }
            // Bottom to top: search from the end.
            for window in UnsafeBufferPointer(start: children, count: Int(count)).reversed() where window != excluded {
                var attributes = XWindowAttributes()
                // A window closed meanwhile fails here (BadWindow, swallowed): skip it.
                guard XGetWindowAttributes(display.handle, window, &attributes) != 0,
                      attributes.map_state == IsViewable, attributes.`class` == InputOutput else { continue }
                let border = Int(attributes.border_width)
                let outer = Bounds(x: Int(attributes.x), y: Int(attributes.y),
                                   width: Int(attributes.width) + 2 * border, height: Int(attributes.height) + 2 * border)
                if outer.contains(x: px, y: py) {
                    found = (UInt(window), Bounds(x: outer.x + border, y: outer.y + border,
                                                  width: Int(attributes.width), height: Int(attributes.height)))
                    return
                }
            }
        }
        return found
    }
}
