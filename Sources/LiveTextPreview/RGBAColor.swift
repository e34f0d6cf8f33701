/// A colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct RGBAColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 0 transparent to 255 opaque.
    public var alpha: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The same colour with `alpha`.
    public func withAlpha(_ alpha: UInt8) -> RGBAColor {
        RGBAColor(red, green, blue, alpha: alpha)
    }
}

/// The colours of the supplementary interface.
enum Palette {
    /// Primary chip fill, underlines.
    static let accent = RGBAColor(10, 122, 255)
    /// Selectable text: a selection-like tint over each line.
    static let textHighlight = RGBAColor(10, 122, 255, alpha: 64)
    /// Data detector underline.
    static let itemUnderline = RGBAColor(10, 122, 255, alpha: 230)
    /// Machine-readable code outline.
    static let codeOutline = RGBAColor(255, 196, 0)
    /// Secondary chips and the Live Text button.
    static let controlFill = RGBAColor(246, 246, 248, alpha: 240)
    static let controlStroke = RGBAColor(0, 0, 0, alpha: 46)
    static let controlInk = RGBAColor(28, 28, 30)
    static let primaryInk = RGBAColor(255, 255, 255)
}
