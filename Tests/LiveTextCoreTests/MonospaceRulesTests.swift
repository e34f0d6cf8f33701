@testable import LiveTextCore
import Testing

@Suite("rules drawn in characters")
struct MonospaceRulesTests {
    /// A white page with ink where `inked` says.
    static func page(width: Int = 200, height: Int = 60, _ inked: (Int, Int) -> Bool) -> PixelImage {
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height { for x in 0..<width where inked(x, y) { pixels[y * width + x] = 30 } }
        return PixelImage(width: width, height: height, format: .gray8, pixels: pixels)
    }

    @Test("dashes a cell apart are a rule of as many hyphens; two rows of them an =; a + where a stroke crosses")
    func dashes() {
        // Cells of 10 px, dashes of 5 at x = 12 + 10 i, on row 30 (line height 20).
        let hyphens = Self.page { x, y in y == 30 && x >= 12 && x < 92 && (x - 12) % 10 < 5 }
        #expect(MonospaceRules.rules(in: hyphens, cell: 10, lineHeight: 20).map(\.text) == ["--------"])
        let equals = Self.page { x, y in (y == 28 || y == 32) && x >= 12 && x < 62 && (x - 12) % 10 < 5 }
        #expect(MonospaceRules.rules(in: equals, cell: 10, lineHeight: 20).map(\.text) == ["====="])
        let border = Self.page { x, y in
            (y == 30 && x >= 12 && x < 92 && (x - 12) % 10 < 6) || (x == 14 && (25...35).contains(y)) || (x == 84 && (25...35).contains(y))
        }
        #expect(MonospaceRules.rules(in: border, cell: 10, lineHeight: 20).map(\.text) == ["+------+"])
    }

    @Test("a drawn line, letters' strokes and a line of text with dashes under it are no rule")
    func notRules() {
        let drawn = Self.page { x, y in y == 30 && x >= 12 && x < 92 }
        #expect(MonospaceRules.rules(in: drawn, cell: 10, lineHeight: 20).isEmpty)
        // The three strokes of letters such as `e` or `z`, a cell each: dashes on three rows of one line.
        let letters = Self.page { x, y in (x >= 12 && x < 92 && (x - 12) % 10 < 5) && (y == 24 || y == 30 || y == 36) }
        #expect(MonospaceRules.rules(in: letters, cell: 10, lineHeight: 20).isEmpty)
    }
}
