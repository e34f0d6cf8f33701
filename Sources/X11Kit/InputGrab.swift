import CX11
import Foundation
import LiveTextCore

/// The active pointer and keyboard grabs of an interactive override-redirect window (the region
/// selector's overlay, the live surface): taken with retries, released on every path.
enum InputGrab {
    /// The pointer events a grab of ours reports.
    static let pointerMask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)

    /// Grabs pointer and keyboard for `window`, showing `cursor` (0: the window's own), retrying
    /// for `patience` (about a second; zero: one attempt) while another client holds them (the
    /// key release of a hotkey may still be pending). Throws `.cancelled` (saying `cancelled`) when `cancel` is raised meanwhile, `.unavailable` when the
    /// display goes away or the grabs stay taken. Nothing stays grabbed when it throws.
    static func take(_ display: X11Display, window: Window, cursor: Cursor, cancel: CancellationFlag?,
                     cancelled: String, patience: Duration = .seconds(1)) throws {
        let handle = display.handle
        var pointer: Int32 = -1, keyboard: Int32 = -1
        let start = ContinuousClock.now
        do {
            repeat {
                if pointer != GrabSuccess {
                    pointer = XGrabPointer(handle, window, 0, pointerMask, GrabModeAsync, GrabModeAsync, 0, cursor,
                                           UInt(CurrentTime))
                }
                if pointer == GrabSuccess, keyboard != GrabSuccess {
                    keyboard = XGrabKeyboard(handle, window, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
                }
                try display.checkAlive()
                if pointer == GrabSuccess, keyboard == GrabSuccess { return }
                if cancel?.isCancelled == true { throw LiveTextError(.cancelled, cancelled) }
                guard patience > .zero else { break }
                // A hotkey's keys hold the keyboard until released: look often at first.
                usleep(ContinuousClock.now - start < .milliseconds(200) ? 2_000 : 20_000)
            } while ContinuousClock.now - start < patience
        } catch {
            release(display)
            throw error
        }
        release(display)
        let what = pointer != GrabSuccess ? "pointer" : "keyboard"
        throw LiveTextError(.unavailable, "another program holds the \(what) grab (an open menu or a screen locker?): close it and try again")
    }

    /// Releases both grabs (harmless when not held; nothing on a display that went away).
    static func release(_ display: X11Display) {
        guard !display.isBroken, !display.isClosed else { return }
        XUngrabPointer(display.handle, UInt(CurrentTime))
        XUngrabKeyboard(display.handle, UInt(CurrentTime))
    }
}
