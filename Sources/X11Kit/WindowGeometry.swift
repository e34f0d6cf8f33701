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
}
