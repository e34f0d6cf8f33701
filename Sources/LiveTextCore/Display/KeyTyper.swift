/// A way to press keys in the focused window that is not a display server's own protocol: a
/// desktop's D-Bus service (xdg-desktop-portal's RemoteDesktop), for compositors that offer
/// neither a virtual keyboard nor a fake input of their own (GNOME). A backend that lacks one
/// (`WaylandBackend`) is given a typer and hands it the keysyms of the text; which keysyms the
/// desktop can type (its keyboard layout's) the backend checks between `prepare` and `press`.
///
/// Blocking: called on a backend's queue, never on the cooperative pool.
public protocol KeyTyper: AnyObject, Sendable {
    /// How messages name it: "the desktop's RemoteDesktop portal".
    var spokenName: String { get }

    /// Nil when it can be asked now; else why not and what would bring it ("xdg-desktop-portal is
    /// not running: …"), for the `unavailable` error of typing that needs it. May make a round
    /// trip (is the service on the bus?).
    func unavailableReason() -> String?

    /// Gets the keyboard ready: asks the user the first time (a consent dialog) and keeps what was
    /// granted for later calls. Throws `unavailable` (the service is gone, or nobody answered the
    /// dialog in time: the message says what to allow), `accessDenied` (the user refused),
    /// `cancelled` once `cancel` is raised.
    func prepare(cancel: CancellationFlag) throws

    /// Presses and releases each of `keysyms` (X11 keysyms, as xkbcommon names them) in order,
    /// preparing first when needed; throws as `prepare`, and `failed` when a key is not taken.
    func press(keysyms: [UInt32], cancel: CancellationFlag) throws
}
