import CX11
import Foundation
import LiveTextCore

/// The input of one selection, on the grabbed overlay: a drag (`.region`) or the window under the
/// pointer (`.window`), and what the overlay shows meanwhile.
struct SelectionSession {
    enum Outcome {
        case rectangle(Bounds)
        /// A window (or the whole screen), as `TopLevelWindows.target` gives it.
        case pick(TopLevelWindows.Target)
    }

    let mode: SelectionMode
    let overlay: SelectionOverlay
    let windows: TopLevelWindows
    /// Where button 1 went down, nil while it is up.
    private var start: (x: Int, y: Int)?
    private var current = (x: 0, y: 0)
    /// In `.window` mode, what is outlined.
    private var hovered: TopLevelWindows.Target?
    /// When the pointer last moved, and the rectangle last reported at rest.
    private var lastMotion = ContinuousClock.now
    private var reportedAtRest: Bounds?
    private var titles: [UInt: String?] = [:]

    init(mode: SelectionMode, overlay: SelectionOverlay, windows: TopLevelWindows) {
        self.mode = mode
        self.overlay = overlay
        self.windows = windows
    }

    /// The rectangle between the press and `current`, at least one pixel each way.
    private var rectangle: Bounds? {
        guard let start else { return nil }
        return Bounds(x: min(start.x, current.x), y: min(start.y, current.y),
                      width: max(1, abs(current.x - start.x)), height: max(1, abs(current.y - start.y)))
            .intersection(overlay.screen)
    }

    private func target(atX x: Int, y: Int) -> TopLevelWindows.Target {
        windows.target(atX: x, y: y, screen: overlay.screen)
    }

    /// Handles events until the user is done; throws `.cancelled` for Esc, button 3, `cancel` and
    /// the deadline, `.unavailable` when the display goes away.
    /// In `.region` mode, `atRest` gets the dragged rectangle each time the pointer has held still
    /// over a new one for `RegionSelector.restDelay`.
    mutating func run(display: X11Display, cancel: CancellationFlag?, deadline: ContinuousClock.Instant,
                      timeout: Duration, atRest: ((Bounds) -> Void)? = nil) throws -> Outcome {
        let handle = display.handle
        var event = XEvent()
        var descriptor = pollfd(fd: display.connectionNumber, events: Int16(POLLIN), revents: 0)
        // In `.window` mode, outline what is under the pointer before it moves.
        var moved = mode == .window && pointer(display)
        while true {
            var exposed = false
            while !display.isBroken, XPending(handle) > 0 {
                XNextEvent(handle, &event)
                switch event.type {
                case ButtonPress where event.xbutton.button == Button1:
                    start = (Int(event.xbutton.x_root), Int(event.xbutton.y_root))
                    current = start!
                    moved = true
                case ButtonPress where event.xbutton.button == Button3:
                    throw LiveTextError(.cancelled, "selection cancelled")
                case MotionNotify where start != nil || mode == .window:
                    current = (Int(event.xmotion.x_root), Int(event.xmotion.y_root))
                    lastMotion = ContinuousClock.now
                    moved = true
                case ButtonRelease where event.xbutton.button == Button1 && start != nil:
                    current = (Int(event.xbutton.x_root), Int(event.xbutton.y_root))
                    if let outcome = released() { return outcome }
                case KeyPress where XLookupKeysym(&event.xkey, 0) == UInt(XK_Escape):
                    throw LiveTextError(.cancelled, "selection cancelled")
                case Expose where event.xexpose.count == 0:
                    exposed = true
                default:
                    break
                }
            }
            try display.checkAlive()
            var drawn = false
            if moved {
                drawn = show(display)
            }
            if exposed, !drawn {
                overlay.redraw()
            }
            if moved || exposed { XFlush(handle) }
            moved = false
            if let atRest, let resting = restingRectangle() {
                reportedAtRest = resting
                atRest(resting)
            }
            if cancel?.isCancelled == true { throw LiveTextError(.cancelled, "selection cancelled") }
            if ContinuousClock.now >= deadline {
                throw LiveTextError(.cancelled, "selection timed out after \(Self.seconds(timeout)) s")
            }
            descriptor.revents = 0
            _ = poll(&descriptor, 1, 50)
        }
    }

    /// The dragged rectangle once the pointer has held still over it, unless already reported
    /// or too small to be more than a click.
    private func restingRectangle() -> Bounds? {
        guard mode == .region, !isClick, ContinuousClock.now - lastMotion >= RegionSelector.restDelay,
              let rect = rectangle, !rect.isEmpty, rect != reportedAtRest else { return nil }
        return rect
    }

    /// Whether the pointer is still within the click slop of where button 1 went down (true
    /// while it is up).
    private var isClick: Bool {
        guard let start else { return true }
        return abs(current.x - start.x) <= RegionSelector.clickSlop && abs(current.y - start.y) <= RegionSelector.clickSlop
    }

    /// The outcome of a button 1 release at `current`, nil when it ends nothing (an empty drag).
    private func released() -> Outcome? {
        guard let start else { return nil }
        if mode == .window { return .pick(target(atX: current.x, y: current.y)) }
        if isClick { return .pick(target(atX: start.x, y: start.y)) }
        if let rect = rectangle, !rect.isEmpty { return .rectangle(rect) }
        return nil
    }

    /// Updates the overlay after the pointer moved; false when nothing had to change.
    private mutating func show(_ display: X11Display) -> Bool {
        switch mode {
        case .region:
            overlay.draw(rectangle)
        case .window:
            let now = target(atX: current.x, y: current.y)
            guard now != hovered else { return false }
            hovered = now
            overlay.draw(now.area, caption: now.window.map { title($0, display) ?? "" } ?? "whole screen")
        }
        return true
    }

    /// The title of `window`, read once.
    private mutating func title(_ window: UInt, _ display: X11Display) -> String? {
        if let known = titles[window] { return known }
        let title = WindowTitle.read(window, display: display)
        titles[window] = title
        return title
    }

    /// Sets `current` to where the pointer is; false when it is on another screen.
    private mutating func pointer(_ display: X11Display) -> Bool {
        guard let point = display.pointer() else { return false }
        current = point
        return true
    }

    /// "300", "0.5": a duration in seconds for a message.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds)" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return String(format: "%.1f", value)
    }
}
