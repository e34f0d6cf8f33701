@testable import LiveTextCore
import Testing

/// A table's cells read again: unsure cells alone (`UnsureCells`), a number's lost space before its
/// unit (`NumberUnitSpaces`), as plain values.
@Suite("table cells read again")
struct TableCellReadingTests {
    static func word(_ text: String, _ x: Int, confidence: Double = 90, width: Int? = nil) -> TextWord {
        TextWord(text: text, bounds: Bounds(x: x, y: 10, width: width ?? 7 * text.count, height: 12), confidence: confidence)
    }

    @Test("a new reading replaces an unsure cell only when surer, with as many words and the same characters but one")
    func better() {
        let old = [Self.word("W/1", 10, confidence: 0)]
        #expect(UnsureCells.better([Self.word("1/1", 10, confidence: 85)], than: old))
        #expect(!UnsureCells.better([Self.word("1/1", 10, confidence: 5)], than: old), "not surer")
        // A space found is kept; a space lost, a word lost or a character gained is not.
        let phone = [Self.word("+46", 10, confidence: 68), Self.word("812345678", 40, confidence: 68)]
        #expect(UnsureCells.better(["+46", "8", "123", "456", "78"].map { Self.word($0, 10, confidence: 90) }, than: phone))
        #expect(!UnsureCells.better([Self.word("20TB", 10, confidence: 95)], than: [Self.word("20", 10, confidence: 60), Self.word("TB", 30)]))
        #expect(!UnsureCells.better([Self.word("Logistics", 10, confidence: 95)],
                                    than: [Self.word("Lindenhof", 10, confidence: 50), Self.word("Logistics", 80)]))
        #expect(!UnsureCells.better([Self.word("-40%", 10, confidence: 95)], than: [Self.word("40%", 10, confidence: 50)]))
    }

    @Test("the cells with an unsure word are read again, one-character cells not; the new words take the old ones' place")
    func cellsAndReplacement() {
        let line = TextLine(words: [Self.word("2210", 10), Self.word("pts/O", 60, confidence: 49), Self.word("7", 120, confidence: 20),
                                    Self.word("bash", 160)])
        let cell = { (word: TextWord) in TextTable.Cell(text: word.text, bounds: word.bounds) }
        let table = TextTable(bounds: line.bounds, header: false, rows: [line.words.map(cell)])
        let cells = UnsureCells.cells(of: [table], words: line.words)
        #expect(cells.map(\.words) == [[line.words[1]]])
        let blocks = UnsureCells.replaced([TextBlock(lines: [line])], cell: line.words[1].bounds, with: [Self.word("pts/0", 60)])
        #expect(blocks.map(\.text) == ["2210 pts/0 7 bash"])
    }

    /// A gray image `width` px wide, 12 tall, white, with black columns where `ink` has `#`.
    static func image(_ ink: String) -> PixelImage {
        let columns = Array(ink)
        var pixels = [UInt8](repeating: 255, count: columns.count * 12)
        for y in 2..<10 { for (x, c) in columns.enumerated() where c == "#" { pixels[y * columns.count + x] = 0 } }
        return PixelImage(width: columns.count, height: 12, format: .gray8, pixels: pixels)
    }

    @Test("a blank as wide as a space where the digits end splits a number from its unit; a unit set against its number stays")
    func numberUnitSpaces() {
        let spaced = Self.image("#####..#####....#######.######")
        let split = NumberUnitSpaces.split(TextWord(text: "10TB", bounds: Bounds(x: 0, y: 0, width: 30, height: 12), confidence: 90), in: spaced)
        #expect(split?.map(\.text) == ["10", "TB"])
        #expect(split?.map(\.bounds.x) == [0, 16])
        let tight = Self.image("#####..#####..#####")
        #expect(NumberUnitSpaces.split(TextWord(text: "16G", bounds: Bounds(x: 0, y: 0, width: 19, height: 12), confidence: 90), in: tight) == nil)
        #expect(NumberUnitSpaces.unitStart(of: "bash") == nil && NumberUnitSpaces.unitStart(of: "00:00:02") == nil)
    }

    @Test("a cell read alone does not take back a lookalike the page settled (`pts/O`, `sdal`, `Livetextd`); it may give one")
    func lookalikesKept() {
        let old = [Self.word("pts/0", 10, confidence: 50)]
        #expect(!UnsureCells.better([Self.word("pts/O", 10, confidence: 90)], than: old))
        #expect(!UnsureCells.better([Self.word("Livetextd", 10, confidence: 90)], than: [Self.word("livetextd", 10, confidence: 50)]))
        #expect(UnsureCells.better([Self.word("sda1", 10, confidence: 90)], than: [Self.word("sdal", 10, confidence: 50)]))
        #expect(UnsureCells.better([Self.word("1/1", 10, confidence: 90)], than: [Self.word("W/1", 10, confidence: 0)]))
    }

    /// A gray image of `rows` (`#` ink, `.` white), each a pixel tall.
    static func drawn(_ rows: [String]) -> PixelImage {
        let width = rows[0].count
        let pixels = rows.flatMap { row in row.map { $0 == "#" ? UInt8(0) : 255 } }
        return PixelImage(width: width, height: rows.count, format: .gray8, pixels: pixels)
    }

    @Test("ink reaching below the line where the reading has nothing that does takes the descending alternative weighed there")
    func descenders() {
        // Three glyphs on one baseline, the middle one reaching two rows below it.
        let page = Self.drawn([
            "#####..#####..#####",
            "#####..#####..#####",
            "#####..#####..#####",
            "#####..#####..#####",
            "#####..#####..#####",
            "#####..#####..#####",
            ".........##........",
            ".........##........",
            "...................",
        ])
        let box = Bounds(x: 0, y: 0, width: 19, height: 9)
        #expect(DescenderLetters.descents(in: box, on: page) == [10])
        var word = RecognizedWord(text: "nan", bounds: box, confidence: 90)
        word.alternatives = [["n", "h"], ["a", "q", "g"], ["n"]]
        #expect(DescenderLetters.corrected(word, on: page).text == "nqn")
        // A reading with a letter that reaches down explains the descent; without alternatives nothing changes.
        #expect(DescenderLetters.unexplained("npn", in: box, on: page).isEmpty)
        #expect(DescenderLetters.corrected(RecognizedWord(text: "nan", bounds: box, confidence: 90), on: page).text == "nan")
        #expect(DescenderLetters.onlyDescends(["hannah@lindqvist.se"], from: ["hannah@lindavist.se"]))
        #expect(!DescenderLetters.onlyDescends(["hannah@lindqvist.se"], from: ["hannah@lindqvist.se"]))
        #expect(!DescenderLetters.onlyDescends(["Tempera"], from: ["Temperature"]))
    }
}
