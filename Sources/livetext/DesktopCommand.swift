import Accessibility
import ArgumentParser
import DesktopPortals
import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop

/// `livetext desktop`: which session and desktop this is, each feature and the mechanism that
/// serves it, what is missing and what enables it; and the one-time steps a desktop needs
/// (GNOME: screenshots without a dialog, hotkeys as custom keybindings).
struct DesktopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "desktop",
        abstract: "Show what livetext can do on this desktop and through what; allow screenshots or bind hotkeys once.",
        discussion: """
            GNOME and KDE Plasma offer none of the Wayland protocols livetext uses on sway: there it \
            reads the screen through the desktop's own services, which may ask the user once. \
            --allow-screenshots stores GNOME's permission (Settings → Privacy → Screenshots); \
            --install-hotkeys binds the settings' hotkeys as GNOME custom keybindings that run \
            `livetext hotkey NAME` (the user's own keybindings are kept), --remove-hotkeys removes \
            exactly those. --enable-accessibility sets org.a11y.Status IsEnabled, which asks the \
            applications that publish their text only on request (Firefox; Chromium, started with \
            --force-renderer-accessibility besides; Qt outside X11) to publish it \
            (livetext never does so by itself; --disable-accessibility turns it off again).
            """)

    @Flag(help: ArgumentHelp("Print {\"session\", \"desktop\", \"display\", \"xwayland\", "
                             + "\"features\": [{name, available, mechanism, note}]}."))
    var json = false

    @Flag(help: "Let livetext take screenshots without GNOME's dialog (the portal's permission store).")
    var allowScreenshots = false

    @Flag(help: "Bind the settings' hotkeys as GNOME custom keybindings running `livetext hotkey NAME`.")
    var installHotkeys = false

    @Flag(help: "Remove the GNOME keybindings --install-hotkeys made, and only them.")
    var removeHotkeys = false

    @Flag(help: "Ask every application to publish its text on the accessibility bus (org.a11y.Status IsEnabled).")
    var enableAccessibility = false

    @Flag(help: "Turn org.a11y.Status IsEnabled off again.")
    var disableAccessibility = false

    func validate() throws {
        guard !(enableAccessibility && disableAccessibility) else {
            throw ValidationError("--enable-accessibility or --disable-accessibility, not both")
        }
        guard !(installHotkeys && removeHotkeys) else { throw ValidationError("--install-hotkeys or --remove-hotkeys, not both") }
    }

    func run() async throws {
        let settings = try ConfigFile.standard().load().settings
        if allowScreenshots {
            try await BlockingWork.run { try PermissionStore().setScreenshots(.yes) }
            Diagnostics.note("screenshots allowed: the Screenshot portal answers livetext without asking")
        }
        if installHotkeys {
            let bindings = Desktop.gnomeBindings(settings.hotkeys)
            try await BlockingWork.run { try GnomeKeybindings().install(bindings) }
            Diagnostics.note("bound in GNOME: " + bindings.map { "\($0.accelerator) → \($0.command)" }.joined(separator: ", "))
        }
        if removeHotkeys {
            let removed = try await BlockingWork.run { try GnomeKeybindings().remove() }
            Diagnostics.note("removed \(removed) GNOME keybinding\(removed == 1 ? "" : "s") of livetext")
        }
        if enableAccessibility || disableAccessibility {
            try await AccessibilityBus.setEnabled(enableAccessibility, sessionAddress: nil)
            Diagnostics.note("org.a11y.Status IsEnabled is \(enableAccessibility ? "on" : "off")")
        }
        if (allowScreenshots || installHotkeys || removeHotkeys || enableAccessibility || disableAccessibility) && !json { return }
        let report = try await Desktop.using { desktop in await desktop.report(hotkeys: settings.hotkeys) }
        let accessibility = AccessibilityReport(status: await AccessibilityBus.status(sessionAddress: nil))
        try StandardOutput.write(json ? AccessibilityReport.adding(accessibility, to: report.document).serialized() + "\n"
                                      : report.text + accessibility.text)
    }
}
