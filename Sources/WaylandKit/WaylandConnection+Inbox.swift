import CWayland
import Glibc
import LiveTextCore

extension WaylandConnection {
    /// For a surface's event loop: waits (up to 100 ms, so that a cancellation is seen, or less:
    /// `limit`) until the compositor sends something or work is posted to `inbox`, and dispatches
    /// what came. Throws
    /// `unavailable` when the compositor went away.
    func dispatchEvents(waking inbox: LiveInbox, within limit: Int32 = 100) throws {
        var dispatched = false
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
            dispatched = true
        }
        if wl_display_flush(display) < 0, errno != EAGAIN {
            wl_display_cancel_read(display)
            throw connectionError()
        }
        // Events already dispatched are handled before waiting.
        inbox.wait(display: wl_display_get_fd(display), timeout: dispatched ? 0 : min(100, max(0, limit)))
        // Reads without blocking: nothing to read is not an error.
        if wl_display_read_events(display) < 0 { throw connectionError() }
        if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
    }
}
