import CX11
import Foundation
import LiveTextCore

/// What the user selected: the pixels they saw and, for a click on a window, which window.
public struct Selection: Sendable {
    public var capture: CapturedImage
    /// The top-level window (client or frame) picked: by a click without a drag in `.region` mode,
    /// by the release in `.window` mode. Nil for a rectangle or the whole screen.
    public var pickedWindow: UInt?

    public init(capture: CapturedImage, pickedWindow: UInt?) {
        self.capture = capture
        self.pickedWindow = pickedWindow
    }
}

/// How the user chooses what to capture on the frozen screen.
public enum SelectionMode: Sendable, Hashable {
    /// Drag a rectangle; a click without a drag picks the window under it.
    case region
    /// Click a window: the top-level window under the pointer is outlined as the pointer moves,
    /// and the one under the point where button 1 is released (after a drag too) is picked.
    case window
}

/// Lets the user drag a rectangle, or pick a window, on a frozen image of the screen.
///
/// `select()` blocks the calling thread until the user is done: run it on a thread of its own
/// (never on Swift's cooperative pool), and on one thread at a time, like the `X11Display` it uses.
/// It needs no window manager: the overlay is an override-redirect window holding the pointer and
/// keyboard grabs.
// `@unchecked Sendable`: it may move between threads with its X connection, never be shared by them.
public final class RegionSelector: @unchecked Sendable {
    public let display: X11Display
    private lazy var capture = ScreenCapture(display: display)

    /// Within this many pixels of the press, a release is a click (which picks a window).
    static let clickSlop = 3
    /// How long the pointer holds still over a rectangle before `select`'s `atRest` hears of it:
    /// long enough not to fire on every pause of a moving hand, short beside the reading.
    public static let restDelay: Duration = .milliseconds(120)

    public init(display: X11Display) {
        self.display = display
    }

    /// Freezes the screen, lets the user choose a rectangle or a window, returns the pixels the
    /// user saw inside it.
    ///
    /// `.region`: button 1 drags the rectangle (from the press point to the release point, which is
    /// excluded); a click without a drag picks the top-level window under the pointer.
    /// `.window`: the top-level window under the pointer is outlined, with its size and title; a
    /// button 1 press then release picks the window under the release point.
    /// A pick on the bare root gives the whole screen with no `pickedWindow`. Windows are those shown
    /// when the screen froze, at the place they had then (matching the frozen pixels).
    /// Esc or button 3 throws `.cancelled`, as do `cancel` and `timeout`.
    /// `.unavailable` when another program keeps the pointer or keyboard grabbed for a second, or
    /// the display goes away. The grabs, overlay and pixmaps are released on every path.
    ///
    /// `atRest`, in `.region` mode: called on this thread with what the dragged rectangle holds
    /// each time the pointer has held still over a new one for ``restDelay``, so that the caller
    /// can start reading it before the button is released. Most drags end with such a pause: the
    /// release then often finds the work done.
    public func select(mode: SelectionMode = .region, cancel: CancellationFlag? = nil,
                       timeout: Duration = .seconds(300),
                       atRest: ((CapturedImage) -> Void)? = nil) throws -> Selection {
        let deadline = ContinuousClock.now + timeout
        try display.checkAlive()
        let screen = capture.screenBounds
        let overlay = try SelectionOverlay(display: display, screen: screen)
        defer {
            InputGrab.release(display)
            overlay.destroy()
            if !display.isBroken, !display.isClosed { display.sync() }
        }
        // Where the windows were when the screen froze, read at once (the overlay is not shown yet).
        let windows = TopLevelWindows(display: display)
        // What the user will see, read back from the very pixmap the overlay shows.
        let frozen = try capture.read(overlay.frozen, screen)
        try overlay.show()
        try InputGrab.take(display, window: overlay.window, cursor: overlay.cursor, cancel: cancel,
                           cancelled: "selection cancelled")
        var session = SelectionSession(mode: mode, overlay: overlay, windows: windows)
        let seen = { (rect: Bounds) in
            CapturedImage(image: frozen.cropped(to: rect), bounds: rect, regions: windows.regions(in: rect),
                          windows: windows.screenWindows)
        }
        let rested = atRest.map { report in { (rect: Bounds) in report(seen(rect)) } }
        switch try session.run(display: display, cancel: cancel, deadline: deadline, timeout: timeout, atRest: rested) {
        case .rectangle(let rect):
            return Selection(capture: seen(rect), pickedWindow: nil)
        case .pick(let target):
            return Selection(capture: CapturedImage(image: frozen.cropped(to: target.area),
                                                    bounds: target.area, window: target.window,
                                                    windows: windows.screenWindows),
                             pickedWindow: target.window)
        }
    }
}
