import CXKBCommon
import Foundation
import LiveTextCore
import Testing
@testable import WaylandKit

/// Which key types which character in a layout the compositor chose (KWin's fake input sends
/// key codes through it): layouts compiled by xkbcommon from the system's xkb data, as KWin does.
@Suite("keys of a keyboard layout, for KWin's fake input")
struct LayoutKeysTests {
    /// Evdev codes: KEY_1 2, KEY_Q 16, KEY_Y 21, KEY_ENTER 28, KEY_A 30, KEY_GRAVE 41,
    /// KEY_LEFTSHIFT 42, KEY_SPACE 57, KEY_RIGHTALT 100.
    @Test("US English: plain keys, Shift for capitals and symbols, Return and space", arguments: [
        ("a", LayoutKeys.Stroke(code: 30, modifiers: [])), ("A", .init(code: 30, modifiers: [42])),
        ("!", .init(code: 2, modifiers: [42])), ("~", .init(code: 41, modifiers: [42])),
        ("\n", .init(code: 28, modifiers: [])), (" ", .init(code: 57, modifiers: [])),
    ] as [(String, LayoutKeys.Stroke)])
    func us(character: String, stroke: LayoutKeys.Stroke) throws {
        let keys = try LayoutKeys(keymapText: try Self.keymap("us"), layout: 0)
        #expect(try FakeInputTyper.strokes(for: TypingKeymap.keysyms(typing: character), layout: keys) == [stroke])
    }

    @Test("German: AltGr for @, the key where US has Y for z")
    func german() throws {
        let keys = try LayoutKeys(keymapText: try Self.keymap("de"), layout: 0)
        let strokes = try FakeInputTyper.strokes(for: TypingKeymap.keysyms(typing: "@z"), layout: keys)
        #expect(strokes == [.init(code: 16, modifiers: [100]), .init(code: 21, modifiers: [])], "\(strokes)")
    }

    @Test("a character the layout lacks is refused, named, before any key")
    func missing() throws {
        let keys = try LayoutKeys(keymapText: try Self.keymap("us"), layout: 0)
        #expect(keys.strokes[0xe9] == nil)
        #expect { try FakeInputTyper.strokes(for: TypingKeymap.keysyms(typing: "café"), layout: keys) } throws: { error in
            (error as? LiveTextError)?.code == .unavailable && (error as? LiveTextError)?.message.contains("“é”") == true
        }
    }

    /// The layout `name` as a compositor sends it to clients: xkb's text format.
    static func keymap(_ name: String) throws -> String {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let keymap = try "evdev".withCString { rules in
            try "pc105".withCString { model in
                try name.withCString { layout in
                    var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: nil, options: nil)
                    return try #require(xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS))
                }
            }
        }
        defer { xkb_keymap_unref(keymap) }
        let text = try #require(xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1))
        defer { free(text) }
        return String(cString: text)
    }
}
