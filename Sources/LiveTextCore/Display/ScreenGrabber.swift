/// A way to read the whole screen that is not a display server's own protocol: a desktop's D-Bus
/// service (xdg-desktop-portal's Screenshot, KWin's ScreenShot2), for compositors that offer no
/// capture protocol (GNOME, KDE Plasma). A backend that lacks one of its own (`WaylandBackend`)
/// is given a grabber and crops what it returns to the monitor or region asked for.
///
/// Blocking: called on a backend's queue, never on the cooperative pool.
public protocol ScreenGrabber: AnyObject, Sendable {
    /// How messages name it: "GNOME's Screenshot portal", "KWin's ScreenShot2".
    var spokenName: String { get }

    /// Nil when it can be asked now; else why not and what would bring it ("xdg-desktop-portal is
    /// not running: …"), for the `unavailable` error of a capture that needs it. May make a round
    /// trip (is the service on the bus?).
    func unavailableReason() -> String?

    /// The whole screen, every monitor at its place in the layout, the layout's top-left corner at
    /// (0, 0), in physical pixels (rgba8), within `deadline`. Throws `unavailable` (the service is
    /// gone, or nobody answered in time, e.g. a consent dialog left open: the message says which),
    /// `accessDenied` (the user refused, or has not allowed it: the message says where to allow it).
    func grabScreen(within deadline: Duration) throws -> PixelImage
}
