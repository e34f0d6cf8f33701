import Testing

@testable import LiveTextCore

/// `WindowOffsetVote` over the OCR lines tesseract read from a capture of a GTK 3 window on Xvfb
/// (WindowOffsetVoteTests in AccessibilityTests, with the window's corner at 57, 83) and the lines
/// the window published, made window-relative: the misreadings are tesseract's own.
@Suite("a window placed by the vote of its published lines")
struct OffsetVoteTests {
    static func line(_ text: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> TextLine {
        // One word a line is enough for a vote (it reads the line's text and box).
        TextLine(words: [TextWord(text: text, bounds: Bounds(x: x, y: y, width: width, height: height), confidence: 90)])
    }

    static let ocr = [
        line("OO1II StraBe", 47, 50, 124, 15), line("café naive reskebing", 47, 85, 224, 20),
        line("Invoice 4471 due 2026-12-01", 48, 122, 294, 15), line("ally and ally differ", 47, 158, 201, 19),
    ]
    static let published = [
        PublishedLine(text: "0O1lI Straße", bounds: Bounds(x: -11, y: -37, width: 126, height: 24)),
        PublishedLine(text: "café naïve Ærøskøbing", bounds: Bounds(x: -11, y: -1, width: 227, height: 24)),
        PublishedLine(text: "Invoice 4471 due 2026-12-01", bounds: Bounds(x: -11, y: 35, width: 298, height: 24)),
        PublishedLine(text: "al1y and a11y differ", bounds: Bounds(x: -11, y: 71, width: 202, height: 24)),
    ]

    @Test("the lines that read alike agree on the window's corner; placed there, they lie over the OCR's")
    func found() throws {
        let offset = try #require(WindowOffsetVote.offset(of: Self.published, among: Self.ocr))
        #expect(abs(offset.x - 57) <= 3 && abs(offset.y - 83) <= 3, "\(offset)")
        // Misread as they are ("OO1II StraBe", "ally and ally"), they read alike enough to vote.
        #expect(offset.agreeing.count >= 3, "\(offset.agreeing)")
        let placed = WindowOffsetVote.placed(Self.published, among: Self.ocr, width: 700, height: 400)
        #expect(placed.map(\.text) == Self.published.map(\.text))
        for (line, ocr) in zip(placed, Self.ocr) {
            #expect(!line.bounds.intersection(ocr.bounds).isEmpty, "\(line.bounds) \(ocr.bounds)")
        }
    }

    @Test("one line alone, lines that read like nothing, a line of another size: no vote, OCR alone")
    func noVote() {
        #expect(WindowOffsetVote.offset(of: [Self.published[2]], among: Self.ocr) == nil)
        #expect(WindowOffsetVote.placed([Self.published[2]], among: Self.ocr, width: 700, height: 400).isEmpty)
        let unrelated = [PublishedLine(text: "Preferences", bounds: Bounds(x: 0, y: 0, width: 100, height: 24)),
                         PublishedLine(text: "Close window", bounds: Bounds(x: 0, y: 30, width: 100, height: 24))]
        #expect(WindowOffsetVote.offset(of: unrelated, among: Self.ocr) == nil)
        // The same text ten times as large is a heading elsewhere, not this line.
        let huge = Self.published.map { line in
            PublishedLine(text: line.text, bounds: Bounds(x: line.bounds.x, y: line.bounds.y * 10, width: line.bounds.width * 10,
                                                          height: line.bounds.height * 10))
        }
        #expect(WindowOffsetVote.offset(of: huge, among: Self.ocr) == nil)
        #expect(WindowOffsetVote.offset(of: Self.published, among: []) == nil)
        #expect(WindowOffsetVote.offset(of: [], among: Self.ocr) == nil)
    }

    @Test("the same lines shown twice (two windows alike): two offsets as strong, no vote; a third line for one of them decides")
    func ambiguous() {
        let twice = Self.ocr + Self.ocr.map { Self.line($0.text, $0.bounds.x + 300, $0.bounds.y + 180, $0.bounds.width, $0.bounds.height) }
        #expect(WindowOffsetVote.offset(of: Self.published, among: twice) == nil)
        var extra = Self.published
        extra.append(PublishedLine(text: "Only in the second window", bounds: Bounds(x: 0, y: 110, width: 250, height: 24)))
        let decided = twice + [Self.line("Only in the second window", 358, 377, 250, 16)]
        let offset = WindowOffsetVote.offset(of: extra, among: decided)
        #expect(offset.map { abs($0.x - 357) <= 3 && abs($0.y - 263) <= 3 } == true, "\(String(describing: offset))")
    }

    @Test("a table's cells vote with runs of words of the OCR's row lines; their places move with them; a line of no table never matches a part of a row")
    func cells() throws {
        func word(_ text: String, _ x: Int, _ y: Int) -> TextWord {
            TextWord(text: text, bounds: Bounds(x: x, y: y, width: text.count * 9, height: 16), confidence: 90)
        }
        // Two rows as the OCR reads them: one line each, across the cells (the window's corner at 40, 60).
        let rows = [TextLine(words: [word("OOlll", 50, 80), word("café", 150, 80), word("12", 250, 80)]),
                    TextLine(words: [word("naive", 50, 110), word("Zürich", 150, 110), word("30", 250, 110)])]
        func cell(_ text: String, _ x: Int, _ y: Int, row: Int, column: Int) -> PublishedLine {
            let bounds = Bounds(x: x, y: y, width: text.count * 9, height: 16)
            return PublishedLine(text: text, bounds: bounds,
                                 cell: PublishedCell(table: 0, row: row, column: column, place: Bounds(x: x - 4, y: y - 4, width: 96, height: 24)))
        }
        let cells = [cell("0O1lI", 10, 20, row: 0, column: 0), cell("café", 110, 20, row: 0, column: 1),
                     cell("12", 210, 20, row: 0, column: 2), cell("naïve", 10, 50, row: 1, column: 0),
                     cell("Zürich", 110, 50, row: 1, column: 1), cell("3O", 210, 50, row: 1, column: 2)]
        let offset = try #require(WindowOffsetVote.offset(of: cells, among: rows))
        #expect(offset.x == 40 && offset.y == 60 && offset.agreeing.count >= 3, "\(offset)")
        let placed = WindowOffsetVote.placed(cells, among: rows, width: 400, height: 300)
        #expect(placed.first?.cell?.place == Bounds(x: 46, y: 76, width: 96, height: 24))
        // The same texts as lines of no table: a row's part is not their line.
        let loose = cells.map { PublishedLine(text: $0.text, bounds: $0.bounds) }
        #expect(WindowOffsetVote.offset(of: loose, among: rows) == nil)
    }
}

