/// Sizes of the supplementary interface at one scale. The base sizes are interface points: one
/// pixel each at scale 1 (the notification preview), two at scale 2 (a HiDPI screen). The font's
/// point size is never used: like VisionKit's, the controls keep one size.
public struct InterfaceMetrics: Sendable, Hashable {
    /// Canvas pixels per interface point; a scale that is not finite and positive counts as 1.
    public let scale: Double

    public init(scale: Double = 1) {
        self.scale = scale.isFinite && scale > 0 ? min(scale, 64) : 1
    }

    /// Scale 1: the sizes the notification preview has always had.
    public static let standard = InterfaceMetrics()

    /// Em size of chip titles, in pixels.
    public var fontPixelHeight: Int { pixels(12) }
    public var chipHeight: Int { pixels(22) }
    /// The Live Text button is a square as high as a chip.
    public var buttonSize: Int { pixels(22) }
    /// Space left and right of a chip's title.
    public var chipPadding: Int { pixels(9) }
    public var chipMaxWidth: Int { pixels(180) }
    /// Between two chips, and between the last chip and the button.
    public var gap: Int { pixels(6) }
    /// Distance kept from the canvas edges when the insets ask for less and there is room.
    public var edgeMargin: Int { pixels(6) }

    /// `points` in whole pixels at this scale, at least 1.
    public func pixels(_ points: Int) -> Int {
        max(1, Int((Double(points) * scale).rounded()))
    }

    /// A content inset in whole pixels: negative, non-finite and absurd values bounded.
    func insetPixels(_ points: Double) -> Int {
        guard points.isFinite, points > 0 else { return 0 }
        return Int(min(points * scale, 1_000_000).rounded())
    }
}
