import Foundation
import LiveTextCore

/// The waits of a typer between keys: both typers (the virtual keyboard's, KWin's fake input)
/// give clients time in the same way and stop on the same flag.
enum TypingPace {
    /// Waits `duration`, checking `cancel` every 20 ms.
    static func pause(_ duration: Duration, cancel: CancellationFlag?) throws {
        let end = ContinuousClock.now.advanced(by: duration)
        while ContinuousClock.now < end {
            try check(cancel)
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Throws `cancelled` once `cancel` is raised.
    static func check(_ cancel: CancellationFlag?) throws {
        if cancel?.isCancelled == true { throw LiveTextError(.cancelled, "typing cancelled") }
    }
}

extension WaylandConnection {
    /// The seat a typer types on; `unavailable` when the display has none.
    func typingSeat() throws -> Global {
        guard let seat = global("wl_seat") else {
            throw LiveTextError(.unavailable, "the Wayland display '\(socketName)' has no seat to type on")
        }
        return seat
    }
}
