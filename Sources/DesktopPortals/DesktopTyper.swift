import Foundation
import LiveTextCore

/// Keys for a Wayland desktop whose compositor offers programs none: on GNOME through the
/// RemoteDesktop portal (`RemoteDesktopPortal`, its dialog once a process); on other desktops
/// none, as they have their own (KDE Plasma KWin's fake input, granted by the installed desktop
/// file; wlroots compositors the virtual keyboard) and a portal dialog there would hide what is
/// missing. The desktop is asked when first needed (`DesktopGrabber` decides it), so making one
/// costs nothing.
public final class DesktopTyper: KeyTyper {
    private let desktop: @Sendable () -> DesktopKind
    private let portal: RemoteDesktopPortal

    /// `environment`: the session's (where the portal's restore token is kept); `busAddress`: its
    /// session bus (nil: this process's); `desktop`: the desktop the session runs.
    public init(environment: [String: String], busAddress: String? = nil,
                desktop: @autoclosure @escaping @Sendable () -> DesktopKind) {
        self.desktop = desktop
        portal = RemoteDesktopPortal(busAddress: busAddress, desktop: desktop(), environment: environment)
    }

    public var spokenName: String { portal.spokenName }

    public func unavailableReason() -> String? {
        let kind = desktop()
        guard kind == .gnome else {
            return "xdg-desktop-portal's RemoteDesktop types for livetext on GNOME only, and this desktop is \(kind.rawValue)"
        }
        return portal.unavailableReason()
    }

    public func prepare(cancel: CancellationFlag) throws {
        try requireGnome()
        try portal.prepare(cancel: cancel)
    }

    public func press(keysyms: [UInt32], cancel: CancellationFlag) throws {
        try requireGnome()
        try portal.press(keysyms: keysyms, cancel: cancel)
    }

    private func requireGnome() throws {
        if desktop() != .gnome, let reason = unavailableReason() { throw LiveTextError(.unavailable, reason) }
    }
}
