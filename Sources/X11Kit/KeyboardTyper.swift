import CX11
import Foundation
import LiveTextCore

/// Types text into the focused window as key presses (XTEST), as if the user typed it.
///
/// Characters on the keyboard are typed with their key (and Shift); the others are typed by
/// binding an unused keycode to them for the duration of the call. Whatever happens, the
/// keyboard mapping is restored and no key is left pressed. Uses the caller's connection: do not
/// use it from another thread while typing.
// `@unchecked Sendable`: it may move between threads with its X connection, never be shared by them.
public final class KeyboardTyper: @unchecked Sendable {
    private let display: X11Display

    /// Throws `LiveTextError.unavailable` when the server has no XTEST extension.
    public init(display: X11Display) throws {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display.handle, &eventBase, &errorBase, &major, &minor) != 0 else {
            throw LiveTextError(.unavailable, "the X server has no XTEST extension")
        }
        self.display = display
    }

    /// Types `text` into the focused window. Newlines are Return, tabs Tab; other control
    /// characters are skipped. Caps Lock and held modifiers are cleared first (Caps Lock is
    /// locked again afterwards). Checks `cancel` between characters (`LiveTextError.cancelled`);
    /// throws `.unavailable` when the display goes away.
    public func type(_ text: String, cancel: CancellationFlag? = nil) throws {
        try display.checkAlive()
        try checkCancel(cancel)
        let session = TypingSession(display: display)
        defer { session.finish() }
        session.prepare()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            try checkCancel(cancel)
            try display.checkAlive()
            // "\r\n" is one Return.
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
            guard let keysym = Keysyms.typing(scalar) else { continue }
            try session.type(keysym, character: scalar)
            // Pace the events a little, so slow clients keep up.
            if index % 16 == 15 {
                XSync(display.handle, 0)
                usleep(2_000)
            } else {
                XFlush(display.handle)
            }
        }
        XSync(display.handle, 0)
        try display.checkAlive()
    }

    private func checkCancel(_ cancel: CancellationFlag?) throws {
        if cancel?.isCancelled == true { throw LiveTextError(.cancelled, "typing cancelled") }
    }
}
