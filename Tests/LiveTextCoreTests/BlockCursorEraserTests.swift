import Testing
@testable import LiveTextCore

@Suite("a terminal's block cursor is no text")
struct BlockCursorEraserTests {
    /// A white page with dark boxes at (x, y, width, height).
    static func page(_ boxes: [(Int, Int, Int, Int)]) -> PixelImage {
        var page = PixelImage(width: 200, height: 40, gray: 255)
        for (x, y, width, height) in boxes {
            for row in y..<(y + height) { for column in x..<(x + width) { page.pixels[row * 200 + column] = 20 } }
        }
        return page
    }

    static func ink(_ image: PixelImage, in box: (Int, Int, Int, Int)) -> Int {
        var count = 0
        for row in box.1..<(box.1 + box.3) { for column in box.0..<(box.0 + box.2) where image.pixels[row * 200 + column] < 128 { count += 1 } }
        return count
    }

    @Test("a solid box a cell wide and a line high is erased; stems, bars, squares and boxes touching ink stay")
    func erases() {
        let cursor = (150, 10, 8, 16)
        let kept = [(10, 10, 2, 16),     // a stem (l, |)
                    (20, 17, 8, 2),      // a bar (-)
                    (40, 10, 12, 12),    // a filled square (a checkbox)
                    (60, 10, 8, 16), (68, 14, 4, 4)]  // a box with ink beside it (a glyph under an inverted cursor)
        let page = Self.page([cursor] + kept)
        let erased = BlockCursorEraser().erased(page)
        #expect(Self.ink(erased, in: cursor) == 0)
        for box in kept { #expect(Self.ink(erased, in: box) == Self.ink(page, in: box), "\(box)") }
    }

    @Test("an unfocused terminal's hollow cursor is erased; a box with ink inside stays")
    func hollow() {
        // Outlines 8 x 17: the cursor, and one with a glyph inside (a box drawn around a character).
        var page = Self.page([(150, 10, 8, 1), (150, 26, 8, 1), (150, 10, 1, 17), (157, 10, 1, 17),
                              (100, 10, 8, 1), (100, 26, 8, 1), (100, 10, 1, 17), (107, 10, 1, 17), (103, 15, 2, 6)])
        page.pixels[20 * 200 + 148] = 20  // the last glyph before the cursor, one blank column away
        let erased = BlockCursorEraser().erased(page)
        #expect(Self.ink(erased, in: (150, 10, 8, 17)) == 0)
        #expect(erased.pixels[20 * 200 + 148] < 128)
        #expect(Self.ink(erased, in: (100, 10, 8, 17)) == Self.ink(page, in: (100, 10, 8, 17)))
    }
}
