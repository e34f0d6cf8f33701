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
    /// `blocks` with the words of each of `tables` (found among them) read row by row, cells left
    /// to right, a cell's own lines one after the other; `blocks` themselves without tables.
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
        let rows = lines(of: blocks.flatMap(\.lines).filter(inTable).flatMap(\.words), in: table)
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
            guard !lines.isEmpty else { continue }
            var rebuilt = lines == block.lines ? block : TextBlock(lines: lines)
            rebuilt.language = block.language
            out.append(rebuilt)
        }
        return out
    }

    /// `words` (those of `table`) as lines: a line per row of the table, its cells left to right,
    /// the words of a cell by its own lines then left to right; words in no row (a rule between
    /// two rows) a line of their own where they stand.
    static func lines(of words: [TextWord], in table: TextTable) -> [TextLine] {
        // Each row's band: the extent of its cells that hold text (an empty cell has the row's).
        let bands: [(y: Int, maxY: Int)] = table.rows.map { row in
            let filled = row.filter { !$0.text.isEmpty }.map(\.bounds)
            let bounds = (filled.isEmpty ? row.map(\.bounds) : filled).union
            return (bounds.y, bounds.maxY)
        }
        let columns = table.rows.first?.indices.map { column in table.rows.map { $0[column].bounds }.union } ?? []
        var inRows = [[TextWord]](repeating: [], count: bands.count), between: [TextWord] = []
        for word in words {
            let middle = word.bounds.midY
            if let row = bands.indices.filter({ Double(bands[$0].y) <= middle && middle <= Double(bands[$0].maxY) })
                .min(by: { abs(center(bands[$0]) - middle) < abs(center(bands[$1]) - middle) }) {
                inRows[row].append(word)
            } else {
                between.append(word)
            }
        }
        // A cell's words: by its lines (middles apart by half a word's height), then left to right.
        func column(of word: TextWord) -> Int {
            let center = word.bounds.x + word.bounds.width / 2
            return columns.indices.min { distance(center, columns[$0]) < distance(center, columns[$1]) } ?? 0
        }
        var lines: [(midY: Double, line: TextLine)] = inRows.enumerated().compactMap { row, words in
            guard !words.isEmpty else { return nil }
            let byColumn = Dictionary(grouping: words, by: column(of:))
            let ordered = byColumn.keys.sorted().flatMap { readingOrder(byColumn[$0] ?? []) }
            return (center(bands[row]), TextLine(words: ordered))
        }
        for word in between.sorted(by: { $0.bounds.midY < $1.bounds.midY }) {
            if let index = lines.indices.last(where: { sameLine(lines[$0].line, word) }) {
                lines[index].line = TextLine(words: (lines[index].line.words + [word]).sorted { $0.bounds.x < $1.bounds.x })
            } else {
                lines.append((word.bounds.midY, TextLine(words: [word])))
            }
        }
        return lines.sorted { $0.midY < $1.midY }.map(\.line)
    }

    /// Words of one cell in reading order: its lines top to bottom, each left to right.
    static func readingOrder(_ words: [TextWord]) -> [TextWord] {
        var lines: [[TextWord]] = []
        for word in words.sorted(by: { $0.bounds.midY < $1.bounds.midY }) {
            if let last = lines.last?.last, abs(last.bounds.midY - word.bounds.midY) <= 0.5 * Double(min(last.bounds.height, word.bounds.height)) {
                lines[lines.count - 1].append(word)
            } else {
                lines.append([word])
            }
        }
        return lines.flatMap { $0.sorted { $0.bounds.x < $1.bounds.x } }
    }

    static func sameLine(_ line: TextLine, _ word: TextWord) -> Bool {
        abs(line.bounds.midY - word.bounds.midY) <= 0.4 * Double(min(line.bounds.height, word.bounds.height))
    }

    static func center(_ band: (y: Int, maxY: Int)) -> Double { Double(band.y + band.maxY) / 2 }

    /// How far `x` lies outside `column` (0 inside it).
    static func distance(_ x: Int, _ column: Bounds) -> Int {
        x < column.x ? column.x - x : x > column.maxX ? x - column.maxX : 0
    }
}
