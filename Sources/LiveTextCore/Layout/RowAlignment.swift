/// Joins blocks that sit side by side with their lines on the same rows: table columns, the
/// items of a toolbar, a terminal line that layout analysis split at a wide gap. A person reads
/// those across, row by row, not column after column.
///
/// Columns of prose (long lines in both blocks) are left alone even when their baselines meet.
public enum RowAlignment {
    /// Two lines share a row when their centres are this close, relative to the smaller height.
    static let rowTolerance = 0.4
    /// Blocks join when this share of the shorter block's lines has a partner row in the other.
    static let minimumAlignedShare = 0.6
    /// How far apart, in line heights, blocks sharing a single row may be.
    static let maximumNeighbourGap = 6
    /// How far apart, in line heights, blocks sharing several rows may be.
    static let maximumTableGap = 40
    /// Blocks whose shared rows drift apart by this share of a line, at this slope at least, over
    /// this many rows, have line spacings of their own: panels side by side, read one after the other.
    static let minimumDrift = 0.3, minimumDriftSlope = 0.04, minimumDriftRows = 3

    public static func merged(_ blocks: [TextBlock]) -> [TextBlock] {
        guard blocks.count > 1 else { return blocks }
        var parent = Array(blocks.indices)
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for a in blocks.indices {
            for b in blocks.indices where b > a && sideBySide(blocks[a], blocks[b]) {
                let ra = find(a), rb = find(b)
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
        }
        var groups = [Int: [Int]]()
        for i in blocks.indices { groups[find(i), default: []].append(i) }
        return groups.keys.sorted().map { root in
            let members = groups[root]!
            if members.count == 1 { return blocks[root] }
            var merged = TextBlock(lines: rows(of: members.flatMap { blocks[$0].lines }))
            merged.language = mainLanguage(of: members.map { blocks[$0] })
            return merged
        }
    }

    /// The language most of the blocks' text was read in (the first block's on a tie).
    static func mainLanguage(of blocks: [TextBlock]) -> String? {
        var weights = [String: Int]()
        for block in blocks { if let language = block.language { weights[language, default: 0] += block.text.count } }
        return blocks.compactMap(\.language).max { weights[$0]! < weights[$1]! }
    }

    /// Same vertical extent, apart horizontally, lines on shared rows, not two columns of prose.
    static func sideBySide(_ a: TextBlock, _ b: TextBlock) -> Bool {
        // A block of several lines may sit beside part of a taller one (a column the recognizer
        // cut in two); a single line must match the other block's whole height, or a label
        // would be glued to the first line of the paragraph beside it.
        let overlap = min(a.bounds.maxY, b.bounds.maxY) - max(a.bounds.y, b.bounds.y)
        let singleLine = a.lines.count == 1 || b.lines.count == 1
        let reference = singleLine ? max(a.bounds.height, b.bounds.height) : min(a.bounds.height, b.bounds.height)
        guard overlap > 0, Double(overlap) >= 0.75 * Double(reference) else { return false }
        let gap = max(a.bounds.x, b.bounds.x) - min(a.bounds.maxX, b.bounds.maxX)
        let lineHeight = min(a.lines.map(\.bounds.height).min() ?? 0, b.lines.map(\.bounds.height).min() ?? 0)
        guard gap >= -2 else { return false }
        if isProse(a) && isProse(b) { return false }
        let (few, many) = a.lines.count <= b.lines.count ? (a, b) : (b, a)
        let aligned = few.lines.filter { line in many.lines.contains { sameRow(line, $0) } }.count
        guard Double(aligned) >= minimumAlignedShare * Double(few.lines.count) else { return false }
        guard !ownLineSpacing(few, many) else { return false }
        // One shared row is weak evidence (a sidebar item beside a form field): only nearby.
        // Several shared rows are a table, however wide its columns are apart.
        return gap <= (aligned >= 2 ? maximumTableGap : maximumNeighbourGap) * max(lineHeight, 1)
    }

    /// Whether `few`'s lines follow a line spacing of their own beside `many`'s: two labels or
    /// panels side by side, whose first lines meet but drift apart row after row, which a table's
    /// columns (one row spacing) never do. Measured on the lines that share a row: how far each
    /// sits from its partner, against where it is; the trend (the median of the slopes between
    /// every two of them, which one line of only small letters does not sway) must add up to a
    /// third of a line over the rows, three rows at least.
    static func ownLineSpacing(_ few: TextBlock, _ many: TextBlock) -> Bool {
        let pairs: [(at: Double, offset: Double)] = few.lines.compactMap { line in
            guard let partner = many.lines.filter({ sameRow(line, $0) })
                .min(by: { abs($0.bounds.midY - line.bounds.midY) < abs($1.bounds.midY - line.bounds.midY) }) else { return nil }
            return (partner.bounds.midY, line.bounds.midY - partner.bounds.midY)
        }
        guard pairs.count >= minimumDriftRows else { return false }
        var slopes: [Double] = []
        for i in pairs.indices {
            for j in pairs.indices where j > i && pairs[j].at != pairs[i].at {
                slopes.append((pairs[j].offset - pairs[i].offset) / (pairs[j].at - pairs[i].at))
            }
        }
        guard !slopes.isEmpty else { return false }
        slopes.sort()
        let slope = (slopes[(slopes.count - 1) / 2] + slopes[slopes.count / 2]) / 2
        let span = (pairs.map(\.at).max() ?? 0) - (pairs.map(\.at).min() ?? 0)
        let height = Double(few.lines.map(\.bounds.height).sorted()[few.lines.count / 2])
        return abs(slope) >= minimumDriftSlope && abs(slope) * span >= minimumDrift * height
    }

    static func sameRow(_ a: TextLine, _ b: TextLine) -> Bool {
        abs(a.bounds.midY - b.bounds.midY) <= rowTolerance * Double(min(a.bounds.height, b.bounds.height))
    }

    static func isProse(_ block: TextBlock) -> Bool {
        guard block.lines.count >= 3 else { return false }
        let counts = block.lines.map(\.words.count).sorted()
        return counts[counts.count / 2] >= 5
    }

    /// Lines grouped into rows top to bottom, each row's lines joined left to right.
    static func rows(of lines: [TextLine]) -> [TextLine] {
        var rows = [[TextLine]]()
        for line in lines.sorted(by: { $0.bounds.midY < $1.bounds.midY }) {
            if let last = rows.last?.last, sameRow(last, line) || rows.last!.contains(where: { sameRow($0, line) }) {
                rows[rows.count - 1].append(line)
            } else {
                rows.append([line])
            }
        }
        return rows.map { row in
            TextLine(words: row.sorted { $0.bounds.x < $1.bounds.x }.flatMap(\.words))
        }
    }
}
