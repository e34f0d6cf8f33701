import CX11
import LiveTextCore

extension X11Display {
    /// Where the pointer is, in root coordinates; nil when it is on another screen or the display
    /// went away.
    public func pointer() -> (x: Int, y: Int)? {
        var root: Window = 0, child: Window = 0, x: Int32 = 0, y: Int32 = 0, winX: Int32 = 0, winY: Int32 = 0
        var mask: UInt32 = 0
        guard !isBroken, XQueryPointer(handle, self.root, &root, &child, &x, &y, &winX, &winY, &mask) != 0 else { return nil }
        return (Int(x), Int(y))
    }
}

extension ScreenCapture {
    /// The index (in `monitors()`' order) of the monitor under the pointer; nil when the screen is
    /// one monitor, or the pointer is on none of them (a gap between monitors of unlike sizes).
    public func monitorUnderPointer() throws -> Int? {
        let monitors = try monitors()
        guard monitors.count > 1, let (x, y) = display.pointer() else { return nil }
        return monitors.firstIndex { $0.bounds.contains(x: x, y: y) }
    }
}
