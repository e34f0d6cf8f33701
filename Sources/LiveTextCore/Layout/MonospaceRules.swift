/// Rules drawn with characters in terminal text: the `-----` under a title, the `=====` of a
/// heading, the `+------+-----+` borders of a table that `psql` or `mysql` print. The recognizer
/// takes them for graphics and drops them, or reads them as letters (`tee eee ee`); they are text
/// the user may copy, so they are found on the page and written back, a character a cell.
///
/// A rule is a thin horizontal band of ink, at least `minimumCells` long, that the font's cells
/// break into dashes (a hyphen or an equals sign leaves a gap between cells; a drawn line does
/// not, and a web page's rule stays a graphic), with blank rows above and below it but where a
/// `+` or `|` crosses it. An `=` is two such bands close together. Only on monospace pages
/// (`MonospaceJoining`), and never where a line of real text stands.
enum MonospaceRules {
    /// The shortest rule, in cells.
    static let minimumCells = 3
    /// Dashes further apart than this share of a cell are two rules.
    static let dashGap = 0.7
    /// The least share of a rule's length that is ink.
    static let minimumInk = 0.3
    /// The thickest band, as a share of the line height (two pixels at least).
    static let maximumThickness = 0.2
    /// A stroke crossing the band this far up and down (shares of the line height) makes a `+`;
    /// this far in all, a `|`.
    static let crossReach = 0.2, barReach = 0.75

    struct Band {
        var y: Int, maxY: Int, x: Int, maxX: Int
        /// The most dashes one of its rows holds: a character each.
        var dashes = 0
    }

    /// `blocks` (lines on the prepared `page`) with the page's rules as lines of their own, each in
    /// the block nearest it (or one of its own), and lines that were only a rule misread replaced
    /// (a block may be left empty: blocks keep their places).
    static func withRules(_ blocks: [[RecognizedLine]], cell: Double, in page: PixelImage) -> [[RecognizedLine]] {
        let lines = blocks.flatMap { $0 }
        guard cell >= 4, !lines.isEmpty, page.format == .gray8 else { return blocks }
        let heights = lines.map(\.bounds.height).sorted()
        let lineHeight = Double(heights[heights.count / 2])
        var blocks = blocks, rules: [Bounds] = []
        // Rules lie among the lines or a little above and below them: only those rows are read.
        let hull = lines.map(\.bounds).union
        let rows = max(0, hull.y - Int(2 * lineHeight))..<min(page.height, hull.maxY + Int(2 * lineHeight))
        for rule in self.rules(in: page, rows: rows, cell: cell, lineHeight: lineHeight) {
            let row = Bounds(x: rule.bounds.x, y: Int(rule.bounds.midY - lineHeight / 2), width: rule.bounds.width, height: Int(lineHeight))
            // Lines where the rule stands: text (the rule is an underline: no rule) or the rule misread.
            let standing = blocks.indices.flatMap { b in
                blocks[b].indices.compactMap { l -> (Int, Int)? in
                    let line = blocks[b][l].bounds
                    return line.intersection(row).width > 0 && abs(line.midY - rule.bounds.midY) <= 0.35 * lineHeight ? (b, l) : nil
                }
            }
            guard standing.allSatisfy({ isRuleOnly(blocks[$0.0][$0.1].bounds, rule: rule, in: page) }) else { continue }
            for (b, l) in standing.sorted(by: { $0 > $1 }) { blocks[b].remove(at: l) }
            // As tall as a line of text, as a selection shows it.
            let line = RecognizedLine(bounds: row, words: [RecognizedWord(text: rule.text, bounds: row, confidence: 90)])
            rules.append(row)
            // The block beside it: a line of it overlaps the rule across and is nearest up or down.
            let nearest = blocks.indices.compactMap { b -> (Int, Double)? in
                let distances = blocks[b].filter { min($0.bounds.maxX, rule.bounds.maxX) > max($0.bounds.x, rule.bounds.x) }
                    .map { abs($0.bounds.midY - rule.bounds.midY) }
                return distances.min().map { (b, $0) }
            }.min { $0.1 < $1.1 }
            if let (b, distance) = nearest, distance <= 2.5 * lineHeight {
                blocks[b].append(line)
                blocks[b].sort { $0.bounds.y < $1.bounds.y }
            } else {
                blocks.append([line])
            }
        }
        return joinedThroughRules(blocks, rules: rules, lineHeight: lineHeight)
    }

    /// `blocks` with the two blocks a rule stands between joined (a title and its underline with
    /// the text under it, a table's rows between its borders): the recognizer cut them apart at
    /// the rule it did not read. The block joined into the other is left empty.
    static func joinedThroughRules(_ blocks: [[RecognizedLine]], rules: [Bounds], lineHeight: Double) -> [[RecognizedLine]] {
        var blocks = blocks
        for rule in rules {
            func near(_ b: Int) -> Bool {
                blocks[b].contains { line in
                    min(line.bounds.maxX, rule.maxX) > max(line.bounds.x, rule.x) && abs(line.bounds.midY - rule.midY) <= 1.5 * lineHeight
                }
            }
            guard let holder = blocks.indices.first(where: { b in blocks[b].contains { $0.bounds == rule } }) else { continue }
            for other in blocks.indices where other != holder && near(other) {
                blocks[holder] = (blocks[holder] + blocks[other]).sorted { $0.bounds.y < $1.bounds.y }
                blocks[other] = []
            }
        }
        return blocks
    }

    /// The rules of `page`: where, and their characters.
    /// A rule found: where, its characters, and the rows of its bars (one, two for an `=`).
    struct Rule {
        var bounds: Bounds, text: String, bars: [ClosedRange<Int>]
        /// The columns of its `+` and `|`, a pixel wider each side.
        var crossings: [Range<Int>] = []
    }

    static func rules(in page: PixelImage, rows: Range<Int>? = nil, cell: Double, lineHeight: Double) -> [Rule] {
        let bands = self.bands(in: page, rows: rows ?? 0..<page.height, cell: cell, lineHeight: lineHeight)
        var used = Set<Int>(), found: [Rule] = []
        for (i, band) in bands.enumerated() where !used.contains(i) {
            // Its pair, for an `=`: the same columns, a little lower.
            let pair = bands.indices.first { j in
                j > i && !used.contains(j) && Double(bands[j].y - band.maxY) <= 0.4 * lineHeight && bands[j].y > band.maxY
                    && Double(abs(bands[j].x - band.x)) <= cell / 2 && Double(abs(bands[j].maxX - band.maxX)) <= cell / 2
            }
            let lower = pair.map { bands[$0] } ?? band
            guard isolated(Band(y: band.y, maxY: lower.maxY, x: band.x, maxX: band.maxX), lineHeight: lineHeight, in: page) else { continue }
            used.insert(i)
            if let pair { used.insert(pair) }
            let bounds = Bounds(x: band.x, y: band.y, width: band.maxX - band.x, height: lower.maxY - band.y)
            // A character a dash, when they are a cell apart; else from the width (the first and the
            // last glyph's ink covers about half its cell).
            let fromWidth = Int(((Double(bounds.width) - cell / 2) / cell).rounded()) + 1
            let pitch = Double(bounds.width) / (Double(band.dashes) - 0.5)
            let cells = max(minimumCells, abs(pitch / cell - 1) <= 0.15 ? band.dashes : fromWidth)
            var crossings: [Range<Int>] = []
            let text = String((0..<cells).map { index -> Character in
                // The cell's columns: its glyph's ink is about in its middle.
                let from = max(bounds.x, bounds.x + Int((Double(index) - 0.25) * cell))
                let to = min(bounds.maxX, bounds.x + Int((Double(index) + 0.75) * cell))
                guard from < to, let crossed = crossing(from..<to, band: bounds, lineHeight: lineHeight, in: page) else {
                    return pair == nil ? "-" : "="
                }
                crossings.append(from - 1..<to + 1)
                return crossed == .bar ? "|" : "+"
            })
            // Its row holds nothing else: the strokes of letters (`e`, `z`, `=` in code) come with others.
            let row = Bounds(x: bounds.x, y: Int(bounds.midY - lineHeight / 2), width: bounds.width, height: Int(lineHeight))
            let rule = Rule(bounds: bounds, text: text, bars: [band.y...band.maxY - 1] + (pair.map { [bands[$0].y...bands[$0].maxY - 1] } ?? []),
                            crossings: crossings)
            guard isRuleOnly(row, rule: rule, in: page) else { continue }
            found.append(rule)
        }
        return found
    }

    enum Crossing { case cross, bar }

    /// Whether a stroke crosses `band` in `columns`, and how far it reaches.
    static func crossing(_ columns: Range<Int>, band: Bounds, lineHeight: Double, in page: PixelImage) -> Crossing? {
        var best = 0.0
        for x in columns where x >= 0 && x < page.width {
            var up = 0, down = 0
            var y = band.y - 1
            while y >= 0, page.pixels[y * page.width + x] < PageStrips.inkThreshold { up += 1; y -= 1 }
            y = band.maxY
            while y < page.height, page.pixels[y * page.width + x] < PageStrips.inkThreshold { down += 1; y += 1 }
            guard Double(min(up, down)) >= crossReach * lineHeight else { continue }
            best = max(best, Double(up + down + band.height))
        }
        guard best > 0 else { return nil }
        return best >= barReach * lineHeight ? .bar : .cross
    }

    /// Whether the ink of `line`'s box is `rule`'s band and its crossings alone (text misread
    /// from a rule), not letters.
    static func isRuleOnly(_ line: Bounds, rule: Rule, in page: PixelImage) -> Bool {
        let box = line.union(rule.bounds).clamped(width: page.width, height: page.height)
        var inside = 0, outside = 0
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX where page.pixels[y * page.width + x] < PageStrips.inkThreshold {
                if rule.bars.contains(where: { ($0.lowerBound - 1...$0.upperBound + 1).contains(y) }) || rule.crossings.contains(where: { $0.contains(x) }) {
                    inside += 1
                } else {
                    outside += 1
                }
            }
        }
        return inside > 0 && Double(outside) <= 0.1 * Double(inside + outside)
    }

    /// Thin horizontal bands of dashes.
    static func bands(in page: PixelImage, rows: Range<Int>, cell: Double, lineHeight: Double) -> [Band] {
        let thickest = max(2, Int(maximumThickness * lineHeight))
        var open: [Band] = [], closed: [Band] = []
        for y in rows {
            let runs = dashRuns(row: y, in: page, cell: cell)
            var next: [Band] = []
            for (run, dashes) in runs {
                if let index = open.firstIndex(where: { Double(abs($0.x - run.lowerBound)) <= cell / 2
                    && Double(abs($0.maxX - run.upperBound)) <= cell / 2 }) {
                    var band = open.remove(at: index)
                    band.maxY = y + 1
                    band.x = min(band.x, run.lowerBound)
                    band.maxX = max(band.maxX, run.upperBound)
                    band.dashes = max(band.dashes, dashes)
                    next.append(band)
                } else {
                    next.append(Band(y: y, maxY: y + 1, x: run.lowerBound, maxX: run.upperBound, dashes: dashes))
                }
            }
            // A band goes on over one row without a run (a stroke's edge that antialiasing thinned).
            closed += open.filter { $0.maxY < y }
            open = next + open.filter { $0.maxY >= y }
        }
        closed += open
        return closed.filter { $0.maxY - $0.y <= thickest }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The runs of dashes on row `y` (and how many dashes each holds): ink pieces a short gap apart, at least `minimumCells`
    /// long, `minimumInk` ink at least (a hyphen is under half its cell), and broken by gaps
    /// between the cells.
    static func dashRuns(row y: Int, in page: PixelImage, cell: Double) -> [(span: Range<Int>, dashes: Int)] {
        var pieces: [Range<Int>] = []
        var x = 0
        let base = y * page.width
        while x < page.width {
            guard page.pixels[base + x] < PageStrips.inkThreshold else { x += 1; continue }
            let start = x
            while x < page.width, page.pixels[base + x] < PageStrips.inkThreshold { x += 1 }
            pieces.append(start..<x)
        }
        var runs: [[Range<Int>]] = []
        for piece in pieces {
            if let last = runs.last?.last, Double(piece.lowerBound - last.upperBound) <= dashGap * cell {
                runs[runs.count - 1].append(piece)
            } else {
                runs.append([piece])
            }
        }
        return runs.compactMap { run in
            let span = run.first!.lowerBound..<run.last!.upperBound
            let ink = run.reduce(0) { $0 + $1.count }
            // Dashes: several pieces, none longer than a few cells (a drawn line is one piece).
            guard Double(span.count) >= Double(minimumCells) * cell, Double(ink) >= minimumInk * Double(span.count), run.count >= minimumCells,
                  Double(run.map(\.count).max() ?? 0) <= 2.5 * cell else { return nil }
            return (span, run.count)
        }
    }

    /// Blank rows a little above and below `band` (strokes crossing it aside: under a third of
    /// its columns inked).
    static func isolated(_ band: Band, lineHeight: Double, in page: PixelImage) -> Bool {
        let reach = max(2, Int(0.25 * lineHeight))
        for y in Array((band.y - reach)..<(band.y - 1)) + Array((band.maxY + 1)..<(band.maxY + reach)) {
            guard y >= 0, y < page.height else { continue }
            let inked = (band.x..<band.maxX).filter { page.pixels[y * page.width + $0] < PageStrips.inkThreshold }.count
            if 3 * inked > band.maxX - band.x { return false }
        }
        return true
    }
}
