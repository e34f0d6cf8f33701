@testable import DesktopPortals
import LiveTextConfig
@testable import LiveTextDesktop
import Testing

/// What `livetext desktop` says of hotkeys on KDE Plasma's Wayland session, from what the portal
/// and kglobalaccel answered (`GlobalShortcutsPortal.survey`; asked for real in KDESessionTests).
@Suite("hotkeys on KDE in livetext desktop")
struct KDEHotkeysReportTests {
    static let hotkeys = ["text": Hotkey(keys: KeyCombo(modifiers: [.super, .shift], key: "T"), action: .copyText),
                          "codes": Hotkey(keys: KeyCombo(modifiers: [.super, .shift], key: "Q"), action: .codes)]

    static func component(active: Bool) -> KGlobalAccel.Component {
        KGlobalAccel.Component(name: "livetext", isActive: active, actions: [
            KGlobalAccel.Action(name: "text", friendlyName: "livetext: copy-text (text)", component: "livetext",
                                componentFriendlyName: "livetext", keys: [0x1000_0000 | 0x0800_0000 | 0x54], defaultKeys: []),
            KGlobalAccel.Action(name: "codes", friendlyName: "livetext: codes (codes)", component: "livetext",
                                componentFriendlyName: "livetext", keys: [], defaultKeys: []),
        ])
    }

    @Test("neither the portal nor kglobalaccel: missing, with both reasons' first and how to bind by hand")
    func neither() {
        let feature = Desktop.kdeHotkeysFeature(.init(unavailableReason: "xdg-desktop-portal is not on the session bus",
                                                      registryReason: "kglobalaccel is not on the session bus", component: nil),
                                                hotkeys: Self.hotkeys)
        #expect(!feature.available)
        #expect(feature.note?.hasPrefix("xdg-desktop-portal is not on the session bus; until then bind each hotkey") == true,
                "\(String(describing: feature.note))")
    }

    @Test("the portal: the keys KDE bound for each, the user's own among them, and a hotkey with none")
    func bound() {
        let feature = Desktop.kdeHotkeysFeature(.init(unavailableReason: nil, registryReason: nil, component: Self.component(active: true)),
                                                hotkeys: Self.hotkeys)
        #expect(feature.available)
        #expect(feature.mechanism?.contains("xdg-desktop-portal's GlobalShortcuts") == true)
        #expect(feature.note?.hasPrefix("codes: no keys") == true && feature.note?.contains("text: Meta+Alt+T") == true,
                "\(String(describing: feature.note))")
        #expect(feature.note?.contains("inactive") == false)
    }

    @Test("kglobalaccel alone, the daemon not running: said so, and not bound yet before it ever ran")
    func registryAlone() {
        let inactive = Desktop.kdeHotkeysFeature(.init(unavailableReason: "no GlobalShortcuts portal", registryReason: nil,
                                                       component: Self.component(active: false)), hotkeys: Self.hotkeys)
        #expect(inactive.available && inactive.mechanism?.contains("in kglobalaccel (no GlobalShortcuts portal)") == true)
        #expect(inactive.note?.contains("(inactive: livetextd is not running)") == true, "\(String(describing: inactive.note))")
        let never = Desktop.kdeHotkeysFeature(.init(unavailableReason: nil, registryReason: nil, component: nil), hotkeys: Self.hotkeys)
        #expect(never.note == "not bound yet: livetextd binds them when it starts")
    }
}
