import CX11
import LiveTextCore

extension LiveModifiers {
    /// From an X event's `state`.
    init(state: UInt32) {
        let pairs: [(Int32, LiveModifiers)] = [(ShiftMask, .shift), (ControlMask, .control), (Mod1Mask, .alt),
                                                (Mod4Mask, .superKey), (Button1Mask, .button1),
                                                (Button2Mask, .button2), (Button3Mask, .button3)]
        self = LiveModifiers(pairs.filter { state & UInt32($0.0) != 0 }.map(\.1))
    }
}
