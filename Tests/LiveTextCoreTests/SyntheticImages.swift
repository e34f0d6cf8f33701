@testable import LiveTextCore

/// Small drawings for preprocessing tests: panels and glyph-like bars.
struct Canvas {
    var width: Int, height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8)) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 255, count: width * height * 4)
        fillRect(Bounds(x: 0, y: 0, width: width, height: height), fill)
    }

    mutating func fillRect(_ r: Bounds, _ c: (UInt8, UInt8, UInt8)) {
        let r = r.clamped(width: width, height: height)
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let o = (y * width + x) * 4
                pixels[o] = c.0; pixels[o + 1] = c.1; pixels[o + 2] = c.2; pixels[o + 3] = 255
            }
        }
    }

    /// A row of "glyphs": 2-px-wide bars `height` tall with gaps, like a line of small text.
    mutating func glyphRow(x: Int, y: Int, count: Int, height: Int, color: (UInt8, UInt8, UInt8)) {
        for i in 0..<count {
            fillRect(Bounds(x: x + i * 5, y: y, width: 2, height: height), color)
        }
    }

    var image: PixelImage { PixelImage(width: width, height: height, format: .rgba8, pixels: pixels) }
}
