/// Tables told from where the words lie: rows of text crossed from top to bottom by the same
/// empty gutters. A web table's columns, a terminal's `ps` or `ls -l` listing, a dialog's labels
/// and values all leave such gutters, whether the reader made one block of them or a block per
/// column; prose does not (its word spaces are narrow and never line up over several lines).
///
/// Precision comes first: a table needs three rows, at least two columns in most of them, and
/// gutters wider than a word space (two columns need a wide one: label and value, not two words
/// of a sentence). Only rows next to each other join; a line across the gutters ends the table.
public enum TableFinder {
    /// The fewest rows of a table, its header included.
    static let minimumRows = 3
    /// The narrowest gutter, as a share of the rows' median height (a word space is about 0.3).
    static let gutterShare = 0.45
    /// The narrowest gutter of a table of two columns.
    static let twoColumnGutterShare = 1.2
    /// The most space between two rows of one table, as a share of the median height.
    static let rowGapShare = 2.5
    /// The least share of a table's rows with two cells or more.
    static let wideRowShare = 0.8
    /// How far apart the middles of two lines of one row may be, as a share of their height.
    static let rowAlignment = 0.25

    /// The tables among `blocks`, top to bottom; none crosses from one of `regions` (the windows
    /// of a screen) into another: two terminals tiled side by side are not a table.
    public static func tables(in blocks: [TextBlock], regions: ContentRegions = ContentRegions()) -> [TextTable] {
        let lines = blocks.flatMap(\.lines)
        guard !regions.isEmpty else { return tables(in: lines) }
        // Each line's words by the window they lie in.
        var parts: [Int: [TextLine]] = [:]
        for line in lines {
            let byPart = Dictionary(grouping: line.words) { word in
                regions.part(atX: word.bounds.x + word.bounds.width / 2, y: Int(word.bounds.midY))
            }
            for (part, words) in byPart { parts[part, default: []].append(TextLine(words: words)) }
        }
        return parts.keys.sorted().flatMap { tables(in: parts[$0] ?? []) }
            .sorted { ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x) }
    }

    static func tables(in lines: [TextLine]) -> [TextTable] {
        let rows = rows(of: lines)
        guard rows.count >= minimumRows else { return [] }
        let height = median(rows.map(\.bounds.height))
        var tables: [TextTable] = [], start = 0
        while start + minimumRows <= rows.count {
            // The gutters of the rows so far, carried from one row to the next.
            var end = start + 1, current = gutters(of: rows[start..<end], height: height)
            while end < rows.count,
                  Double(rows[end].bounds.y - rows[end - 1].bounds.maxY) <= rowGapShare * height,
                  leavesFree(rows[end], current, height: height) {
                let next = gutters(of: rows[start...end], height: height)
                guard !next.isEmpty else { break }
                current = next
                end += 1
            }
            if let table = table(of: rows[start..<end], height: height) {
                tables.append(table.table)
                start = table.end
            } else {
                start += 1
            }
        }
        return tables
    }

    /// The words of one row of the page: lines that share most of their height, from any block.
    struct Row {
        var words: [TextWord]
        var bounds: Bounds
    }

    /// The page's lines as rows, top to bottom, each row's words left to right. Lines of other
    /// blocks join a row only when they stand on the same place (a table's cells share their
    /// rows); lines of panels side by side, each with its own spacing, seldom do.
    static func rows(of lines: [TextLine]) -> [Row] {
        // A terminal table's borders (`+----+----+`, `| a | b |`) are not cells: its rules and bars are left out.
        let lines = lines.filter { !isRule($0.text) }
            .map { TextLine(words: $0.words.filter { !borders.contains($0.text) }) }
            .filter { !$0.words.isEmpty }.sorted { $0.bounds.midY < $1.bounds.midY }
        var rows: [Row] = []
        for line in lines {
            if let last = rows.last {
                let height = Double(min(last.bounds.height, line.bounds.height))
                if abs(last.bounds.midY - line.bounds.midY) <= rowAlignment * height {
                    rows[rows.count - 1].words += line.words
                    rows[rows.count - 1].bounds = last.bounds.union(line.bounds)
                    continue
                }
            }
            rows.append(Row(words: line.words, bounds: line.bounds))
        }
        return rows.map { Row(words: $0.words.sorted { $0.bounds.x < $1.bounds.x }, bounds: $0.bounds) }
    }

    /// The empty vertical strips across `rows`, left to right, between their leftmost and
    /// rightmost ink: where no row has a word, or, over five rows or more, at most a quarter of
    /// them (a cell that spills over, a word the reader joined across two columns).
    static func gutters(of rows: ArraySlice<Row>, height: Double) -> [Range<Int>] {
        let tolerance = (rows.count - 1) / 4, least = narrowestGutter(height)
        var events: [(x: Int, step: Int)] = []
        for row in rows {
            for span in merged(row.words.map { $0.bounds.x..<$0.bounds.maxX }) {
                events += [(span.lowerBound, 1), (span.upperBound, -1)]
            }
        }
        events.sort { $0.x != $1.x ? $0.x < $1.x : $0.step < $1.step }
        guard let left = events.first?.x, let right = events.last?.x else { return [] }
        var found: [Range<Int>] = [], depth = 0, freeFrom: Int?
        for event in events {
            depth += event.step
            if depth <= tolerance, freeFrom == nil {
                freeFrom = event.x
            } else if depth > tolerance, let from = freeFrom {
                if from > left, event.x < right, event.x - from >= least { found.append(from..<event.x) }
                freeFrom = nil
            }
        }
        return found
    }

    /// `rows` read as a table, without rows of one cell at its top and bottom (a caption, the
    /// sentence after it), when it is one; with the index of the row after it.
    /// Words that are a table's vertical borders.
    static let borders: Set<String> = ["|", "│", "┃", "║", "¦"]

    /// Whether `text` is a rule drawn with characters (`MonospaceRules`): three or more, all of them dashes, equals signs, crosses or bars.
    static func isRule(_ text: String) -> Bool {
        text.count >= 3 && text.allSatisfy { "-=+|─━═│┃║┼╋╪╫├┤┬┴┌┐└┘╔╗╚╝".contains($0) }
    }

    static func table(of rows: ArraySlice<Row>, height: Double) -> (table: TextTable, end: Int)? {
        var rows = rows
        while let first = rows.first, filled(first, gutters(of: rows, height: height)) < 2 { rows = rows.dropFirst() }
        while let last = rows.last, filled(last, gutters(of: rows, height: height)) < 2 { rows = rows.dropLast() }
        guard rows.count >= minimumRows else { return nil }
        let gutters = gutters(of: rows, height: height)
        guard !gutters.isEmpty else { return nil }
        if gutters.count == 1, Double(gutters[0].count) < twoColumnGutterShare * height { return nil }
        // Cells share their rows: most rows have two cells or more, and every column has a cell in
        // half the rows at least (panels side by side, each with its own spacing, do not).
        let cells = rows.map { row in cellWords(row, gutters) }
        let wide = cells.filter { $0.filter { !$0.isEmpty }.count >= 2 }.count
        guard Double(wide) >= wideRowShare * Double(rows.count) else { return nil }
        for column in 0...gutters.count where cells.filter({ !$0[column].isEmpty }).count * 2 < rows.count { return nil }
        // Each column's extent, for the bounds of its empty cells.
        let columns: [(x: Int, maxX: Int)] = (0...gutters.count).map { column in
            let words = cells.flatMap { $0[column] }
            return (words.map(\.bounds.x).min() ?? 0, words.map(\.bounds.maxX).max() ?? 0)
        }
        let table = zip(rows, cells).map { row, words in
            words.enumerated().map { column, words -> TextTable.Cell in
                guard !words.isEmpty else {
                    return TextTable.Cell(text: "", bounds: Bounds(x: columns[column].x, y: row.bounds.y,
                                                                   width: columns[column].maxX - columns[column].x,
                                                                   height: row.bounds.height))
                }
                return TextTable.Cell(text: words.map(\.text).joined(separator: " "), bounds: words.map(\.bounds).union)
            }
        }
        let header = table[0].allSatisfy { !$0.text.contains(where: \.isNumber) }
            && table.dropFirst().contains { $0.contains { $0.text.contains(where: \.isNumber) } }
        return (TextTable(bounds: rows.map(\.bounds).union, header: header, rows: table), rows.endIndex)
    }

    /// The words of `row` in each column that `gutters` make, by where each word starts when it
    /// crosses a gutter.
    static func cellWords(_ row: Row, _ gutters: [Range<Int>]) -> [[TextWord]] {
        var cells = [[TextWord]](repeating: [], count: gutters.count + 1)
        for word in row.words {
            let middle = min(word.bounds.x + word.bounds.width / 2, word.bounds.x + max(1, Int(0.5 * Double(word.bounds.height))))
            cells[gutters.filter { $0.lowerBound < middle }.count].append(word)
        }
        return cells
    }

    /// The narrowest gutter in pixels, for rows of median `height`.
    static func narrowestGutter(_ height: Double) -> Int {
        max(2, Int((gutterShare * height).rounded()))
    }

    /// Whether `row` leaves at least half of `gutters` open (a gutter's width at least, beside its
    /// words): a longer cell narrows a gutter, a word spilling over one (or two words the reader
    /// joined) closes one and is still a row of the table; a sentence across them is not.
    static func leavesFree(_ row: Row, _ gutters: [Range<Int>], height: Double) -> Bool {
        let least = narrowestGutter(height)
        let open = gutters.filter { gutter in
            var widest = 0, from = gutter.lowerBound
            for word in row.words where word.bounds.maxX > gutter.lowerBound && word.bounds.x < gutter.upperBound {
                widest = max(widest, word.bounds.x - from)
                from = max(from, word.bounds.maxX)
            }
            return max(widest, gutter.upperBound - from) >= least
        }
        return open.count * 2 >= gutters.count
    }

    static func filled(_ row: Row, _ gutters: [Range<Int>]) -> Int {
        cellWords(row, gutters).filter { !$0.isEmpty }.count
    }

    /// Overlapping or touching ranges joined.
    static func merged(_ spans: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, span.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                out.append(span)
            }
        }
        return out
    }

    static func median(_ values: [Int]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : Double(sorted[sorted.count / 2])
    }
}
