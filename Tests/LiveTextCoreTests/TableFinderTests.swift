import LiveTextCore
import Testing

/// Tables told from where the words lie, as plain values: rows crossed by the same gutters.
@Suite("tables from the words' places")
struct TableFinderTests {
    /// A line of `words`, each (text, x), 7 px a character, `height` px tall at `y`.
    static func line(_ y: Int, _ words: [(String, Int)], height: Int = 12) -> TextLine {
        TextLine(words: words.map { text, x in
            TextWord(text: text, bounds: Bounds(x: x, y: y, width: 7 * text.count, height: height), confidence: 90)
        })
    }

    /// `ps` as a terminal shows it: the numbers right-aligned, one space between columns.
    static let ps: [TextLine] = [
        line(10, [("PID", 19), ("TTY", 47), ("TIME", 131), ("CMD", 166)]),
        line(28, [("1432", 12), ("pts/0", 47), ("00:00:02", 103), ("bash", 166)]),
        line(46, [("2210", 12), ("pts/0", 47), ("00:01:17", 103), ("livetextd", 166)]),
        line(64, [("7", 33), ("00:00:00", 103), ("kthreadd", 166)]),
    ]

    @Test("a terminal listing: every row as long as the others, the empty cell in its place, the header named")
    func listing() throws {
        let tables = TableFinder.tables(in: [TextBlock(lines: Self.ps)])
        let table = try #require(tables.first)
        #expect(tables.count == 1)
        #expect(table.rows.map { $0.map(\.text) } == [["PID", "TTY", "TIME", "CMD"], ["1432", "pts/0", "00:00:02", "bash"],
                                                       ["2210", "pts/0", "00:01:17", "livetextd"], ["7", "", "00:00:00", "kthreadd"]])
        #expect(table.header)
        #expect(table.rows[3][1].bounds == Bounds(x: 47, y: 64, width: 35, height: 12))
        #expect(table.bounds == Bounds(x: 12, y: 10, width: 217, height: 66))
    }

    @Test("a block per column, as the reader makes of a wide table, is one table")
    func blockPerColumn() {
        let columns = (0..<3).map { column in
            TextBlock(lines: (0..<4).map { row in Self.line(10 + 20 * row, [(["Name", "Ada", "Bob", "Cy"][row], 10 + 120 * column)]) })
        }
        let tables = TableFinder.tables(in: columns)
        #expect(tables.map { $0.rows.count } == [4])
        #expect(tables.first?.rows.allSatisfy { $0.count == 3 } == true)
    }

    @Test("prose, panels of their own spacing and windows side by side are no table")
    func noTable() {
        // Prose: word spaces of 4 px, never over a gutter's width.
        let prose = (0..<5).map { row in
            Self.line(10 + 16 * row, stride(from: 0, to: 8, by: 1).map { ("word\(row)", 10 + $0 * (42 + (row % 3) * 3)) })
        }
        #expect(TableFinder.tables(in: [TextBlock(lines: prose)]).isEmpty)
        // Two panels, 16 px and 23 px apart: their lines seldom share a row.
        let left = TextBlock(lines: (0..<8).map { Self.line(10 + 16 * $0, [("Inbox item", 10)]) })
        let right = TextBlock(lines: (0..<6).map { Self.line(12 + 23 * $0, [("message body text", 200)]) })
        #expect(TableFinder.tables(in: [left, right]).isEmpty)
        // The same rows as a table, but each column in a window of its own.
        let windows = ContentRegions([Bounds(x: 0, y: 0, width: 100, height: 200), Bounds(x: 100, y: 0, width: 300, height: 200)])
        let tiled = (0..<4).map { Self.line(10 + 16 * $0, [("left", 10), ("right pane", 150)]) }
        #expect(TableFinder.tables(in: [TextBlock(lines: tiled)]).count == 1)
        #expect(TableFinder.tables(in: [TextBlock(lines: tiled)], regions: windows).isEmpty)
    }

    @Test("a caption above and a sentence below stay out; a line across the gutters ends the table")
    func edges() throws {
        let lines = [Self.line(0, [("Processes:", 12)])] + Self.ps + [
            Self.line(90, [("4", 12), ("processes", 26), ("shown;", 96), ("1", 145), ("hidden", 159), ("by", 208), ("filter", 229)]),
            Self.line(108, [("1", 26), ("pts/9", 47), ("00:00:01", 103), ("vim", 166)]),
        ]
        let tables = TableFinder.tables(in: [TextBlock(lines: lines)])
        #expect(tables.map { $0.rows.count } == [4], "\(tables.map { $0.rows.map { $0.map(\.text) } })")
    }
}

extension TableFinderTests {
    @Test("TSV, CSV and HTML: tabs and line breaks in a cell become spaces, CSV quotes what needs it, HTML escapes")
    func formats() {
        let cell = { (text: String) in TextTable.Cell(text: text, bounds: .zero) }
        let table = TextTable(bounds: .zero, header: true, rows: [[cell("Item"), cell("Note")],
                                                                   [cell("a\tb"), cell("say \"hi\", <b>")]])
        #expect(TableFormat.tsv.render([table]) == "Item\tNote\na b\tsay \"hi\", <b>\n")
        #expect(TableFormat.csv.render([table]) == "Item,Note\na\tb,\"say \"\"hi\"\", <b>\"\n")
        #expect(TableFormat.html.render([table]) == "<table>\n<thead>\n<tr><th>Item</th><th>Note</th></tr>\n</thead>\n"
                + "<tbody>\n<tr><td>a\tb</td><td>say &quot;hi&quot;, &lt;b&gt;</td></tr>\n</tbody>\n</table>\n")
        #expect(TableFormat.tsv.render([table, table]).components(separatedBy: "\n\n").count == 2)
    }
}
