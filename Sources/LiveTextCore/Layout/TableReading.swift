/// A table read as a person reads it: row by row, each row's cells left to right on one line.
/// The page's layout may read a table column by column (a block per column), put its header in
/// a block of its own, or leave a short cell read alone (`ShortCells`) at the end of the page; the
/// words of each table found are gathered here into one block, a line per row, where the table
/// begins in the reading.
///
/// A row's line is its words joined by blanks, as every line of `text` is: the offsets of items
/// and of the selection count words apart by one blank, and pasted into a message or an editor a
/// row reads as the line it is on the screen. The table as a table (cells apart by tabs) is what
/// Copy Table and `--tables tsv` give. Words that are no cell but lie between two rows (a
/// terminal table's `+----+` rule) keep their place between them. Nothing outside a table moves.
public enum TableReading {
    /// `blocks` with the lines of each of `tables` (found among them) read row by row, cells left
    /// to right, in one block where the table's first line was; `blocks` themselves without tables.
    public static func rowByRow(_ blocks: [TextBlock], tables: [TextTable]) -> [TextBlock] {
        var blocks = blocks
        for table in tables { blocks = rowByRow(blocks, table: table) }
        return blocks
    }

    static func rowByRow(_ blocks: [TextBlock], table: TextTable) -> [TextBlock] {
        // A line of the table: its middle among the table's rows, most of it over the table's columns
        // (a terminal table's bars, left out of its cells, go with their row).
        let area = table.bounds
        func inTable(_ line: TextLine) -> Bool {
            let overlap = min(line.bounds.maxX, area.maxX) - max(line.bounds.x, area.x)
            return line.bounds.midY >= Double(area.y) && line.bounds.midY <= Double(area.maxY) && 2 * overlap >= line.bounds.width
        }
        guard let first = blocks.firstIndex(where: { $0.lines.contains(where: inTable) }) else { return blocks }
        let rows = lines(of: blocks.flatMap(\.lines).filter(inTable), in: table)
        guard rows != blocks[first].lines.filter(inTable) || blocks.dropFirst(first + 1).contains(where: { $0.lines.contains(where: inTable) })
        else { return blocks }
        var out: [TextBlock] = []
        for (index, block) in blocks.enumerated() {
            var lines: [TextLine] = [], placed = false
            for line in block.lines {
                guard inTable(line) else {
                    lines.append(line)
                    continue
                }
                if index == first, !placed {
                    lines += rows
                    placed = true
                }
            }
            if let block = block.replacingLines(with: lines) { out.append(block) }
        }
        return out
    }

    /// `lines` (those of `table`) as a line per row of the table: the lines on one row (the
    /// columns the layout read apart) joined left to right, and lines a little above or below it
    /// within the row's cells (a short cell read alone, a word read a little off) after them; a
    /// line in no row (a rule between two rows) stays a line of its own where it stands.
    static func lines(of lines: [TextLine], in table: TextTable) -> [TextLine] {
        // Each row's band: the extent of its cells that hold text (an empty cell has the row's).
        let bands: [(y: Int, maxY: Int)] = table.rows.map { row in
            let filled = row.filter { !$0.text.isEmpty }.map(\.bounds)
            let bounds = (filled.isEmpty ? row.map(\.bounds) : filled).union
            return (bounds.y, bounds.maxY)
        }
        func band(of line: TextLine) -> Int? {
            let middle = line.bounds.midY
            return bands.indices.filter { Double(bands[$0].y) <= middle && middle <= Double(bands[$0].maxY) }
                .min { abs(center(bands[$0]) - middle) < abs(center(bands[$1]) - middle) }
        }
        var out: [(band: Int?, line: TextLine)] = []
        // Lines on one row, their words left to right (a cell read alone falls between the others).
        for line in RowAlignment.rows(of: lines).map({ TextLine(words: $0.words.sorted { $0.bounds.x < $1.bounds.x }) }) {
            let row = band(of: line)
            if let row, let last = out.last, last.band == row {
                out[out.count - 1].line = TextLine(words: last.line.words + line.words)
            } else {
                out.append((row, line))
            }
        }
        return out.map(\.line)
    }

    static func center(_ band: (y: Int, maxY: Int)) -> Double { Double(band.y + band.maxY) / 2 }
}
