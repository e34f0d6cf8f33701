import LiveTextCore
import Synchronization

/// The screen of a Wayland desktop without a capture protocol, through the best service it has,
/// asked in order: on KDE Plasma KWin's own ScreenShot2 (pixels through a pipe, no dialog) and then
/// the Screenshot portal; on GNOME mutter's screen cast where the user allowed screenshots without
/// asking (a frame through PipeWire, no PNG; `LIVETEXT_GNOME_CAPTURE=portal` leaves it out) and
/// then the portal; elsewhere the portal. The desktop is known from
/// `XDG_CURRENT_DESKTOP`, else from who owns the bus (a daemon started by bus activation has no
/// such variable): decided on first use, so making one costs nothing.
public final class DesktopGrabber: ScreenGrabber {
    private let environment: [String: String]
    private let busAddress: String?
    private let chosen = Mutex<(kind: DesktopKind, grabbers: [any ScreenGrabber])?>(nil)

    /// `environment`: the session's (`XDG_CURRENT_DESKTOP`); `busAddress`: its session bus (nil: this process's).
    public init(environment: [String: String], busAddress: String? = nil) {
        self.environment = environment
        self.busAddress = busAddress
    }

    public var spokenName: String {
        grabbers().map(\.spokenName).joined(separator: ", then ")
    }

    /// The desktop the grabbers were chosen for.
    public var desktop: DesktopKind { resolve().kind }

    public func unavailableReason() -> String? {
        var reasons: [String] = []
        for grabber in grabbers() {
            guard let reason = grabber.unavailableReason() else { return nil }
            reasons.append(reason)
        }
        return reasons.isEmpty ? "no screenshot service is known for this desktop" : reasons.joined(separator: "; ")
    }

    public func grabScreen(within deadline: Duration) throws -> PixelImage {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var failures: [LiveTextError] = []
        for grabber in grabbers() {
            let left = end - clock.now
            guard left > .zero else { break }
            do {
                return try grabber.grabScreen(within: left)
            } catch let error as LiveTextError {
                failures.append(error)
            }
        }
        guard let first = failures.first else {
            throw LiveTextError(.unavailable, "no screenshot service answered within \(deadline.components.seconds) s")
        }
        // The first service's refusal says what to allow; what the others said follows.
        guard failures.count > 1 else { throw first }
        throw LiveTextError(first.code, failures.map(\.message).joined(separator: "; then "))
    }

    private func grabbers() -> [any ScreenGrabber] { resolve().grabbers }

    private func resolve() -> (kind: DesktopKind, grabbers: [any ScreenGrabber]) {
        if let known = chosen.withLock({ $0 }) { return known }
        let kind = DesktopKind.detect(environment: environment, busAddress: busAddress)
        let portal = ScreenshotPortal(busAddress: busAddress, desktop: kind)
        let grabbers: [any ScreenGrabber] = switch kind {
        case .kde: [KWinScreenShot(busAddress: busAddress), portal]
        // `LIVETEXT_GNOME_CAPTURE=portal`: the portal alone (the screen cast's frame shows GNOME's
        // orange screen-sharing pill in the top bar, which the portal's screenshot does not).
        case .gnome: environment["LIVETEXT_GNOME_CAPTURE"] == "portal" ? [portal] : [MutterScreenCast(busAddress: busAddress), portal]
        default: [portal]
        }
        let made = (kind, grabbers)
        chosen.withLock { $0 = $0 ?? made }
        return chosen.withLock { $0! }
    }
}
