import CX11
import Foundation
import LiveTextCore

/// What the user selected: the pixels they saw and, for a click on a window, which window.
public struct Selection: Sendable {
    public var capture: CapturedImage
    /// The top-level window (client or frame) picked by a click without a drag.
    public var pickedWindow: UInt?

    public init(capture: CapturedImage, pickedWindow: UInt?) {
        self.capture = capture
        self.pickedWindow = pickedWindow
    }
}

/// Lets the user drag a rectangle on a frozen image of the screen.
///
/// `select()` blocks the calling thread until the user is done: run it on a thread of its own
/// (never on Swift's cooperative pool), and on one thread at a time, like the `X11Display` it uses.
/// It needs no window manager: the overlay is an override-redirect window holding the pointer and
/// keyboard grabs.
public final class RegionSelector: @unchecked Sendable {
    public let display: X11Display
    private lazy var capture = ScreenCapture(display: display)

    /// Within this many pixels of the press, a release is a click (which picks a window).
    static let clickSlop = 3

    public init(display: X11Display) {
        self.display = display
    }

    /// Freezes the screen, lets the user drag a rectangle, returns the pixels the user saw inside it.
    ///
    /// Button 1 drags the rectangle (from the press point to the release point, which is excluded);
    /// a click without a drag picks the top-level window under the pointer (the whole screen on
    /// the bare root). Esc or button 3 throws `.cancelled`, as do `cancel` and `timeout`.
    /// `.unavailable` when another program keeps the pointer or keyboard grabbed for a second, or
    /// the display goes away. The grabs, overlay and pixmaps are released on every path.
    public func select(cancel: CancellationFlag? = nil, timeout: Duration = .seconds(300)) throws -> Selection {
        let deadline = ContinuousClock.now + timeout
        try display.checkAlive()
        let screen = capture.screenBounds
        let overlay = try SelectionOverlay(display: display, screen: screen)
        defer {
            if !display.isBroken, !display.isClosed {
                XUngrabPointer(display.handle, UInt(CurrentTime))
                XUngrabKeyboard(display.handle, UInt(CurrentTime))
            }
            overlay.destroy()
            if !display.isBroken, !display.isClosed { display.sync() }
        }
        // What the user will see, read back from the very pixmap the overlay shows.
        let frozen = try capture.read(overlay.frozen, screen)
        try overlay.show()
        try grab(overlay, cancel: cancel)
        var session = DragSession(overlay: overlay)
        let result = try session.run(display: display, cancel: cancel, deadline: deadline, timeout: timeout)
        switch result {
        case .rectangle(let rect):
            return Selection(capture: CapturedImage(image: frozen.cropped(to: rect), bounds: rect), pickedWindow: nil)
        case .click(let x, let y):
            guard let picked = WindowGeometry.topLevel(atX: x, y: y, display: display, excluding: overlay.window) else {
                return Selection(capture: CapturedImage(image: frozen, bounds: screen), pickedWindow: nil)
            }
            let area = picked.area.intersection(screen)
            guard !area.isEmpty else {
                return Selection(capture: CapturedImage(image: frozen, bounds: screen), pickedWindow: nil)
            }
            return Selection(capture: CapturedImage(image: frozen.cropped(to: area), bounds: area, window: picked.id),
                             pickedWindow: picked.id)
        }
    }

    /// Grabs pointer and keyboard for the overlay, retrying for about a second while another
    /// client holds them (the key release of a hotkey may still be pending).
    private func grab(_ overlay: SelectionOverlay, cancel: CancellationFlag?) throws {
        let handle = display.handle
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        var pointer: Int32 = -1, keyboard: Int32 = -1
        let start = ContinuousClock.now
        repeat {
            if pointer != GrabSuccess {
                pointer = XGrabPointer(handle, overlay.window, 0, mask, GrabModeAsync, GrabModeAsync, 0,
                                       overlay.cursor, UInt(CurrentTime))
            }
            if pointer == GrabSuccess, keyboard != GrabSuccess {
                keyboard = XGrabKeyboard(handle, overlay.window, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
            }
            try display.checkAlive()
            if pointer == GrabSuccess, keyboard == GrabSuccess { return }
            if cancel?.isCancelled == true { throw LiveTextError(.cancelled, "selection cancelled") }
            usleep(20_000)
        } while ContinuousClock.now - start < .seconds(1)
        let what = pointer != GrabSuccess ? "pointer" : "keyboard"
        throw LiveTextError(.unavailable, "another program holds the \(what) grab (an open menu or a screen locker?): close it and try again")
    }
}

/// The state of one drag: where it started, where the pointer is.
private struct DragSession {
    enum Outcome { case rectangle(Bounds), click(x: Int, y: Int) }

    let overlay: SelectionOverlay
    var start: (x: Int, y: Int)?
    var current = (x: 0, y: 0)

    init(overlay: SelectionOverlay) { self.overlay = overlay }

    /// The rectangle between the press and `current`, at least one pixel each way.
    var rectangle: Bounds? {
        guard let start else { return nil }
        return Bounds(x: min(start.x, current.x), y: min(start.y, current.y),
                      width: max(1, abs(current.x - start.x)), height: max(1, abs(current.y - start.y)))
            .intersection(overlay.screen)
    }

    mutating func run(display: X11Display, cancel: CancellationFlag?, deadline: ContinuousClock.Instant,
                      timeout: Duration) throws -> Outcome {
        let handle = display.handle
        var event = XEvent()
        var descriptor = pollfd(fd: display.connectionNumber, events: Int16(POLLIN), revents: 0)
        while true {
            var moved = false, exposed = false
            while !display.isBroken, XPending(handle) > 0 {
                XNextEvent(handle, &event)
                switch event.type {
                case ButtonPress where event.xbutton.button == Button1:
                    start = (Int(event.xbutton.x_root), Int(event.xbutton.y_root))
                    current = start!
                    moved = true
                case ButtonPress where event.xbutton.button == Button3:
                    throw LiveTextError(.cancelled, "selection cancelled")
                case MotionNotify where start != nil:
                    current = (Int(event.xmotion.x_root), Int(event.xmotion.y_root))
                    moved = true
                case ButtonRelease where event.xbutton.button == Button1 && start != nil:
                    current = (Int(event.xbutton.x_root), Int(event.xbutton.y_root))
                    let start = start!
                    if abs(current.x - start.x) <= RegionSelector.clickSlop, abs(current.y - start.y) <= RegionSelector.clickSlop {
                        return .click(x: start.x, y: start.y)
                    }
                    if let rect = rectangle, !rect.isEmpty { return .rectangle(rect) }
                case KeyPress where XLookupKeysym(&event.xkey, 0) == UInt(XK_Escape):
                    throw LiveTextError(.cancelled, "selection cancelled")
                case Expose where event.xexpose.count == 0:
                    exposed = true
                default:
                    break
                }
            }
            try display.checkAlive()
            if moved {
                overlay.draw(rectangle)
            } else if exposed {
                overlay.redraw()
            }
            if moved || exposed { XFlush(handle) }
            if cancel?.isCancelled == true { throw LiveTextError(.cancelled, "selection cancelled") }
            if ContinuousClock.now >= deadline {
                throw LiveTextError(.cancelled, "selection timed out after \(Self.seconds(timeout)) s")
            }
            descriptor.revents = 0
            _ = poll(&descriptor, 1, 50)
        }
    }

    /// "300", "0.5": a duration in seconds for a message.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds)" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return String(format: "%.1f", value)
    }
}
