import DBusKit
import LiveTextCore
import Testing

@testable import Accessibility
@testable import LiveTextDesktop

/// A published table cut to what shows of it, and placed on a capture, as plain values (the
/// places GTK 3.24 gives a tree view scrolled down and sideways).
@Suite("published tables cut and placed")
struct AccessibleTableTests {
    typealias Read = AccessibleTable.ReadCell

    /// A table at (30, 30), 300 × 250, headers 25 px high; rows of 30 px from `firstY`, four
    /// columns at `lefts` (76 px wide), texts "rR cC"; a row whose y is nil has no place (scrolled off).
    static func grid(rowsY: [Int?], lefts: [Int], textWidth: Int = 40) -> (headers: [Read?], rows: [[Read]]) {
        let headers: [Read?] = lefts.enumerated().map { column, left in
            Read(text: "H\(column)", bounds: Bounds(x: left, y: 30, width: 76, height: 25), textBounds: nil)
        }
        let rows = rowsY.enumerated().map { row, y in
            lefts.enumerated().map { column, left -> Read in
                guard let y else { return Read(text: "r\(row) c\(column)", bounds: nil, textBounds: nil) }
                return Read(text: "r\(row) c\(column)", bounds: Bounds(x: left, y: y, width: 76, height: 28),
                            textBounds: Bounds(x: left + 2, y: y + 2, width: textWidth, height: 24))
            }
        }
        return (headers, rows)
    }

    static let area = Bounds(x: 30, y: 30, width: 300, height: 250)

    @Test("rows under the header or cut by the bottom, columns cut by a side, are left out")
    func visibleCut() throws {
        // Row 0 scrolled off, row 1 half under the header, rows 2-7 whole, row 8 cut by the bottom.
        let ys: [Int?] = [nil, 40, 56, 86, 116, 146, 176, 206, 266]
        // Column 0 scrolled left past the side, 1 and 2 whole, 3 cut by the right side.
        let (headers, rows) = Self.grid(rowsY: ys, lefts: [10, 100, 180, 290])
        let table = try #require(AccessibleTable.visible(headers: headers, rows: rows, area: Self.area))
        #expect(table.header?.map(\.text) == ["H1", "H2"])
        #expect(table.rows.map { $0.map(\.text) } == (2...7).map { ["r\($0) c1", "r\($0) c2"] })
    }

    @Test("an empty cell is kept with its place; fewer than two columns is no table")
    func emptyAndNarrow() throws {
        var (headers, rows) = Self.grid(rowsY: [56, 86], lefts: [32, 110])
        rows[1][1] = Read(text: "", bounds: Bounds(x: 110, y: 86, width: 76, height: 28), textBounds: nil)
        let table = try #require(AccessibleTable.visible(headers: headers, rows: rows, area: Self.area))
        #expect(table.rows[1][1].text == "" && table.rows[1][1].bounds.x == 110)
        (headers, rows) = Self.grid(rowsY: [56, 86], lefts: [32, 310])
        #expect(AccessibleTable.visible(headers: headers, rows: rows, area: Self.area) == nil)
        #expect(AccessibleTable.visible(headers: headers, rows: [], area: Self.area) == nil)
    }

    @Test("tables are matched as the text objects are, by the Table interface")
    func tableRule() throws {
        let table = try #require(ATSPI.showingTableRule.fields), text = try #require(ATSPI.showingTextRule.fields)
        #expect(table.count == text.count && table[6] == .array(.string, [.string("Table")]))
        #expect(Array(table[..<6]) == Array(text[..<6]) && Array(table[7...]) == Array(text[7...]))
    }

    @Test("a table's cells are placed as lines with their table, row, column and place; covered cells stay out")
    func placement() {
        let (headers, rows) = Self.grid(rowsY: [56, 86], lefts: [32, 110])
        let table = AccessibleTable.visible(headers: headers, rows: rows, area: Self.area)!
        let screen = AccessibleScreen(applications: [
            AccessibleApplication(name: "app", toolkit: .gtk3, pid: 10, windowRelative: false, lines: [], tables: [table]),
        ], finished: true, elapsed: .zero)
        let window = ScreenWindow(id: 1, pid: 10, area: Bounds(x: 30, y: 30, width: 300, height: 250),
                                  outer: Bounds(x: 30, y: 30, width: 300, height: 250))
        let placed = AccessibleTextReading.placed(screen, windows: [window], area: Bounds(x: 0, y: 0, width: 400, height: 300),
                                                  imageWidth: 400, imageHeight: 300)
        #expect(placed.map(\.text) == ["H0", "H1", "r0 c0", "r0 c1", "r1 c0", "r1 c1"])
        #expect(placed.compactMap(\.cell).map { [$0.row, $0.column] } == [[-1, 0], [-1, 1], [0, 0], [0, 1], [1, 0], [1, 1]])
        #expect(placed[2].bounds == Bounds(x: 34, y: 58, width: 40, height: 24))
        #expect(placed[2].cell?.place == Bounds(x: 32, y: 56, width: 76, height: 28))
        #expect(Set(placed.map(\.group)).count == 1)
        // A window on top over the second row: its cells are not placed.
        let cover = ScreenWindow(id: 2, pid: 20, area: Bounds(x: 0, y: 84, width: 400, height: 40),
                                 outer: Bounds(x: 0, y: 84, width: 400, height: 40))
        let covered = AccessibleTextReading.placed(screen, windows: [cover, window], area: Bounds(x: 0, y: 0, width: 400, height: 300),
                                                   imageWidth: 400, imageHeight: 300)
        #expect(covered.map(\.text) == ["H0", "H1", "r0 c0", "r0 c1"])
    }
}
