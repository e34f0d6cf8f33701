import Testing
@testable import LiveTextCore

@Suite("a faint underscore of small terminal text is ink")
struct FaintUnderscoresTests {
    static let width = 200

    /// A white page with runs of `value` at (x, y, width, height).
    static func page(_ runs: [(Int, Int, Int, Int, UInt8)]) -> PixelImage {
        var page = PixelImage(width: width, height: 40, gray: 255)
        for (x, y, w, h, value) in runs {
            for row in y..<(y + h) { for column in x..<(x + w) { page.pixels[row * width + column] = value } }
        }
        return page
    }

    @Test("a half-grey line one pixel high and a cell or two long becomes dark; glyph bars, rules and dark lines stay")
    func darkens() {
        let underscore = (20, 30, 7, 1, UInt8(127)), double = (40, 30, 14, 1, UInt8(140))
        let kept: [(Int, Int, Int, Int, UInt8)] = [
            (60, 30, 120, 1, 127),  // a rule, far longer than a few cells
            (80, 20, 7, 1, 127), (80, 12, 2, 8, 20),  // a grey bar joining a stem (an `L`'s foot)
            (100, 30, 7, 2, 127),  // two rows high: a stroke, not a hairline
            (120, 10, 7, 1, 30),  // dark already
        ]
        let page = Self.page([underscore, double] + kept)
        let out = FaintUnderscores().darkened(page, glyphHeight: 8)
        for x in 20..<27 { #expect(out.pixels[30 * Self.width + x] < 128) }
        for x in 40..<54 { #expect(out.pixels[30 * Self.width + x] < 128) }
        for (x, y, w, h, _) in kept {
            for row in y..<(y + h) {
                for column in x..<(x + w) { #expect(out.pixels[row * Self.width + column] == page.pixels[row * Self.width + column]) }
            }
        }
        #expect(FaintUnderscores().darkened(page, glyphHeight: nil).pixels == page.pixels)
    }
}
