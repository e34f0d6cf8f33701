import DesktopPortals
import LiveTextConfig
import LiveTextCore

/// The settings' hotkeys as the desktop's global shortcuts, through xdg-desktop-portal's
/// GlobalShortcuts (KDE Plasma on Wayland, where KWin owns the keys): each hotkey a shortcut of
/// its name, its keys the preferred trigger. Where the portal has no GlobalShortcuts (Plasma before
/// 5.27), they are registered in kglobalaccel directly (`KGlobalAccelShortcuts`), the same
/// component. What the desktop really bound is read back from kglobalaccel where it runs: the
/// portal of Plasma 5.27 says it bound keys another program holds, and keeps keys the user chose
/// in System Settings over the settings' own.
struct PortalHotkeys: Sendable {
    let portal: GlobalShortcutsPortal
    let fallback: KGlobalAccelShortcuts

    /// `rebound`: the shortcuts were bound again after the portal or kglobalaccel came back.
    init(busAddress: String?, rebound: @escaping @Sendable (Result<[GlobalShortcutsPortal.Bound], any Error>) -> Void) {
        portal = GlobalShortcutsPortal(busAddress: busAddress, watching: [KGlobalAccel.busName], rebound: rebound)
        fallback = KGlobalAccelShortcuts(busAddress: busAddress) { result in
            rebound(result.map { $0.map { GlobalShortcutsPortal.Bound(id: $0, trigger: nil) } })
        }
    }

    /// Binds `hotkeys` (none: ends the session) and says what the desktop did with each.
    func bind(_ hotkeys: [String: Hotkey]) async -> GlobalHotkeys.Outcome {
        var taken: [String] = []
        var shortcuts: [GlobalShortcut] = []
        var noKeyCode: [String] = []
        for name in hotkeys.keys.sorted() {
            let keys = hotkeys[name]!.keys
            let trigger: String, key: Int32?
            do { trigger = try ShortcutTrigger.xdg(keys) } catch {
                taken.append("hotkey \(name): \(error.message)")
                continue
            }
            do { key = try ShortcutTrigger.qtKeyCode(keys) } catch {
                key = nil
                noKeyCode.append("hotkey \(name): \(error.message)")
            }
            shortcuts.append(GlobalShortcut(id: name, description: "livetext: \(hotkeys[name]!.action.rawValue) (\(name))",
                                            trigger: trigger, key: key))
        }
        do {
            let bound = try await portal.bind(shortcuts)
            await fallback.forget()
            return await outcome(hotkeys, bound: bound, notSent: taken)
        } catch let refused as LiveTextError where refused.code == .unavailable {
            // No GlobalShortcuts portal: kglobalaccel itself, where it runs, which alone binds them
            // again from now on.
            _ = try? await portal.bind([])
            let keyed = shortcuts.filter { $0.key != nil }
            taken += noKeyCode
            do {
                try await fallback.bind(keyed)
                var outcome = await outcome(hotkeys, bound: keyed.map { .init(id: $0.id, trigger: nil) }, notSent: taken)
                outcome.through = "kglobalaccel (\(refused.message))"
                return outcome
            } catch {
                return GlobalHotkeys.Outcome(off: "hotkeys are off: \(refused.message); \(Self.said(error))", taken: taken)
            }
        } catch {
            return GlobalHotkeys.Outcome(off: "hotkeys are off: \(Self.said(error))", taken: taken)
        }
    }

    static func said(_ error: any Error) -> String {
        (error as? LiveTextError)?.message ?? "\(error)"
    }

    /// What the desktop did with `hotkeys`, once bound: from kglobalaccel when it answers, else
    /// from the portal's own answer.
    func outcome(_ hotkeys: [String: Hotkey], bound: [GlobalShortcutsPortal.Bound], notSent: [String] = [])
        async -> GlobalHotkeys.Outcome {
        var outcome = GlobalHotkeys.Outcome(taken: notSent)
        let registry = try? await portal.registry()
        let component = try? await registry?.component(endingWith: GlobalShortcutsPortal.sessionToken)
        for shortcut in bound.sorted(by: { $0.id < $1.id }) {
            guard let hotkey = hotkeys[shortcut.id] else { continue }
            guard let registry, let component, let action = component.actions.first(where: { $0.name == shortcut.id }) else {
                if let trigger = shortcut.trigger { outcome.grabbed.append("\(shortcut.id) (\(trigger))") } else {
                    outcome.taken.append("hotkey \(shortcut.id): the desktop bound no keys to it; bind it in its shortcut settings")
                }
                continue
            }
            let wanted = try? ShortcutTrigger.qtKeyCode(hotkey.keys)
            if let keys = action.keys.first {
                let spoken = action.keys.map(ShortcutTrigger.spoken(qtKeyCode:)).joined(separator: ", ")
                outcome.grabbed.append(action.keys.contains { $0 == wanted } ? "\(shortcut.id) (\(spoken))"
                    : "\(shortcut.id) (\(ShortcutTrigger.spoken(qtKeyCode: keys)) as set in System Settings; "
                    + "the settings ask for \(hotkey.keys))")
            } else {
                var holders: [KGlobalAccel.Action] = []
                if let wanted { holders = (try? await registry.holders(of: wanted)) ?? [] }
                let holder = holders.first { $0.component != component.name }
                outcome.taken.append("hotkey \(shortcut.id): \(hotkey.keys) is "
                    + (holder.map { "taken by \($0.componentFriendlyName)'s “\($0.friendlyName)”" } ?? "bound to nothing in KDE")
                    + ": choose other keys in the settings, or bind it in System Settings → Keyboard → Shortcuts → livetext")
            }
        }
        return outcome
    }

    /// Ends the portal's session and makes kglobalaccel's actions inactive, both at once: a daemon
    /// stopping has little time (systemd's, runuser's two seconds) before it is killed, which would
    /// leave the keys active, heard by nobody.
    func close() async {
        async let portalClosed: Void = portal.close()
        async let fallbackClosed: Void = fallback.close()
        _ = await (portalClosed, fallbackClosed)
    }
}
