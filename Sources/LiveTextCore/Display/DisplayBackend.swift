import Foundation

/// One display server as livetext uses it: capture, the interactive selection, the clipboard
/// and typing. X11 (`X11Kit.X11Backend`) and Wayland (`WaylandKit.WaylandBackend`) conform, and
/// a fake (`LiveTextDesktop.EmbeddedDisplay`) stands in for both in tests without a display; the
/// desktop (`LiveTextDesktop.Desktop`) chooses one at start and speaks only to this protocol.
///
/// Every method may be called from any task; a backend serializes its own connection. A request
/// the backend cannot do throws `unavailable` saying why and what to install or enable (see
/// `capabilities`), never a hang; a connection whose server went away is replaced on the next call.
public protocol DisplayBackend: AnyObject, Sendable {
    /// How messages name this display: "the X display ':0'", "the Wayland display 'wayland-1'".
    var spokenName: String { get }

    /// What this backend can do on the display it reached (connecting first when needed, so it
    /// may block for a round trip); `unavailable` when there is no display to reach.
    func capabilities() throws -> DisplayCapabilities

    /// Why `capability` is missing and what would bring it, for the `unavailable` error of a
    /// request that needs it; nil when it is not missing.
    func unavailableReason(_ capability: DisplayCapabilities) -> String?

    /// How this backend does `capability` ("wlr-screencopy", "the Screenshot portal"), for
    /// `livetext desktop`; nil when it cannot. Blocking, as `capabilities`.
    func mechanism(of capability: DisplayCapabilities) -> String?

    /// The monitors, in the order `CaptureTarget.monitor` counts them.
    func monitors() async throws -> [Monitor]

    /// The pixels of `target`, without the user taking part.
    func capture(_ target: CaptureTarget) async throws -> CapturedImage

    /// Lets the user drag a rectangle (`window: false`) or click a window (`window: true`) over
    /// the frozen screen and returns its pixels; Esc throws `cancelled`. `atRest`: what the
    /// dragged rectangle holds each time the pointer has held still over a new one, called on the
    /// backend's thread (it must return at once).
    func select(window: Bool, cancel: CancellationFlag,
                atRest: (@Sendable (CapturedImage) -> Void)?) async throws -> CapturedImage

    /// The index of the monitor under the pointer; nil when the screen is one monitor, the
    /// pointer is on none, or the display server does not say where it is.
    func monitorUnderPointer() async throws -> Int?

    /// The image on the clipboard, encoded as its owner offered it: at most `maxBytes`, all of
    /// it within `deadline`; `notFound` saying what the clipboard holds when it is no image.
    func clipboardImage(maxBytes: Int, within deadline: Duration) async throws -> ClipboardImage

    /// Owns `selections` with `content` (its plain text, and its HTML where it has one) and serves
    /// it while this backend lives (blocking: the caller is on a thread that may wait a round trip).
    func copy(_ content: ClipboardContent, to selections: Set<SelectionName>) throws

    /// The text this backend still serves (nothing else was copied since), for a process about
    /// to exit that must hand it on: nil when a clipboard manager took a copy within
    /// `managerTimeout`, or nothing of ours is on the clipboard. Blocking.
    func copyToHandOn(managerTimeout: Duration) -> (content: ClipboardContent, alsoPrimary: Bool)?

    /// Blocks until the text this backend copied is no longer on the clipboard (another program
    /// copied, or the server went away), or `timeout` passes (nil: forever): for a process whose
    /// only job is to keep serving it. True when it was replaced.
    func waitUntilReplaced(timeout: Duration?) -> Bool

    /// A live canvas over `target`, frozen now (`tooLarge` past `maxPixels`), made on the calling
    /// thread, which then runs it; it holds a connection of its own, closed with it.
    /// `activationToken`: the xdg-activation token of the request that asked for it (a hotkey's
    /// binding runs `livetext hotkey` with one), which a compositor wants before it gives a new
    /// window the focus; nil: the backend's own, if any.
    func liveCanvas(_ target: CaptureTarget, maxPixels: Int, activationToken: String?) throws -> any LiveCanvas
    /// A window for the image viewer, sized for an image of `image` pixels on this screen, titled
    /// `title` and not shown yet; made on the calling thread, which then runs it.
    func viewCanvas(title: String, fitting image: (width: Int, height: Int)) throws -> any ViewCanvas

    /// Types `text` into the focused window.
    func type(_ text: String, cancel: CancellationFlag) async throws

    /// Closes the connection and stops serving copied text, now.
    func close()
}

extension DisplayBackend {
    /// A live canvas with the backend's own activation token, if any.
    public func liveCanvas(_ target: CaptureTarget, maxPixels: Int) throws -> any LiveCanvas {
        try liveCanvas(target, maxPixels: maxPixels, activationToken: nil)
    }

    /// Owns `selections` with plain `text` alone.
    public func copy(_ text: String, to selections: Set<SelectionName>) throws {
        try copy(ClipboardContent(plain: text), to: selections)
    }
}
