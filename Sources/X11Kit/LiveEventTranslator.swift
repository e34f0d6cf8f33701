import CX11
import LiveTextCore

/// What the X events both live windows hear mean: presses and releases with their click count,
/// coalesced motion, keys and exposed areas. Shared by the frozen screen's `LiveSurface` and the
/// image viewer's `ViewWindow`, which handle their own window-specific events around it.
struct LiveEventTranslator {
    private var clicks = ClickCounter()

    /// The event `event` is for the handler; nil for events this does not translate (or that
    /// mean nothing alone, like a modifier key).
    mutating func translate(_ event: inout XEvent, display: X11Display) -> LiveSurfaceEvent? {
        switch event.type {
        case ButtonPress:
            let button = event.xbutton
            let count = clicks.press(button: button.button, time: button.time, x: Int(button.x), y: Int(button.y))
            return .press(LivePointerEvent(button: Int(button.button), x: Int(button.x), y: Int(button.y),
                                           clickCount: count, modifiers: LiveModifiers(state: button.state)))
        case ButtonRelease:
            let button = event.xbutton
            return .release(LivePointerEvent(button: Int(button.button), x: Int(button.x), y: Int(button.y),
                                             clickCount: clicks.current, modifiers: LiveModifiers(state: button.state)))
        case MotionNotify:
            // Only the last of a burst of motion.
            var motion = event.xmotion, next = XEvent()
            while XPending(display.handle) > 0 {
                XPeekEvent(display.handle, &next)
                guard next.type == MotionNotify else { break }
                XNextEvent(display.handle, &next)
                motion = next.xmotion
            }
            return .motion(x: Int(motion.x), y: Int(motion.y), modifiers: LiveModifiers(state: motion.state))
        case KeyPress, KeyRelease:
            var keysym: KeySym = 0
            var text = [CChar](repeating: 0, count: 16)
            _ = XLookupString(&event.xkey, &text, Int32(text.count), &keysym, nil)
            // Shift, Control and the like are heard as the modifiers of other keys and clicks.
            if (UInt(XK_Shift_L)...UInt(XK_Hyper_R)).contains(keysym) { return nil }
            let key = LiveKeyEvent(keysym: UInt32(truncatingIfNeeded: keysym), modifiers: LiveModifiers(state: event.xkey.state))
            return event.type == KeyPress ? .key(key) : .keyRelease(key)
        case Expose:
            let expose = event.xexpose
            return .expose(Bounds(x: Int(expose.x), y: Int(expose.y), width: Int(expose.width), height: Int(expose.height)))
        default:
            return nil
        }
    }
}
