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
