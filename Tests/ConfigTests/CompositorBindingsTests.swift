import LiveTextConfig
import Testing

@Suite("hotkeys as a Wayland compositor's bindings")
struct CompositorBindingsTests {
    @Test("the default hotkeys in sway's, Hyprland's and river's words")
    func defaults() {
        let sway = CompositorBindings.lines(for: Hotkey.defaults, compositor: .sway)
        #expect(sway == ["# livetext: codes (codes)", "bindsym Mod4+Shift+q exec livetext hotkey codes",
                         "# livetext: live (live)", "bindsym Mod4+Shift+x exec livetext hotkey live",
                         "# livetext: text (copy-text)", "bindsym Mod4+Shift+t exec livetext hotkey text"])
        let hyprland = CompositorBindings.lines(for: Hotkey.defaults, compositor: .hyprland)
        #expect(hyprland.last == "bind = SUPER SHIFT, T, exec, livetext hotkey text")
        let river = CompositorBindings.lines(for: Hotkey.defaults, compositor: .river)
        #expect(river.last == "riverctl map normal Super+Shift T spawn 'livetext hotkey text'")
    }

    @Test("every modifier is named once in the compositor's words; a key name stays as written but single letters in sway")
    func modifiers() throws {
        let keys = try KeyCombo(parsing: "Control+Alt+Mod1+Print")
        let hotkeys = ["shot": Hotkey(keys: keys, action: .codes)]
        #expect(CompositorBindings.lines(for: hotkeys, compositor: .sway).last == "bindsym Ctrl+Mod1+Print exec livetext hotkey shot")
        #expect(CompositorBindings.lines(for: hotkeys, compositor: .hyprland).last == "bind = CTRL ALT, Print, exec, livetext hotkey shot")
        #expect(CompositorBindings.lines(for: hotkeys, compositor: .river).last
                == "riverctl map normal Control+Alt Print spawn 'livetext hotkey shot'")
        let bare = ["f": Hotkey(keys: try KeyCombo(parsing: "F12"), action: .live)]
        #expect(CompositorBindings.lines(for: bare, compositor: .river).last == "riverctl map normal None F12 spawn 'livetext hotkey f'")
        #expect(CompositorBindings.lines(for: [:], compositor: .sway).isEmpty)
    }

    @Test("GNOME's accelerators: each modifier once in angle brackets, letters lowercase")
    func gnome() throws {
        #expect(CompositorBindings.gnomeAccelerator(try KeyCombo(parsing: "Super+Shift+T")) == "<Super><Shift>t")
        #expect(CompositorBindings.gnomeAccelerator(try KeyCombo(parsing: "Control+Alt+Mod1+Print")) == "<Control><Alt>Print")
        #expect(CompositorBindings.gnomeAccelerator(try KeyCombo(parsing: "F12")) == "F12")
    }
}
