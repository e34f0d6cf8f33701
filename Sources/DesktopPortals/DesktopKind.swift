import LiveTextCore

/// Which desktop a Wayland (or X11) session runs, as far as livetext must know it to choose how
/// to capture, hotkey and type: GNOME and KDE Plasma offer none of the wlr protocols but their
/// own D-Bus services and xdg-desktop-portal; wlroots compositors (sway, Hyprland) offer the
/// protocols themselves.
public enum DesktopKind: String, Sendable, Hashable, CaseIterable {
    case gnome
    case kde
    case wlroots
    case other

    /// The desktop `XDG_CURRENT_DESKTOP` names (a colon-separated list, first match wins):
    /// `GNOME`, `ubuntu:GNOME`, `KDE`, `sway`, `Hyprland`, …; `.other` when it names none of them.
    public static func named(byCurrentDesktop value: String?) -> DesktopKind {
        for name in (value ?? "").split(separator: ":").map({ $0.lowercased() }) {
            switch name {
            case "gnome", "gnome-classic", "gnome-flashback", "unity", "pop", "budgie": return .gnome
            case "kde", "plasma": return .kde
            case "sway", "hyprland", "river", "wayfire", "labwc", "niri", "wlroots": return .wlroots
            default: continue
            }
        }
        return .other
    }
}

extension DesktopKind {
    /// The desktop of a session: `XDG_CURRENT_DESKTOP` when it names one, else who owns the
    /// session bus's names (`org.gnome.Shell`, `org.kde.KWin`), for a daemon that bus activation
    /// started without the session's variables. Blocking (one round trip, 2 s at most).
    public static func detect(environment: [String: String], busAddress: String? = nil) -> DesktopKind {
        let named = DesktopKind.named(byCurrentDesktop: environment["XDG_CURRENT_DESKTOP"])
        if named != .other { return named }
        let bus = SessionBus(address: busAddress ?? environment["DBUS_SESSION_BUS_ADDRESS"])
        defer { bus.close() }
        let owners = try? BlockingCall.run(within: .seconds(2), onDeadline: {
            LiveTextError(.unavailable, "the session bus did not answer")
        }) { () -> [Bool] in
            var found: [Bool] = []
            for name in ["org.gnome.Shell", "org.kde.KWin"] { found.append(try await bus.isOwned(name)) }
            return found
        }
        if owners?.first == true { return .gnome }
        if owners?.last == true { return .kde }
        return .other
    }
}
