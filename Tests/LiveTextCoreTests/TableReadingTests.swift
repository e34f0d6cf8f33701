import LiveTextCore
import Testing

/// A table read row by row, cells left to right, whatever blocks the page's layout made of it.
@Suite("tables read row by row")
struct TableReadingTests {
    typealias Finder = TableFinderTests

    /// Lines of `blocks` as `text` reads them.
    static func text(_ blocks: [TextBlock]) -> String { TextBlock.joinedText(of: blocks) }

    static func reordered(_ blocks: [TextBlock]) -> [TextBlock] {
        TableReading.rowByRow(blocks, tables: TableFinder.tables(in: blocks))
    }

    @Test("a block per column, as the layout makes of a wide table, reads row by row in one block, where the table begins")
    func columns() {
        let title = TextBlock(lines: [Finder.line(0, [("Staff", 10)])])
        let columns = (0..<3).map { column in
            TextBlock(lines: (0..<4).map { row in
                Finder.line(30 + 20 * row, [([["Name", "Ada", "Bob", "Cy"], ["Role", "lead", "ops", "dev"], ["Age", "36", "41", "29"]][column][row],
                                             10 + 120 * column)])
            })
        }
        let after = TextBlock(lines: [Finder.line(140, [("Updated", 10), ("daily", 66)])])
        let blocks = Self.reordered([title] + columns + [after])
        #expect(Self.text(blocks) == "Staff\n\nName Role Age\nAda lead 36\nBob ops 41\nCy dev 29\n\nUpdated daily")
        // The selection follows the blocks: its words in the same order.
        #expect(blocks.flatMap(\.lines).flatMap(\.words).map(\.text).prefix(5) == ["Staff", "Name", "Role", "Age", "Ada"])
    }

    @Test("a header in a block of its own and a cell read alone at the end of the page join their rows")
    func headerAndCell() {
        let header = TextBlock(lines: [Finder.line(10, [("PID", 19), ("TTY", 47), ("TIME", 131), ("CMD", 166)])])
        let body = TextBlock(lines: Array(Finder.ps.dropFirst()).map { line in
            TextLine(words: line.words.filter { $0.text != "pts/0" || $0.bounds.y != 46 })
        })
        let alone = TextBlock(lines: [Finder.line(47, [("pts/0", 47)])])
        let blocks = Self.reordered([header, body, alone])
        #expect(blocks.count == 1)
        #expect(Self.text(blocks) == "PID TTY TIME CMD\n1432 pts/0 00:00:02 bash\n2210 pts/0 00:01:17 livetextd\n7 00:00:00 kthreadd")
    }

    @Test("a table read row by row already, prose, and a rule between two rows keep their reading")
    func unchanged() {
        let table = [TextBlock(lines: Finder.ps)]
        #expect(Self.reordered(table) == table)
        let prose = [TextBlock(lines: (0..<5).map { row in
            Finder.line(10 + 16 * row, (0..<8).map { ("word\(row)", 10 + $0 * (42 + (row % 3) * 3)) })
        })]
        #expect(Self.reordered(prose) == prose)
        // A rule drawn in characters under the header, read in a block of its own after the rows.
        let rows = TextBlock(lines: [Finder.ps[0]] + Finder.ps.dropFirst().map { line in
            TextLine(words: line.words.map { TextWord(text: $0.text, bounds: $0.bounds.moved(x: 0, y: 10), confidence: 90) })
        })
        let rule = TextBlock(lines: [Finder.line(27, [("--------------------------", 12)], height: 8)])
        let text = Self.text(Self.reordered([rows, rule]))
        #expect(text.hasPrefix("PID TTY TIME CMD\n--------------------------\n1432 pts/0"), "\(text)")
    }
}
