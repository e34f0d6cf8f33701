import LiveTextCore
import LiveTextInteraction
import X11Kit

// The live surface's and the viewer's X events as the interaction's plain values, and its
// pointer shapes as X cursors: the one place the two vocabularies meet.

extension InteractionEvent {
    /// `event` for a controller; nil for what the window handles itself (an expose: it has drawn
    /// its paints over the frozen pixels again).
    init?(_ event: LiveSurfaceEvent) {
        switch event {
        case .press(let press): self = .press(PointerEvent(press))
        case .release(let release): self = .release(PointerEvent(release))
        case .motion(let x, let y, let modifiers): self = .motion(x: x, y: y, modifiers: InteractionModifiers(modifiers))
        case .key(let key): self = .key(KeyEvent(keysym: key.keysym, modifiers: InteractionModifiers(key.modifiers)))
        case .keyRelease(let key): self = .keyRelease(KeyEvent(keysym: key.keysym, modifiers: InteractionModifiers(key.modifiers)))
        case .message(let value): self = .message(value)
        case .resized(let width, let height): self = .resized(width: width, height: height)
        case .expose: return nil
        }
    }
}

extension PointerEvent {
    init(_ event: LivePointerEvent) {
        self.init(button: event.button, x: event.x, y: event.y, clickCount: event.clickCount,
                  modifiers: InteractionModifiers(event.modifiers))
    }
}

extension InteractionModifiers {
    /// The same keys and buttons.
    init(_ modifiers: LiveModifiers) {
        let pairs: [(LiveModifiers, InteractionModifiers)] = [(.shift, .shift), (.control, .control), (.alt, .alt),
                                                              (.superKey, .superKey), (.button1, .button1),
                                                              (.button2, .button2), (.button3, .button3)]
        self = InteractionModifiers(pairs.filter { modifiers.contains($0.0) }.map(\.1))
    }
}

extension LiveCursor {
    init(_ shape: PointerShape) {
        switch shape {
        case .iBeam: self = .iBeam
        case .hand: self = .hand
        case .arrow: self = .arrow
        }
    }
}
