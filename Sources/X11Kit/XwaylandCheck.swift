import CX11
import LiveTextCore

/// Whether an X server is Xwayland, the X server of a Wayland session: its root window does not
/// hold the desktop's pixels (the compositor draws them), so reading the screen through it gives an
/// image that is all black (MIT-SHM) or a BadMatch, never the desktop. livetext refuses instead.
extension X11Display {
    /// True for Xwayland: it has the XWAYLAND extension (Xwayland 23.1 and later), or names its
    /// RandR monitors `XWAYLAND0`, `XWAYLAND1`, … (every Xwayland; 22.1 has no extension).
    public var isXwayland: Bool {
        if let known = xwayland.withLock({ $0 }) { return known }
        let found = Self.hasXwaylandExtension(handle) || ((try? MonitorList.query(self)) ?? []).contains { monitor in
            monitor.name.hasPrefix("XWAYLAND") && monitor.name.dropFirst(8).allSatisfy(\.isNumber)
        }
        xwayland.withLock { $0 = found }
        return found
    }

    /// Throws `unavailable` when the screen cannot be read through this connection (Xwayland).
    public func checkScreenReadable() throws {
        guard isXwayland else { return }
        throw LiveTextError(.unavailable, "cannot read the screen: the X display '\(name)' is Xwayland, the X server of "
                            + "a Wayland session, which never shows the desktop to X clients (a capture would be all "
                            + "black); livetext cannot capture a Wayland desktop yet")
    }

    private static func hasXwaylandExtension(_ handle: OpaquePointer) -> Bool {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        return XQueryExtension(handle, "XWAYLAND", &opcode, &event, &error) != 0
    }
}
