/// The keysyms the controllers act on (X11's and xkbcommon's values; the interaction knows no
/// window system's headers).
public enum Keysym {
    public static let plus: UInt32 = 0x2b, equal: UInt32 = 0x3d, minus: UInt32 = 0x2d, zero: UInt32 = 0x30
    public static let f: UInt32 = 0x66, q: UInt32 = 0x71, n: UInt32 = 0x6e, p: UInt32 = 0x70
    public static let escape: UInt32 = 0xff1b, space: UInt32 = 0x20
    public static let enter: UInt32 = 0xff0d, keypadEnter: UInt32 = 0xff8d
    public static let home: UInt32 = 0xff50, end: UInt32 = 0xff57
    public static let keypadHome: UInt32 = 0xff95, keypadUp: UInt32 = 0xff97, keypadDown: UInt32 = 0xff99
    public static let keypadEnd: UInt32 = 0xff9c
    public static let left: UInt32 = 0xff51, up: UInt32 = 0xff52, right: UInt32 = 0xff53, down: UInt32 = 0xff54
    public static let pageUp: UInt32 = 0xff55, pageDown: UInt32 = 0xff56
    public static let keypadAdd: UInt32 = 0xffab, keypadSubtract: UInt32 = 0xffad, keypadZero: UInt32 = 0xffb0
    public static let keypadLeft: UInt32 = 0xff96, keypadRight: UInt32 = 0xff98, keypadOne: UInt32 = 0xffb1
    /// Tab, and what Shift+Tab gives on most keymaps.
    public static let tab: UInt32 = 0xff09, isoLeftTab: UInt32 = 0xfe20
    /// The Menu (context menu) key.
    public static let menu: UInt32 = 0xff67
    public static let f10: UInt32 = 0xffc7, f11: UInt32 = 0xffc8
    public static let backSpace: UInt32 = 0xff08
    public static let one: UInt32 = 0x31, w: UInt32 = 0x77, r: UInt32 = 0x72, shiftR: UInt32 = 0x52
}
