import Testing
@testable import LiveTextCore

/// Published tables (cells as published lines) made `TextTable`s on pixels drawn here, and put in
/// the place of the OCR's table over them; a cell not drawn where published keeps the OCR's table.
@Suite("published tables")
struct PublishedTablesTests {
    /// A 3 × 3 table, header row first: texts and where each cell's text is inked.
    static let texts = [["Name", "Städte", "Nr"], ["0O1lI", "café", "12"], ["naïve", "", "3O"]]

    static func cells(table: Int = 0) -> [PublishedLine] {
        texts.enumerated().flatMap { row, texts in
            texts.enumerated().map { column, text in
                let place = Bounds(x: 20 + column * 100, y: 20 + row * 30, width: 100, height: 30)
                let inked = Bounds(x: place.x + 4, y: place.y + 5, width: 9 * max(text.count, 1), height: 20)
                return PublishedLine(text: text, bounds: text.isEmpty ? place : inked, group: 7,
                                     cell: PublishedCell(table: table, row: row - 1, column: column, place: place))
            }
        }
    }

    static func page(inked lines: [PublishedLine]) -> PixelImage {
        TextFusionTests.page(inked: lines.filter { !$0.text.isEmpty }.map(\.bounds), width: 400, height: 300)
    }

    static let ocrTable = TextTable(bounds: Bounds(x: 22, y: 22, width: 290, height: 85), header: true, rows: [
        [.init(text: "Narne", bounds: Bounds(x: 24, y: 25, width: 40, height: 20))],
    ])

    @Test("every cell drawn: the table with its header, exact texts, the empty cell, sourced accessibility")
    func trustedTable() throws {
        let cells = Self.cells()
        let checked = PublishedCover.checked(cells, in: Self.page(inked: cells))
        #expect(checked.unchecked.map(\.text) == [""])
        let tables = PublishedTables.tables(accepted: checked.accepted, unchecked: checked.unchecked)
        let table = try #require(tables.first)
        #expect(tables.count == 1)
        #expect(table.header && table.source == .accessibility)
        #expect(table.rows.map { $0.map(\.text) } == Self.texts)
        #expect(table.rows[2][1].bounds == Bounds(x: 120, y: 80, width: 100, height: 30))
        #expect(table.bounds == Bounds(x: 20, y: 20, width: 300, height: 90))
        let merged = PublishedTables.merged([Self.ocrTable], with: tables)
        #expect(merged == tables)
        // An OCR table elsewhere stays, top to bottom.
        let below = TextTable(bounds: Bounds(x: 20, y: 150, width: 300, height: 40), header: false, rows: [])
        #expect(PublishedTables.merged([below, Self.ocrTable], with: tables) == tables + [below])
        #expect(table.orderedJSON.serialized().contains(#""source":"accessibility""#))
        #expect(!Self.ocrTable.orderedJSON.serialized().contains("source"))
    }

    @Test("a cell published where nothing is drawn: the table is not trusted and the OCR's stands")
    func undrawnCell() {
        let cells = Self.cells()
        // "café" is published but its box is left blank.
        let page = Self.page(inked: cells.filter { $0.text != "café" })
        let checked = PublishedCover.checked(cells, in: page)
        #expect(checked.unchecked.map(\.text).contains("café"))
        let tables = PublishedTables.tables(accepted: checked.accepted, unchecked: checked.unchecked)
        #expect(tables.isEmpty)
        #expect(PublishedTables.merged([Self.ocrTable], with: tables) == [Self.ocrTable])
    }

    @Test("a cell missing (not placed) or a single column is no table; two tables stay apart")
    func incompleteTables() {
        let cells = Self.cells()
        let missing = cells.filter { $0.text != "12" }
        #expect(PublishedTables.tables(accepted: PublishedCover.checked(missing, in: Self.page(inked: missing)).accepted,
                                       unchecked: []).isEmpty)
        let column = cells.filter { $0.cell?.column == 0 }
        let checked = PublishedCover.checked(column, in: Self.page(inked: column))
        #expect(PublishedTables.tables(accepted: checked.accepted, unchecked: checked.unchecked).isEmpty)
        let other = Self.cells(table: 1).map { line in
            var line = line, cell = line.cell!
            cell.table = 1
            cell.place = cell.place.moved(x: 0, y: 100)
            line.bounds = line.bounds.moved(x: 0, y: 100)
            line.cell = cell
            return line
        }
        let both = cells + other
        let sorted = PublishedCover.checked(both, in: Self.page(inked: both))
        let tables = PublishedTables.tables(accepted: sorted.accepted, unchecked: sorted.unchecked)
        #expect(tables.map(\.bounds.y) == [20, 120])
    }

    @Test("the cells of one published table make one block, read row by row")
    func oneBlock() throws {
        let cells = Self.cells()
        let checked = PublishedCover.checked(cells, in: Self.page(inked: cells))
        let fused = TextFusion.fused([], accepted: checked.accepted, unchecked: checked.unchecked)
        #expect(fused.accepted == 8)
        #expect(fused.blocks.count == 1)
        #expect(fused.blocks.first?.lines.map(\.text).prefix(3) == ["Name", "Städte", "Nr"])
    }
}
