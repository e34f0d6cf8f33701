import Testing
@testable import LiveTextConfig

@Suite("hotkey combinations")
struct KeyComboTests {
    typealias Case = (text: String, modifiers: KeyCombo.Modifiers, key: String, canonical: String)

    static let goodCases: [Case] = [
        ("Super+Shift+T", KeyCombo.Modifiers([.super, .shift]), "T", "Super+Shift+T"),
        ("shift+super+t", [.super, .shift], "t", "Super+Shift+t"),
        ("Ctrl+Alt+Delete", [.control, .alt], "Delete", "Control+Alt+Delete"),
        ("Control + F12", [.control], "F12", "Control+F12"),
        ("Print", [], "Print", "Print"),
        ("Mod4+Mod1+KP_Enter", [.mod4, .mod1], "KP_Enter", "Mod1+Mod4+KP_Enter"),
        ("Super+XF86Calculator", [.super], "XF86Calculator", "Super+XF86Calculator"),
        ("Super+plus", [.super], "plus", "Super+plus"),
        ("Mod5+Mod3+Mod2+0", [.mod5, .mod3, .mod2], "0", "Mod2+Mod3+Mod5+0"),
    ]

    @Test("good combinations parse into modifiers and a keysym name",
          arguments: Self.goodCases)
    func good(text: String, modifiers: KeyCombo.Modifiers, key: String, canonical: String) throws {
        let combo = try KeyCombo(parsing: text)
        #expect(combo.modifiers == modifiers)
        #expect(combo.key == key)
        #expect(combo.description == canonical)
        #expect(try KeyCombo(parsing: combo.description) == combo)
    }

    @Test("bad combinations are refused with a reason",
          arguments: [
        ("", "empty"),
        ("   ", "empty"),
        ("Super+Shift", "no key"),
        ("Super+", "empty part"),
        ("Super++", "empty part"),
        ("+T", "empty part"),
        ("Hyper+T", "unknown modifier \"Hyper\""),
        ("Super+Super+T", "given twice"),
        ("Ctrl+Control+T", "given twice"),
        ("Super+Shift+Ä", "not a key name"),
        ("Super+Page Up", "not a key name"),
        ("Super+T+U", "unknown modifier \"T\""),
          ])
    func bad(text: String, reason: String) {
        #expect {
            try KeyCombo(parsing: text)
        } throws: { error in
            (error as? KeyComboError)?.message.contains(reason) == true
        }
    }
}
