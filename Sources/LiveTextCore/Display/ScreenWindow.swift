/// A top-level window shown on the screen when it was captured: what maps an application's
/// published text to the window it is drawn in (by its process), and what covers it.
public struct ScreenWindow: Sendable, Hashable {
    public var id: UInt
    /// The process that owns it (`_NET_WM_PID`), when it says.
    public var pid: Int32?
    /// Its area on the screen, inside its border; with a window manager, the client inside its frame.
    public var area: Bounds
    /// What it covers of the windows below (its frame, with a window manager).
    public var outer: Bounds

    public init(id: UInt, pid: Int32?, area: Bounds, outer: Bounds) {
        self.id = id
        self.pid = pid
        self.area = area
        self.outer = outer
    }
}
