import LiveTextCore
import Testing

/// Tables of the hard kinds, as plain values: a whole spreadsheet of cells, rows with
/// cells missing, right-to-left text.
@Suite("tables of the hard kinds")
struct TableFinderFaultTests {
    @Test("a spreadsheet of 60 × 30 cells is one table, every row 60 cells long, every cell its own text")
    func giantGrid() throws {
        let lines = (0..<30).map { row in
            TableFinderTests.line(10 + 18 * row, (0..<60).map { column in ("r\(row)c\(column)", 10 + 64 * column) })
        }
        let tables = TableFinder.tables(in: [TextBlock(lines: lines)])
        let table = try #require(tables.first)
        #expect(tables.count == 1)
        #expect(table.rows.count == 30 && table.rows.allSatisfy { $0.count == 60 })
        #expect(table.rows[29][59].text == "r29c59" && table.rows[7][33].text == "r7c33")
    }

    @Test("ragged rows: a cell missing in the middle or at the end is an empty cell in its place, every row as long")
    func ragged() throws {
        let lines = [
            TableFinderTests.line(10, [("Item", 10), ("Qty", 120), ("Price", 200), ("Note", 300)]),
            TableFinderTests.line(28, [("Pens", 10), ("12", 120), ("3.40", 200), ("blue", 300)]),
            TableFinderTests.line(46, [("Ink", 10), ("7.90", 200)]),
            TableFinderTests.line(64, [("Paper", 10), ("500", 120), ("4.10", 200)]),
            TableFinderTests.line(82, [("Tape", 10), ("2", 120), ("1.20", 200), ("clear", 300)]),
        ]
        let table = try #require(TableFinder.tables(in: [TextBlock(lines: lines)]).first)
        #expect(table.rows.map { $0.map(\.text) } == [["Item", "Qty", "Price", "Note"], ["Pens", "12", "3.40", "blue"],
                                                       ["Ink", "", "7.90", ""], ["Paper", "500", "4.10", ""],
                                                       ["Tape", "2", "1.20", "clear"]])
        // An empty cell has the place of its column in its row.
        #expect(table.rows[2][1].bounds.y == 46 && table.rows[2][1].bounds.x == 120)
    }

    @Test("right-to-left cells: Hebrew and Arabic words are cells like any other, their text kept as read")
    func rightToLeft() throws {
        let lines = [
            TableFinderTests.line(10, [("שם", 10), ("עיר", 150), ("مدينة", 290)]),
            TableFinderTests.line(28, [("דנה", 10), ("חיפה", 150), ("حيفا", 290)]),
            TableFinderTests.line(46, [("יוסי", 10), ("אילת", 150), ("إيلات", 290)]),
            TableFinderTests.line(64, [("רון", 10), ("עכו", 150), ("عكا", 290)]),
        ]
        let table = try #require(TableFinder.tables(in: [TextBlock(lines: lines)]).first)
        #expect(table.rows.count == 4 && table.rows.allSatisfy { $0.count == 3 })
        #expect(table.rows[1].map(\.text) == ["דנה", "חיפה", "حيفا"])
    }
}
