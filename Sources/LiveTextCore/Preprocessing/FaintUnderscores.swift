/// An underscore in small terminal text is a one-pixel line that the font's rasterizer puts
/// between two pixel rows, so it is drawn half grey (DejaVu Sans Mono at 12 px: one row at 127 on
/// white) while the glyphs around it have dark stems. Enlarged, it stays lighter than the ink
/// threshold, and the recognizer reads `negative_offsets_round_down` as
/// `negative offsets round down`. Such a line is made as dark as its coverage says: a
/// horizontal run of grey, one pixel high, light all around, as long as one to a few cells.
///
/// Glyph parts are not touched: their horizontal strokes join stems or are dark already, and
/// rules and underlines are longer or dark.
struct FaintUnderscores {
    /// Lighter than this is background.
    var light: UInt8 = 224
    /// Darker than this is ink already.
    var dark: UInt8 = 96

    /// `image` (gray, dark text on white) with its faint underscores darkened, for text whose
    /// glyphs are `glyphHeight` high (nil: nothing is changed).
    func darkened(_ image: PixelImage, glyphHeight: Double?) -> PixelImage {
        guard let glyphHeight, image.format == .gray8, image.width > 2, image.height > 2 else { return image }
        // An underscore is a cell wide (about 0.6 glyph heights), two or three for `__init__`.
        let shortest = max(3, Int((0.35 * glyphHeight).rounded(.down)))
        let longest = Int((3.5 * glyphHeight).rounded(.up))
        var out = image
        let w = image.width, px = image.pixels
        for y in 1..<(image.height - 1) {
            var x = 1
            while x < w - 1 {
                guard px[y * w + x] < light else { x += 1; continue }
                var end = x
                while end + 1 < w - 1, px[y * w + end + 1] < light { end += 1 }
                let length = end - x + 1
                if length >= shortest, length <= longest, isFaintLine(px, width: w, row: y, from: x, to: end) {
                    for column in x...end {
                        let v = Int(px[y * w + column])
                        out.pixels[y * w + column] = UInt8(max(0, 2 * v - 255))
                    }
                }
                x = end + 1
            }
        }
        return out
    }

    /// Whether the run `from...to` of `row` is grey throughout, with light pixels just left and
    /// right of it and all along the rows above and below it (its corners too).
    private func isFaintLine(_ px: [UInt8], width w: Int, row y: Int, from: Int, to: Int) -> Bool {
        guard px[y * w + from - 1] >= light, px[y * w + to + 1] >= light else { return false }
        for x in from...to where px[y * w + x] <= dark { return false }
        for x in (from - 1)...(to + 1) where px[(y - 1) * w + x] < light || px[(y + 1) * w + x] < light {
            return false
        }
        return true
    }
}
