import CX11

/// A binding turned into what the server grabs: key codes and a modifier mask.
struct ResolvedHotkey {
    let binding: HotkeyBinding
    /// Every key that carries the keysym (a keyboard may have two Print keys).
    let keycodes: [Int]
    /// Shift, Control, Mod1…Mod5 bits, without the lock modifiers.
    let mask: UInt32
}

/// Resolves bindings against the server's current keyboard and modifier maps.
struct HotkeyResolver {
    let display: OpaquePointer
    let mapping: KeyboardMapping
    let modifiers: ModifierMap

    init(display: OpaquePointer) {
        self.display = display
        mapping = KeyboardMapping(display: display)
        modifiers = ModifierMap(display: display, mapping: mapping)
    }

    /// Caps Lock, Num Lock and Scroll Lock: the bits a press may carry whatever the binding says.
    var lockBits: [UInt32] {
        var bits: [UInt32] = [UInt32(LockMask)]
        for bit in [modifiers.numLockMask, modifiers.scrollLockMask] where bit != 0 && !bits.contains(bit) {
            bits.append(bit)
        }
        return bits
    }

    /// Every combination of the lock bits that `mask` does not use itself (8 with all three).
    func lockCombinations(for mask: UInt32) -> [UInt32] {
        let bits = lockBits.filter { $0 & mask == 0 }
        return (0..<(1 << bits.count)).map { subset in
            bits.enumerated().reduce(UInt32(0)) { $0 | (subset & (1 << $1.offset) != 0 ? $1.element : 0) }
        }
    }

    func resolve(_ binding: HotkeyBinding) -> Result<ResolvedHotkey, HotkeyFailure> {
        guard let keysym = Keysyms.named(binding.keysym) else { return .failure(unknownKey(binding)) }
        var mask = modifierMask(binding.modifiers)
        var keycodes = mapping.keycodes(plain: keysym)
        if keycodes.isEmpty {
            // On a shifted or third level only (`exclam`, `bar` on the < > key): hold that level too.
            let keycode = Int(XKeysymToKeycode(display, keysym))
            guard keycode != 0 else { return .failure(unknownKey(binding)) }
            let syms = mapping.keysyms(of: keycode)
            if let index = syms.firstIndex(of: keysym).map({ $0 - syms.startIndex }) {
                if index == 1 || index == 5 { mask |= UInt32(ShiftMask) }
                if index == 4 || index == 5 { mask |= modifiers.level3Mask }
            }
            keycodes = [keycode]
        }
        return .success(ResolvedHotkey(binding: binding, keycodes: keycodes, mask: mask))
    }

    private func unknownKey(_ binding: HotkeyBinding) -> HotkeyFailure {
        HotkeyFailure(id: binding.id, combo: binding.combo,
                      message: "unknown key '\(binding.keysym)' in \(binding.combo) (use keysym names such as T, Print, F12)")
    }

    private func modifierMask(_ modifiers: HotkeyModifiers) -> UInt32 {
        var mask: UInt32 = 0
        if modifiers.contains(.shift) { mask |= UInt32(ShiftMask) }
        if modifiers.contains(.control) { mask |= UInt32(ControlMask) }
        if modifiers.contains(.alt) { mask |= self.modifiers.altMask != 0 ? self.modifiers.altMask : UInt32(Mod1Mask) }
        if modifiers.contains(.super) { mask |= self.modifiers.superMask != 0 ? self.modifiers.superMask : UInt32(Mod4Mask) }
        if modifiers.contains(.mod1) { mask |= UInt32(Mod1Mask) }
        if modifiers.contains(.mod2) { mask |= UInt32(Mod2Mask) }
        if modifiers.contains(.mod3) { mask |= UInt32(Mod3Mask) }
        if modifiers.contains(.mod4) { mask |= UInt32(Mod4Mask) }
        if modifiers.contains(.mod5) { mask |= UInt32(Mod5Mask) }
        return mask
    }
}
