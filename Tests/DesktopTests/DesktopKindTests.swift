import DesktopPortals
import Testing

@Suite("which desktop a session runs")
struct DesktopKindTests {
    @Test("XDG_CURRENT_DESKTOP's list, first known name wins", arguments: [
        ("GNOME", DesktopKind.gnome), ("ubuntu:GNOME", .gnome), ("KDE", .kde), ("sway", .wlroots),
        ("Hyprland", .wlroots), ("XFCE", .other), ("", .other), ("X-Cinnamon:KDE", .kde),
    ])
    func currentDesktop(value: String, kind: DesktopKind) {
        #expect(DesktopKind.named(byCurrentDesktop: value) == kind)
    }

    @Test("unset is other")
    func unset() {
        #expect(DesktopKind.named(byCurrentDesktop: nil) == .other)
    }
}
