/// The tables applications published (their cells' lines, `PublishedCell`), made `TextTable`s
/// where every cell with text passed the ink check, and put in the place of the OCR's tables
/// over the same area. A table with a cell not drawn where published (or not placed: under
/// another window, outside the capture) is not trusted: the OCR's table stands.
public enum PublishedTables {
    /// The trusted tables among `accepted` and `unchecked` (`PublishedCover.checked`), top to bottom.
    public static func tables(accepted: [PublishedLine], unchecked: [PublishedLine]) -> [TextTable] {
        var cells: [Int: [(line: PublishedLine, cell: PublishedCell)]] = [:]
        var untrusted = Set<Int>()
        for line in accepted { if let cell = line.cell { cells[cell.table, default: []].append((line, cell)) } }
        for line in unchecked {
            guard let cell = line.cell else { continue }
            if line.text.isEmpty { cells[cell.table, default: []].append((line, cell)) } else { untrusted.insert(cell.table) }
        }
        return cells.keys.sorted().compactMap { untrusted.contains($0) ? nil : table(of: cells[$0]!) }
            .sorted { ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x) }
    }

    /// The table of one table's cells: nil unless every row has a cell in every column, and there
    /// are two columns and two rows (the header's with them) at least.
    static func table(of cells: [(line: PublishedLine, cell: PublishedCell)]) -> TextTable? {
        let columns = Set(cells.map(\.cell.column)).sorted()
        let rows = Set(cells.map(\.cell.row)).sorted()
        guard columns.count >= 2, rows.count >= 2 else { return nil }
        var grid: [Int: [Int: TextTable.Cell]] = [:]
        for (line, cell) in cells {
            guard grid[cell.row]?[cell.column] == nil else { return nil }
            grid[cell.row, default: [:]][cell.column] = TextTable.Cell(text: line.text, bounds: cell.place)
        }
        var table: [[TextTable.Cell]] = []
        for row in rows {
            let cells = columns.compactMap { grid[row]?[$0] }
            guard cells.count == columns.count else { return nil }
            table.append(cells)
        }
        let bounds = cells.dropFirst().reduce(cells[0].cell.place) { $0.union($1.cell.place) }
        return TextTable(bounds: bounds, header: rows.first == -1, rows: table, source: .accessibility)
    }

    /// `ocr` (the OCR's tables) with `published` in the place of those they overlap by half of
    /// either's area, top to bottom.
    public static func merged(_ ocr: [TextTable], with published: [TextTable]) -> [TextTable] {
        guard !published.isEmpty else { return ocr }
        let kept = ocr.filter { table in
            !published.contains { other in
                let shared = table.bounds.intersection(other.bounds).area
                return shared > 0 && 2 * shared >= min(table.bounds.area, other.bounds.area)
            }
        }
        return (kept + published).sorted { ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x) }
    }
}
