import DesktopPortals
import Foundation
import LiveTextConfig
import LiveTextCore

extension Desktop {
    /// The desktop this session runs (GNOME, KDE, a wlroots compositor), from
    /// `XDG_CURRENT_DESKTOP` or the session bus's names: a Wayland session's grabber decided it
    /// once already.
    public var desktopKind: DesktopKind {
        grabber?.desktop ?? DesktopKind.detect(environment: ProcessInfo.processInfo.environment)
    }

    /// What this session can do and through what; `hotkeys`: the settings' hotkeys, to tell whether
    /// the desktop binds them. Blocking work runs off the cooperative pool.
    public func report(hotkeys: [String: Hotkey]) async -> DesktopReport {
        let backends = self.backends, session = self.session
        return (try? await routing.perform { () -> DesktopReport in
            let kind = session == nil ? DesktopKind.other : self.desktopKind
            var features = DesktopReport.capabilities.map { name, capability -> DesktopReport.Feature in
                for backend in backends {
                    if let mechanism = backend.mechanism(of: capability) {
                        return DesktopReport.Feature(name: name, available: true, mechanism: mechanism, note: nil)
                    }
                }
                let reason = backends.lazy.compactMap { $0.unavailableReason(capability) }.first
                    ?? backends.lazy.compactMap { backend -> String? in
                        do { _ = try backend.capabilities(); return nil } catch {
                            return (error as? LiveTextError)?.message ?? "\(error)"
                        }
                    }.first
                    ?? (self.knowsDisplay ? nil : "no display: neither WAYLAND_DISPLAY nor DISPLAY is set")
                return DesktopReport.Feature(name: name, available: false, mechanism: nil, note: reason)
            }
            // GNOME's Wayland sessions read the screen only through the portal, which may ask first.
            if kind == .gnome, session?.isWayland == true, let index = features.firstIndex(where: { $0.name == "capture" }),
               features[index].available {
                features[index].note = Self.screenshotPermissionNote()
            }
            // Typing through the RemoteDesktop portal asks once, in a dialog.
            if let index = features.firstIndex(where: { $0.name == "type" }), features[index].available,
               features[index].mechanism?.contains("RemoteDesktop") == true {
                features[index].note = Self.remoteDesktopNote(kind)
            }
            features.append(Self.hotkeysFeature(kind: kind, session: session, backends: backends, hotkeys: hotkeys))
            return DesktopReport(session: !self.knowsDisplay ? "none" : session.map { $0.isWayland ? "wayland" : "x11" } ?? "none", desktop: kind.rawValue,
                                 display: session?.displayName, xwayland: session?.isWayland == true ? session?.xDisplay : nil,
                                 features: features)
        }) ?? DesktopReport(session: "none", desktop: DesktopKind.other.rawValue, display: nil, xwayland: nil, features: [])
    }

    /// What GNOME's permission store says about screenshots without a dialog.
    static func screenshotPermissionNote() -> String? {
        switch try? PermissionStore().screenshots() {
        case .yes:
            // Allowed: mutter's screen cast serves, unless PipeWire is missing.
            if case .failure(let missing) = MutterScreenCast.pipeWireSocket(ProcessInfo.processInfo.environment) {
                "captures go through the Screenshot portal, about three times slower than mutter's screen cast: "
                    + missing.message
            } else {
                nil
            }
        case .no: "screenshots are refused in GNOME's permission store: allow them with `livetext desktop --allow-screenshots`"
        case nil: "GNOME asks once whether livetext may take screenshots; to allow it without the dialog: "
            + "`livetext desktop --allow-screenshots`"
        }
    }

    /// What the user allows once for typing through the RemoteDesktop portal.
    static func remoteDesktopNote(_ kind: DesktopKind) -> String {
        (kind == .gnome ? "GNOME asks once for each run of livetext (livetextd: once while it runs) in its “Remote desktop” "
            + "dialog: turn on “Allow remote interaction” and press “Share”"
            : "the desktop asks once for each run of livetext whether it may control the keyboard")
            + "; only the characters of the keyboard layout are typed"
    }

    /// livetext's hotkeys as GNOME's custom keybindings.
    public static func gnomeBindings(_ hotkeys: [String: Hotkey], program: String = "livetext") -> [GnomeKeybindings.Binding] {
        hotkeys.keys.sorted().map { name in
            GnomeKeybindings.Binding(name: name, accelerator: CompositorBindings.gnomeAccelerator(hotkeys[name]!.keys),
                                     command: "\(program) hotkey \(name)")
        }
    }

    static func hotkeysFeature(kind: DesktopKind, session: DisplaySession?, backends: [any DisplayBackend],
                               hotkeys: [String: Hotkey]) -> DesktopReport.Feature {
        if session?.isWayland != true {
            let grabs = backends.lazy.compactMap { $0.mechanism(of: .hotkeys) }.first
            return DesktopReport.Feature(name: "hotkeys", available: grabs != nil, mechanism: grabs,
                                         note: grabs == nil ? backends.lazy.compactMap { $0.unavailableReason(.hotkeys) }.first
                                            ?? "the daemon grabs them on the X display, and there is none" : nil)
        }
        switch kind {
        case .gnome:
            let mechanism = "GNOME custom keybindings running `livetext hotkey NAME`"
            do {
                let installed = Set(try GnomeKeybindings().installed())
                let missing = gnomeBindings(hotkeys).filter { !installed.contains($0) }
                return DesktopReport.Feature(
                    name: "hotkeys", available: missing.isEmpty, mechanism: mechanism,
                    note: missing.isEmpty ? nil : "not bound: \(missing.map(\.name).joined(separator: ", ")); bind them with "
                        + "`livetext desktop --install-hotkeys` (remove with --remove-hotkeys)")
            } catch {
                return DesktopReport.Feature(name: "hotkeys", available: false, mechanism: mechanism,
                                             note: (error as? LiveTextError)?.message ?? "\(error)")
            }
        case .kde:
            return kdeHotkeysFeature(GlobalShortcutsPortal.survey(), hotkeys: hotkeys)
        case .wlroots, .other:
            return DesktopReport.Feature(
                name: "hotkeys", available: false, mechanism: "the compositor's bindings running `livetext hotkey NAME`",
                note: "the compositor owns global keys: add the lines of `livetext hotkey --bindings sway` (or hyprland, "
                    + "river) to its configuration")
        }
    }

    /// KDE Plasma's Wayland session: the daemon binds the hotkeys as KDE's global shortcuts through
    /// the portal; what kglobalaccel holds for them says which keys run which.
    static func kdeHotkeysFeature(_ survey: GlobalShortcutsPortal.Survey, hotkeys: [String: Hotkey]) -> DesktopReport.Feature {
        var mechanism = "KDE global shortcuts, bound by livetextd through xdg-desktop-portal's GlobalShortcuts"
        if let reason = survey.unavailableReason {
            guard survey.registryReason == nil else {
                return DesktopReport.Feature(name: "hotkeys", available: false, mechanism: mechanism,
                                             note: reason + "; until then bind each hotkey to the command `livetext hotkey NAME` "
                                                + "in System Settings → Keyboard → Shortcuts")
            }
            mechanism = "KDE global shortcuts, bound by livetextd in kglobalaccel (\(reason))"
        }
        guard let component = survey.component else {
            return DesktopReport.Feature(name: "hotkeys", available: true, mechanism: mechanism,
                                         note: "not bound yet: livetextd binds them when it starts")
        }
        let said = hotkeys.keys.sorted().map { name -> String in
            guard let action = component.actions.first(where: { $0.name == name }) else { return "\(name): not bound yet" }
            let keys = action.keys.map(ShortcutTrigger.spoken(qtKeyCode:))
            return "\(name): " + (keys.isEmpty ? "no keys (taken by another program, or removed in System Settings)"
                                                : keys.joined(separator: ", "))
        }
        return DesktopReport.Feature(name: "hotkeys", available: true, mechanism: mechanism,
                                     note: said.joined(separator: "; ")
                                        + (component.isActive ? "" : " (inactive: livetextd is not running)")
                                        + "; change them in System Settings → Keyboard → Shortcuts → \(component.name)")
    }
}
