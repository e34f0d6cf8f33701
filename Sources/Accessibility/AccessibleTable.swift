import LiveTextCore

/// A table an application publishes (AT-SPI's `Table` interface: a GTK 3 tree view, …): the
/// cells that show whole, row by row, and its column headers, in the same coordinates as its
/// application's lines.
public struct AccessibleTable: Sendable, Hashable {
    /// One cell: its text and where it lies.
    public struct Cell: Sendable, Hashable {
        /// The cell's text as published (`""`: an empty cell).
        public var text: String
        /// The cell's place, clipped to what shows of the table.
        public var bounds: Bounds
        /// Where its text is drawn (its characters' extents); nil for an empty cell.
        public var textBounds: Bounds?

        public init(text: String, bounds: Bounds, textBounds: Bounds?) {
            self.text = text
            self.bounds = bounds
            self.textBounds = textBounds
        }
    }

    /// The column headers, one a column (nil: the table has none).
    public var header: [Cell]?
    /// The rows that show whole, top to bottom, each with a cell for every column that shows whole.
    public var rows: [[Cell]]

    public init(header: [Cell]?, rows: [[Cell]]) {
        self.header = header
        self.rows = rows
    }

    /// Every cell, the header's first.
    public var cells: [Cell] { (header ?? []) + rows.flatMap { $0 } }

    /// Every cell with its row (-1 for the column headers) and column, the headers first.
    public var numberedCells: [(row: Int, column: Int, cell: Cell)] {
        let rows = (header.map { [(-1, $0)] } ?? []) + rows.enumerated().map { ($0.offset, $0.element) }
        return rows.flatMap { row, cells in cells.enumerated().map { (row, $0.offset, $0.element) } }
    }

    /// A cell as read off the bus, before the table is cut to what shows: nil `bounds` when the
    /// toolkit gives none (a cell scrolled out of view).
    struct ReadCell: Sendable, Hashable {
        var text: String
        var bounds: Bounds?
        var textBounds: Bounds?
    }

    /// The table made of the cells read (`rows`, each as long as `headers`; a header nil where
    /// the column has none) cut to `area`, what shows of the table: a column is kept when its
    /// header and every text of it (an empty cell: its place) lie within `area`'s sides, a row
    /// when every kept cell of it lies within `area` and below the headers. Nil when fewer than
    /// two columns or than two rows (with the header) are left: no table worth the name, the OCR
    /// reads it.
    static func visible(headers: [ReadCell?], rows: [[ReadCell]], area: Bounds) -> AccessibleTable? {
        let hasHeader = headers.contains { $0?.bounds != nil }
        let headerBottom = headers.compactMap { $0?.bounds?.maxY }.max() ?? area.y
        let body = Bounds(x: area.x, y: max(area.y, headerBottom), width: area.width,
                          height: area.maxY - max(area.y, headerBottom))
        guard !body.isEmpty else { return nil }
        let inside = { (box: Bounds) in box.x >= area.x && box.maxX <= area.maxX }
        let columns = headers.indices.filter { column in
            if hasHeader {
                guard let header = headers[column]?.bounds, inside(header) else { return false }
            }
            let placed = rows.compactMap { column < $0.count ? $0[column] : nil }.filter { $0.bounds != nil }
            // Scrolled out of view sideways (no place), or cut by the table's side (its text or, empty, its place).
            return !placed.isEmpty && placed.allSatisfy { cell in
                if let text = cell.textBounds { return inside(text) }
                let place = cell.bounds!
                return place.maxX > area.x && place.x < area.maxX
            }
        }
        guard columns.count >= 2 else { return nil }
        let kept: [[Cell]] = rows.compactMap { row in
            var cells: [Cell] = []
            for column in columns {
                guard column < row.count else { return nil }
                let cell = row[column]
                guard let place = cell.bounds, place.y >= body.y, place.maxY <= body.maxY else { return nil }
                if let text = cell.textBounds, !(text.y >= body.y && text.maxY <= body.maxY) { return nil }
                cells.append(Cell(text: cell.text, bounds: place.intersection(area), textBounds: cell.textBounds))
            }
            return cells
        }
        let header: [Cell]? = hasHeader ? columns.map { column in
            let read = headers[column]!
            return Cell(text: read.text, bounds: read.bounds!.intersection(area), textBounds: nil)
        } : nil
        guard kept.count + (header == nil ? 0 : 1) >= 2, !kept.isEmpty else { return nil }
        return AccessibleTable(header: header, rows: kept)
    }
}
