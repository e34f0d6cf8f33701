@testable import LiveTextCore
import Testing

/// Lookalike characters of terminal text judged by their pixels (`MonospaceGlyphs`), on drawn glyphs.
@Suite("monospace lookalikes")
struct MonospaceGlyphsTests {
    /// A gray image of `rows` (`#` ink, `.` white), each a pixel tall.
    static func drawn(_ rows: [String]) -> PixelImage {
        PixelImage(width: rows[0].count, height: rows.count, format: .gray8,
                   pixels: rows.flatMap { row in row.map { $0 == "#" ? UInt8(0) : 255 } })
    }

    static let zero = [
        ".#####.", "##...##", "##...##", "##.#.##", "##.#.##", "##...##", "##...##", ".#####.",
    ]
    static let letterO = [
        ".#####.", "##...##", "##...##", "##...##", "##...##", "##...##", "##...##", ".#####.",
    ]

    @Test("a ring with a dot in it is a zero, a hollow one is not")
    func dottedZero() {
        let box = Bounds(x: 0, y: 0, width: 7, height: 8)
        #expect(MonospaceGlyphs.hasInkInside(box, in: Self.drawn(Self.zero)))
        #expect(!MonospaceGlyphs.hasInkInside(box, in: Self.drawn(Self.letterO)))
    }

    @Test("a stem with a serif left of its top only is an l; an L has none, a serif font's L one on both sides")
    func serifs() {
        let l = ["###....", "..#....", "..#....", "..#....", "..#....", "..#....", "..#....", "..####."]
        let sansL = ["#......", "#......", "#......", "#......", "#......", "#......", "#......", "######."]
        let serifL = ["#####..", ".#.....", ".#.....", ".#.....", ".#.....", ".#.....", ".#.....", "######."]
        let box = Bounds(x: 0, y: 0, width: 7, height: 8)
        #expect(MonospaceGlyphs.hasLeftSerifOnly(box, in: Self.drawn(l)))
        #expect(!MonospaceGlyphs.hasLeftSerifOnly(box, in: Self.drawn(sansL)))
        #expect(!MonospaceGlyphs.hasLeftSerifOnly(box, in: Self.drawn(serifL)))
    }

    @Test("the same glyph drawn twice does not differ, another does; glyphs of other sizes are not compared")
    func sameness() {
        let eight = [".#####.", "##...##", "##...##", ".#####.", ".#####.", "##...##", "##...##", ".#####."]
        let page = Self.drawn(zip(Self.letterO, eight).map { "\($0)..\($0)..\($1)" })
        let first = Bounds(x: 0, y: 0, width: 7, height: 8), second = Bounds(x: 9, y: 0, width: 7, height: 8)
        let third = Bounds(x: 18, y: 0, width: 7, height: 8)
        #expect(MonospaceGlyphs.difference(first, second, cell: 9, in: page) <= MonospaceGlyphs.sameness)
        #expect(MonospaceGlyphs.difference(first, third, cell: 9, in: page) > MonospaceGlyphs.sameness)
        #expect(MonospaceGlyphs.difference(first, Bounds(x: 9, y: 0, width: 7, height: 5), cell: 9, in: page) == .infinity)
    }
}
