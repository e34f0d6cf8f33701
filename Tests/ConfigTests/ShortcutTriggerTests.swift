import Testing
@testable import LiveTextConfig

@Suite("hotkeys as KDE's global shortcuts")
struct ShortcutTriggerTests {
    typealias Case = (keys: String, xdg: String, qt: Int32, spoken: String)

    static let cases: [Case] = [
        ("Super+Shift+T", "SHIFT+LOGO+t", 0x1000_0000 | 0x0200_0000 | 0x54, "Meta+Shift+T"),
        ("Control+Alt+Delete", "CTRL+ALT+Delete", 0x0400_0000 | 0x0800_0000 | 0x0100_0007, "Ctrl+Alt+Del"),
        ("Print", "Print", 0x0100_0009, "Print"),
        ("Mod4+Mod1+F12", "ALT+LOGO+F12", 0x1000_0000 | 0x0800_0000 | 0x0100_003B, "Meta+Alt+F12"),
        ("Shift+P", "SHIFT+p", 0x0200_0000 | 0x50, "Shift+P"),
        ("Super+7", "LOGO+7", 0x1000_0000 | 0x37, "Meta+7"),
        ("Control+space", "CTRL+space", 0x0400_0000 | 0x20, "Ctrl+Space"),
        ("Super+Page_Down", "LOGO+Page_Down", 0x1000_0000 | 0x0100_0017, "Meta+PgDown"),
        ("Super+KP_Enter", "LOGO+KP_Enter", 0x1000_0000 | 0x2000_0000 | 0x0100_0005, "Meta+Num+Enter"),
        ("Super+KP_Add", "LOGO+KP_Add", 0x1000_0000 | 0x2000_0000 | 0x2B, "Meta+Num++"),
        ("Alt+minus", "ALT+minus", 0x0800_0000 | 0x2D, "Alt+-"),
        ("Super+Mod4+t", "LOGO+t", 0x1000_0000 | 0x54, "Meta+T"),
    ]

    @Test("a combination becomes the portal's trigger, the Qt key code kglobalaccel keeps, and KDE's words for it",
          arguments: Self.cases)
    func converted(keys: String, xdg: String, qt: Int32, spoken: String) throws {
        let combo = try KeyCombo(parsing: keys)
        #expect(try ShortcutTrigger.xdg(combo) == xdg)
        #expect(try ShortcutTrigger.qtKeyCode(combo) == qt)
        #expect(ShortcutTrigger.spoken(qtKeyCode: qt) == spoken)
    }

    @Test("Mod3 and Mod5 have no name in KDE's shortcuts, and a key without a Qt code is refused, saying where to bind it")
    func refused() throws {
        for keys in ["Mod3+T", "Super+Mod5+T"] {
            let combo = try KeyCombo(parsing: keys)
            #expect(throws: KeyComboError.self) { try ShortcutTrigger.xdg(combo) }
            do {
                _ = try ShortcutTrigger.qtKeyCode(combo)
                Issue.record("\(keys) was converted")
            } catch {
                #expect(error.message.contains("has no name in KDE's global shortcuts"), "\(error.message)")
            }
        }
        let media = try KeyCombo(parsing: "Super+XF86Calculator")
        #expect(try ShortcutTrigger.xdg(media) == "LOGO+XF86Calculator")
        do {
            _ = try ShortcutTrigger.qtKeyCode(media)
            Issue.record("XF86Calculator was converted")
        } catch {
            #expect(error.message.contains("System Settings"), "\(error.message)")
        }
    }

    @Test("an unknown key code is spoken in hex rather than guessed")
    func unknownSpoken() {
        #expect(ShortcutTrigger.spoken(qtKeyCode: 0x0800_0000 | 0x0100_00CB) == "Alt+0x10000cb")
    }
}
