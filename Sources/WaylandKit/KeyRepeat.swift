import LiveTextCore

/// A held key repeated as the compositor asks (`wl_keyboard.repeat_info`): Wayland leaves repeating
/// to the client, where X's server repeats by itself. After `delay` the key is pressed again
/// `rate` times a second until it is let go, another key is pressed or the keyboard leaves.
struct KeyRepeat {
    /// Presses a second; 0 repeats nothing.
    var rate = 25
    /// Milliseconds before the first repeat.
    var delay = 600
    /// The key held (its evdev code and event) and when it is pressed again next.
    private var held: (code: UInt32, key: LiveKeyEvent, next: ContinuousClock.Instant)?

    /// `key` (evdev `code`) went down at `now`; `repeats`: the keymap says it repeats (not a
    /// modifier, not Escape's like).
    mutating func pressed(_ key: LiveKeyEvent, code: UInt32, repeats: Bool, now: ContinuousClock.Instant) {
        held = repeats && rate > 0 ? (code, key, now + .milliseconds(delay)) : nil
    }

    /// Key `code` was let go.
    mutating func released(code: UInt32) {
        if held?.code == code { held = nil }
    }

    /// Nothing is held any more (the keyboard left the surface, or went).
    mutating func stop() { held = nil }

    /// The press due at `now`, if any (the next one scheduled after it).
    mutating func due(now: ContinuousClock.Instant) -> LiveKeyEvent? {
        guard let current = held, now >= current.next, rate > 0 else { return nil }
        held?.next = max(current.next + .milliseconds(1000 / rate), now)
        return current.key
    }

    /// How long a wait for events may be before the next repeat is due, in milliseconds; nil
    /// while nothing is held.
    func wait(now: ContinuousClock.Instant) -> Int32? {
        guard let held else { return nil }
        let left = now.duration(to: held.next)
        return left <= .zero ? 0 : Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 1000))
    }
}
