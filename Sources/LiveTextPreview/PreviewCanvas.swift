import FontRendering
import LiveTextCore

/// An opaque RGBA8 image to draw on. Colours are straight alpha and composite source-over;
/// the canvas itself stays opaque. Every operation is clipped to the canvas and to `clip`.
public struct PreviewCanvas: Sendable {
    public let width: Int
    public let height: Int
    /// Drawing outside this rectangle is dropped; the whole canvas by default.
    public var clip: Bounds {
        didSet { clip = clip.clamped(width: width, height: height) }
    }
    private var pixels: [UInt8]

    /// A canvas holding `image` (which must be rgba8).
    public init(_ image: PixelImage) {
        precondition(image.format == .rgba8, "the canvas draws on rgba8 images")
        width = image.width
        height = image.height
        pixels = image.pixels
        clip = Bounds(x: 0, y: 0, width: image.width, height: image.height)
    }

    /// What has been drawn, as an rgba8 image.
    public var image: PixelImage {
        PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
    }

    /// The colour at (x, y).
    public func color(x: Int, y: Int) -> RGBAColor {
        let o = (y * width + x) * 4
        return RGBAColor(pixels[o], pixels[o + 1], pixels[o + 2], alpha: pixels[o + 3])
    }

    /// Fills `rect` with `color`.
    public mutating func fill(_ rect: Bounds, _ color: RGBAColor) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { blend(x, y, color, coverage: 255) }
        }
    }

    /// A line `thickness` pixels thick from `x` rightwards, its top row at `y`.
    public mutating func horizontalLine(x: Int, y: Int, length: Int, thickness: Int = 1, _ color: RGBAColor) {
        fill(Bounds(x: x, y: y, width: length, height: thickness), color)
    }

    /// Fills `rect` with its corners rounded by `radius`, antialiased.
    public mutating func fillRoundedRect(_ rect: Bounds, radius: Double, _ color: RGBAColor) {
        paintRoundedRect(rect, radius: radius, color) { distance in Self.coverage(distance) }
    }

    /// Strokes the inside edge of the rounded `rect` with a line `lineWidth` wide, so the
    /// stroke never leaves `rect`.
    public mutating func strokeRoundedRect(_ rect: Bounds, radius: Double, lineWidth: Double, _ color: RGBAColor) {
        paintRoundedRect(rect, radius: radius, color) { distance in
            Self.coverage(distance) - Self.coverage(distance + lineWidth)
        }
    }

    /// Colours the pixels of `mask` whose top-left corner is at (x, y), by their coverage.
    public mutating func blend(_ mask: CoverageMask, x: Int, y: Int, _ color: RGBAColor) {
        let area = Bounds(x: x, y: y, width: mask.width, height: mask.height).intersection(clip)
        guard !area.isEmpty else { return }
        for py in area.y..<area.maxY {
            for px in area.x..<area.maxX {
                let value = mask[px - x, py - y]
                if value > 0 { blend(px, py, color, coverage: value) }
            }
        }
    }

    /// Visits each pixel of `rect`, colouring it by `shape(signed distance of its centre to
    /// the rounded rectangle's edge, negative inside)`.
    private mutating func paintRoundedRect(_ rect: Bounds, radius: Double, _ color: RGBAColor,
                                           shape: (Double) -> Double) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        let halfW = Double(rect.width) / 2, halfH = Double(rect.height) / 2
        let r = max(0, min(radius, halfW, halfH))
        let cx = Double(rect.x) + halfW, cy = Double(rect.y) + halfH
        for y in area.y..<area.maxY {
            let qy = abs(Double(y) + 0.5 - cy) - (halfH - r)
            for x in area.x..<area.maxX {
                let qx = abs(Double(x) + 0.5 - cx) - (halfW - r)
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let distance = outside + min(max(qx, qy), 0) - r
                let amount = shape(distance)
                if amount > 0 { blend(x, y, color, coverage: UInt8(min(255, (amount * 255).rounded()))) }
            }
        }
    }

    /// How much of a pixel lies inside an edge `distance` away from its centre (box filter).
    private static func coverage(_ distance: Double) -> Double {
        min(1, max(0, 0.5 - distance))
    }

    /// Source-over of `color` scaled by `coverage` onto the pixel at (x, y).
    private mutating func blend(_ x: Int, _ y: Int, _ color: RGBAColor, coverage: UInt8) {
        let alpha = (Int(color.alpha) * Int(coverage) + 127) / 255
        guard alpha > 0 else { return }
        let o = (y * width + x) * 4
        let keep = 255 - alpha
        pixels[o] = UInt8((Int(pixels[o]) * keep + Int(color.red) * alpha + 127) / 255)
        pixels[o + 1] = UInt8((Int(pixels[o + 1]) * keep + Int(color.green) * alpha + 127) / 255)
        pixels[o + 2] = UInt8((Int(pixels[o + 2]) * keep + Int(color.blue) * alpha + 127) / 255)
        pixels[o + 3] = 255
    }
}
