import Testing
@testable import LiveTextCore

@Suite("layout: junk and reading order")
struct LayoutTests {
    static func block(_ text: String, _ x: Int, _ y: Int, _ w: Int = 100, _ h: Int = 20) -> TextBlock {
        TextBlock(lines: [TextLine(words: [TextWord(text: text, bounds: Bounds(x: x, y: y, width: w, height: h), confidence: 90)])])
    }

    @Test("a header, two columns and a footer read header, left column, right column, footer")
    func columns() {
        let blocks = [
            Self.block("right1", 300, 60), Self.block("footer", 0, 400, 500),
            Self.block("left2", 0, 120), Self.block("header", 0, 0, 500), Self.block("left1", 0, 60),
            Self.block("right2", 300, 120),
        ]
        #expect(ReadingOrder.sorted(blocks).map(\.text) == ["header", "left1", "left2", "right1", "right2", "footer"])
    }

    @Test("a sidebar as tall as the page is read before the content beside it")
    func sidebar() {
        let blocks = [Self.block("content1", 200, 10), Self.block("sidebar", 0, 0, 150, 300), Self.block("content2", 200, 100)]
        #expect(ReadingOrder.sorted(blocks).map(\.text) == ["sidebar", "content1", "content2"])
    }

    @Test("low-confidence debris and border symbols are dropped, real words kept", arguments: [
        ("Hello", 95.0, true), ("|", 30.0, false), ("—", 55.0, false), ("|", 90.0, true),
        ("x1", 10.0, false), ("42", 40.0, true), ("", 99.0, false), ("  ", 99.0, false),
    ])
    func junk(text: String, confidence: Double, kept: Bool) {
        #expect(TextLayoutAssembler().keeps(text: text.trimmingWhitespace(), confidence: confidence) == kept)
    }

    /// One line of words at 1× (no padding), each `(text, confidence, height)`, `gap` px apart.
    static func assembled(_ words: [(String, Double, Int)], gap: Int = 12) -> String {
        let prepared = PreparedImage(image: PixelImage(width: 600, height: 60, gray: 255), scaleX: 1, scaleY: 1,
                                     padding: 0, originalWidth: 600, originalHeight: 60, glyphHeight: 10)
        var x = 0
        let recognized = words.map { text, confidence, height in
            defer { x += gap + 8 * text.count }
            return RecognizedWord(text: text, bounds: Bounds(x: x, y: 10, width: 8 * text.count, height: height),
                                  confidence: confidence)
        }
        let page = RecognizedPage(blocks: [RecognizedBlock(bounds: .zero, lines: [RecognizedLine(bounds: .zero, words: recognized)])])
        return TextLayoutAssembler().assemble(page, prepared: prepared).map(\.text).joined(separator: "\n")
    }

    @Test("words tesseract gives 0 inside a confident line are kept: the parts of an identifier it reads apart")
    func lowConfidenceInsideALine() {
        // test tide::negative_offsets_round_down ... ok, read with its underscores as spaces.
        #expect(Self.assembled([("test", 93, 11), ("tide::negative", 84, 15), ("offsets", 0, 17),
                                ("round", 0, 17), ("down", 91, 17), ("ok", 96, 12)])
                == "test tide::negative offsets round down ok")
        // At either end of the line nothing vouches for them.
        #expect(Self.assembled([("x1", 5, 12), ("Total", 95, 12), ("due", 90, 12), ("q9", 3, 12)]) == "Total due")
        // Nor for a symbol, or for a box over twice as tall as the line's words (text read with
        // the rules of its table cell, or an icon).
        #expect(Self.assembled([("Family", 96, 12), ("~", 0, 12), ("218Ot«S", 0, 25), ("$9.99", 96, 10), ("per", 96, 10)])
                == "Family $9.99 per")
    }

    @Test("a token tesseract reads apart at the start or end of a line (its pieces at 0, a space or less apart) is kept")
    func readApartAtTheEdges() {
        // (Decimal('18342.50'), Decimal('3485.08'), … read as `(Decimal` `('18342.50'),` at 0.
        #expect(Self.assembled([("(Decimal", 0, 12), ("('18342.50'),", 0, 12), ("Decimal('3485.08'),", 90, 12)])
                == "(Decimal ('18342.50'), Decimal('3485.08'),")
        #expect(Self.assembled([("Total", 95, 12), ("due", 90, 12), ("2026-12-01", 0, 12)]) == "Total due 2026-12-01")
        // Far from the text (an icon's glyph at the end of a toolbar), not sure at all but not 0
        // (debris), or a symbol: still dropped.
        #expect(Self.assembled([("Total", 95, 12), ("due", 90, 12), ("x9", 0, 12)], gap: 30) == "Total due")
        #expect(Self.assembled([("x1", 4, 12), ("Total", 95, 12), ("due", 90, 12)]) == "Total due")
        #expect(Self.assembled([("~", 0, 12), ("Total", 95, 12), ("due", 90, 12)]) == "Total due")
        // A chain stops at the first piece that is not at 0.
        #expect(Self.assembled([("ab", 0, 12), ("cd", 7, 12), ("Total", 95, 12)]) == "Total")
    }

    @Test("assembled words are mapped to original pixels and empty blocks vanish")
    func assemble() {
        let prepared = PreparedImage(image: PixelImage(width: 220, height: 60, gray: 255), scaleX: 2, scaleY: 2,
                                     padding: 10, originalWidth: 100, originalHeight: 20, glyphHeight: 5)
        let page = RecognizedPage(blocks: [
            RecognizedBlock(bounds: .zero, lines: [RecognizedLine(bounds: .zero, words: [
                RecognizedWord(text: "Total", bounds: Bounds(x: 10, y: 10, width: 40, height: 20), confidence: 93),
                RecognizedWord(text: "~", bounds: Bounds(x: 60, y: 10, width: 4, height: 20), confidence: 20),
            ])]),
            RecognizedBlock(bounds: .zero, lines: [RecognizedLine(bounds: .zero, words: [
                RecognizedWord(text: "|", bounds: Bounds(x: 200, y: 0, width: 2, height: 60), confidence: 10),
            ])]),
        ])
        let blocks = TextLayoutAssembler().assemble(page, prepared: prepared)
        #expect(blocks.count == 1)
        #expect(blocks[0].text == "Total")
        #expect(blocks[0].lines[0].words[0].bounds == Bounds(x: 0, y: 0, width: 20, height: 10))
    }
}

@Suite("rows read across side-by-side blocks")
struct RowAlignmentTests {
    static func block(_ x: Int, _ rows: [(Int, String)], width: Int = 60) -> TextBlock {
        TextBlock(lines: rows.map { y, text in
            TextLine(words: text.split(separator: " ").enumerated().map { i, word in
                TextWord(text: String(word), bounds: Bounds(x: x + i * 40, y: y, width: 35, height: 12), confidence: 90)
            })
        })
    }

    @Test("table columns become rows: 'Order Date' then '#1 2024'")
    func table() {
        let blocks = [Self.block(0, [(0, "Order"), (20, "#1"), (40, "#2")]),
                      Self.block(100, [(1, "Date"), (21, "2024-06-28"), (41, "2024-06-27")])]
        let merged = RowAlignment.merged(blocks)
        #expect(merged.count == 1)
        #expect(merged[0].text == "Order Date\n#1 2024-06-28\n#2 2024-06-27")
    }

    @Test("two columns of prose stay two blocks even when their baselines meet")
    func prose() {
        let line = "one two three four five six"
        let left = Self.block(0, [(0, line), (20, line), (40, line)])
        let right = Self.block(300, [(0, line), (20, line), (40, line)])
        #expect(RowAlignment.merged([left, right]).count == 2)
    }

    @Test("a label beside a taller paragraph is not glued to its first line")
    func label() {
        let label = Self.block(0, [(0, "Settings")])
        let paragraph = Self.block(100, [(0, "a b"), (20, "c d"), (40, "e f"), (60, "g h")])
        #expect(RowAlignment.merged([label, paragraph]).count == 2)
    }

    @Test("a table's columns join however far apart, when several rows line up")
    func wideTable() {
        let blocks = [Self.block(0, [(0, "Order"), (20, "#1"), (40, "#2")]),
                      Self.block(400, [(1, "Total"), (21, "$129.00"), (41, "$57.45")])]
        #expect(RowAlignment.merged(blocks).map(\.text) == ["Order Total\n#1 $129.00\n#2 $57.45"])
        // One shared row that far apart is a sidebar item beside a field: not joined.
        let far = [Self.block(0, [(0, "Documents")]), Self.block(400, [(0, "Full name")])]
        #expect(RowAlignment.merged(far).count == 2)
    }

    @Test("two labels side by side, each with its line spacing, stay apart; a table whose rows jitter joins")
    func panels() {
        // The right label's lines are 2 px further apart than the left's: the first rows meet, then drift.
        let left = Self.block(0, [(0, "Oat Milk"), (20, "One litre"), (40, "Best before"), (60, "Keep cold")])
        let right = Self.block(200, [(0, "Coffee beans"), (22, "Dark roast"), (44, "From Colombia"), (66, "Roasted here")])
        #expect(RowAlignment.merged([left, right]).map(\.text)
            == ["Oat Milk\nOne litre\nBest before\nKeep cold", "Coffee beans\nDark roast\nFrom Colombia\nRoasted here"])
        // A table's column read a pixel or two off its rows, up and down, without a trend: one table.
        let values = Self.block(200, [(2, "Total"), (20, "$1"), (42, "$2"), (59, "$3")])
        #expect(RowAlignment.merged([left, values]).count == 1)
    }

    @Test("part of a column beside a taller block joins its rows")
    func columnPart() {
        let listing = Self.block(0, [(0, "a 1"), (20, "b 2"), (40, "c 3"), (60, "d 4"), (80, "e 5")])
        let names = Self.block(200, [(40, "x.txt"), (60, "y.txt")])
        #expect(RowAlignment.merged([listing, names]).first?.text == "a 1\nb 2\nc 3 x.txt\nd 4 y.txt\ne 5")
    }

    @Test("a block splits where its lines are more than two lines apart, not between rows")
    func paragraphSplit() {
        let card = Self.block(0, [(0, "$48,917.20"), (50, "Order"), (70, "#1"), (90, "#2")])
        #expect(ParagraphSplitting.split(card).map(\.text) == ["$48,917.20", "Order\n#1\n#2"])
    }
}
