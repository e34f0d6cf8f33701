/// Characters of terminal text read by their neighbours rather than by their pixels: DejaVu Sans
/// Mono's dotted zero is read `O` or `@` after a letter (`/dev/nvmeOn1p2`, `nvme@n1p1`, `pts/O`), its `1` is read `l`
/// among letters (`/dev/sdal`, `nvme0nlp2`), while the same glyphs read right in the numbers
/// around them (`201G`, `61M`, `00:01:17`). A monospace font draws a character the same wherever
/// it stands (a terminal puts each in a whole pixel cell), so the pixels settle it:
/// - a glyph read `O` with ink in the middle of its ring is a zero (a dotted or slashed one; the
///   letter is hollow);
/// - a glyph read `L` before lowercase letters whose top has a serif on the left of its stem only
///   is an `l` (`Livetextd`): an L has no serif there or one on both sides;
/// - the glyphs of characters that look alike (`1`, `l`, `I`, `|`; `0`, `O`, `@`) with the same pixels
///   (`sameness`) are one character: the one most of them are read as (`majority`, two of them
///   at least), which the others take.
///
/// Applied to the words of monospace blocks only, each character looked for in its cell
/// (`MonospaceJoining`'s cell width) where the word is as many cells wide as it has characters.
enum MonospaceGlyphs {
    /// Characters one font may draw alike, as groups: only a glyph read as one of a group is
    /// compared with the others read as one of it.
    static let lookalikes: [Set<Character>] = [["1", "l", "I", "|"], ["0", "O", "@"]]
    /// A pixel darker than this is ink (the prepared page is dark text on white).
    static let ink: UInt8 = 128
    /// Two glyphs whose pixels differ by at most this share of their ink (the best of shifts of a
    /// pixel each way) are the same: a character a terminal draws twice differs by 0-3 %, `1` and
    /// `l` of Noto Sans Mono at 10 px by 11 %, of DejaVu Sans Mono by 25 % and more.
    static let sameness = 0.05
    /// At most this many glyphs of a page are compared (a terminal full of numbers holds thousands).
    static let maximumCompared = 4000
    /// The share of a group's glyphs that must be read as one character for all to be it.
    static let majority = 2.0 / 3.0
    /// A word whose width is further than this (in cells) from its characters' cells is misread
    /// by a character or more: its characters are not where their cells say.
    static let widthTolerance = 0.6
    /// The share of a glyph's width and height left out around its middle when looking for a
    /// zero's dot or slash.
    static let rim = 0.35

    /// A character of a word: where it is among `blocks` and its glyph on the page.
    struct Glyph {
        var block: Int, line: Int, word: Int, index: Int
        var character: Character
        /// Its ink on the prepared page, and its place in the original image.
        var bounds: Bounds, original: Bounds
    }

    /// The image the prepared page was made from, and how a rectangle of the page maps onto it:
    /// glyphs are compared there, in the pixels the terminal drew (enlarged, a glyph drawn twice
    /// differs by the phase of its resampling, as much as `1` from `l`).
    struct Original {
        var image: PixelImage
        var scale: Double
        var unscaled: (Bounds) -> Bounds
    }

    /// `blocks` (lines on the prepared `page`) with the lookalike characters of the blocks in
    /// `monospace` read as their pixels say.
    static func corrected(_ blocks: [[RecognizedLine]], monospace: Set<Int>, cell: Double, in page: PixelImage,
                          original: Original?) -> [[RecognizedLine]] {
        guard cell >= 4, page.format == .gray8, !monospace.isEmpty else { return blocks }
        var glyphs: [Glyph] = []
        for b in monospace.sorted() where b < blocks.count {
            for (l, line) in blocks[b].enumerated() {
                for (w, word) in line.words.enumerated() {
                    let characters = Array(word.text)
                    // A capital L is judged only before lowercase letters (`Livetextd`).
                    let capital = characters.first == "L" && characters.count > 1
                        && characters.dropFirst().allSatisfy { !$0.isLetter || $0.isLowercase }
                    let judged = { (i: Int) in (i == 0 && capital) || lookalikes.contains { $0.contains(characters[i]) } }
                    guard characters.indices.contains(where: judged),
                          abs(Double(word.bounds.width) - (Double(characters.count) - 0.3) * cell) <= widthTolerance * cell
                    else { continue }
                    for (i, character) in characters.enumerated() where judged(i) {
                        guard let bounds = glyph(at: i, of: word, characters: characters.count, cell: cell, in: page) else { continue }
                        glyphs.append(Glyph(block: b, line: l, word: w, index: i, character: character, bounds: bounds,
                                            original: original?.unscaled(bounds) ?? bounds))
                    }
                }
            }
        }
        guard !glyphs.isEmpty else { return blocks }
        // A ring with ink inside is a zero.
        for g in glyphs.indices where glyphs[g].character == "O" && hasInkInside(glyphs[g].bounds, in: page) {
            glyphs[g].character = "0"
        }
        // An L with a serif to the left of its stem's top and none to the right is an l.
        for g in glyphs.indices where glyphs[g].character == "L" && hasLeftSerifOnly(glyphs[g].bounds, in: page) {
            glyphs[g].character = "l"
        }
        // The same pixels, the same character.
        var groups: [[Int]] = []
        let patches = original.map { original in
            glyphs.prefix(maximumCompared).map { Patch($0.original, cell: cell / original.scale, in: original.image) }
        } ?? []
        for g in patches.indices {
            let family = lookalikes.first { $0.contains(glyphs[g].character) }
            if let group = groups.firstIndex(where: { group in
                family?.contains(glyphs[group[0]].character) == true && difference(patches[group[0]], patches[g]) <= sameness
            }) {
                groups[group].append(g)
            } else {
                groups.append([g])
            }
        }
        for group in groups where group.count >= 3 {
            var counts: [Character: Int] = [:]
            for g in group { counts[glyphs[g].character, default: 0] += 1 }
            guard let (reading, count) = counts.max(by: { $0.value < $1.value }),
                  count >= 2, Double(count) >= majority * Double(group.count) else { continue }
            for g in group { glyphs[g].character = reading }
        }
        var blocks = blocks
        for glyph in glyphs {
            var words = blocks[glyph.block][glyph.line].words
            var characters = Array(words[glyph.word].text)
            guard characters[glyph.index] != glyph.character else { continue }
            characters[glyph.index] = glyph.character
            words[glyph.word].text = String(characters)
            blocks[glyph.block][glyph.line] = RecognizedLine(bounds: blocks[glyph.block][glyph.line].bounds, words: words)
        }
        return blocks
    }

    /// The ink of the character at `index` of `word`'s `characters`: the run of inked columns at
    /// (or nearest) the middle of its cell, within a cell and a bit of it, over the word's rows;
    /// nil where there is none or the run is wider than a cell (glyphs that touch).
    static func glyph(at index: Int, of word: RecognizedWord, characters: Int, cell: Double, in page: PixelImage) -> Bounds? {
        let box = word.bounds
        let center = Double(box.x) + Double(box.width) / 2 + (Double(index) + 0.5 - Double(characters) / 2) * cell
        let x0 = max(0, Int(center - 0.6 * cell)), x1 = min(page.width, Int(center + 0.6 * cell) + 1)
        let y0 = max(0, box.y), y1 = min(page.height, box.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        var runs: [(from: Int, to: Int)] = []
        for x in x0..<x1 where (y0..<y1).contains(where: { page.pixels[$0 * page.width + x] < ink }) {
            if let last = runs.last, last.to == x - 1 {
                runs[runs.count - 1].to = x
            } else {
                runs.append((x, x))
            }
        }
        let distance = { (run: (from: Int, to: Int)) -> Double in
            Double(run.from) <= center && center <= Double(run.to + 1) ? 0 : min(abs(Double(run.from) - center), abs(Double(run.to + 1) - center))
        }
        guard let run = runs.min(by: { distance($0) < distance($1) }), Double(run.to - run.from + 1) <= cell else { return nil }
        let rows = (y0..<y1).filter { y in (run.from...run.to).contains { page.pixels[y * page.width + $0] < ink } }
        guard let top = rows.first, let bottom = rows.last else { return nil }
        return Bounds(x: run.from, y: top, width: run.to - run.from + 1, height: bottom - top + 1)
    }

    /// Whether the middle of `glyph` (its `rim` left out all round) holds ink: a zero's dot or slash.
    static func hasInkInside(_ glyph: Bounds, in page: PixelImage) -> Bool {
        let dx = Int((rim * Double(glyph.width)).rounded()), dy = Int((rim * Double(glyph.height)).rounded())
        let xs = (glyph.x + dx)..<(glyph.maxX - dx), ys = (glyph.y + dy)..<(glyph.maxY - dy)
        guard !xs.isEmpty, !ys.isEmpty else { return false }
        return ys.contains { y in xs.contains { page.pixels[y * page.width + $0] < ink } }
    }

    /// Whether `glyph` is a stem with a serif to the left of its top and none to the right: the
    /// ink of its top rows reaches further left than the stem in its middle rows does (a sixth of
    /// the glyph's width, a pixel at least), and no further right. An `l` may be drawn so (DejaVu
    /// Sans Mono, Courier), an `L` never: it has no serif or one on both sides.
    static func hasLeftSerifOnly(_ glyph: Bounds, in page: PixelImage) -> Bool {
        func inkExtent(_ rows: Range<Int>) -> (left: Int, right: Int)? {
            var extent: (left: Int, right: Int)?
            for y in rows {
                for x in glyph.x..<glyph.maxX where page.pixels[y * page.width + x] < ink {
                    extent = (min(extent?.left ?? x, x), max(extent?.right ?? x, x))
                }
            }
            return extent
        }
        let h = Double(glyph.height)
        guard glyph.height >= 6,
              let top = inkExtent(glyph.y..<(glyph.y + max(1, Int(0.2 * h)))),
              let stem = inkExtent((glyph.y + Int(0.4 * h))..<(glyph.y + Int((0.6 * h).rounded(.up))))
        else { return false }
        let reach = max(1, Int((Double(glyph.width) / 6).rounded()))
        return top.left <= stem.left - reach && top.right <= stem.right + 1
    }

    /// A glyph's cell in the image it was drawn in: a cell wide about its ink, from its top, a row
    /// taller than the glyph, with a pixel of margin all round (for shifts); each pixel as its
    /// distance from the cell's background (the grey most of its left and right edges have: the
    /// glyph stands in the middle of a wider cell), the background outside the image.
    struct Patch {
        var glyph: Bounds
        var width: Int, rows: Int
        var values: [Int]
        /// The ink of the glyph's rows (all but the margin): two glyphs whose ink differs by more
        /// than `sameness` of both differ by that much at least, whatever the shift.
        var ink = 0

        init(_ glyph: Bounds, cell: Double, in image: PixelImage) {
            self.glyph = glyph
            width = Int(cell.rounded(.up)) + 2
            rows = glyph.height + 3
            let x0 = glyph.x + glyph.width / 2 - Int(cell.rounded(.up)) / 2 - 1, y0 = glyph.y - 1
            var greys = [Int?](repeating: nil, count: width * rows)
            for dy in 0..<rows {
                let y = y0 + dy
                guard y >= 0, y < image.height else { continue }
                for dx in 0..<width {
                    let x = x0 + dx
                    guard x >= 0, x < image.width else { continue }
                    if image.format == .rgba8 {
                        let i = 4 * (y * image.width + x)
                        greys[dy * width + dx] = (299 * Int(image.pixels[i]) + 587 * Int(image.pixels[i + 1])
                            + 114 * Int(image.pixels[i + 2])) / 1000
                    } else {
                        greys[dy * width + dx] = Int(image.pixels[y * image.width + x])
                    }
                }
            }
            var counts = [Int](repeating: 0, count: 256)
            for dy in 1..<(rows - 1) {
                for dx in [1, width - 2] { if let grey = greys[dy * width + dx] { counts[grey] += 1 } }
            }
            let background = counts.indices.max { counts[$0] < counts[$1] } ?? 255
            values = greys.map { abs(($0 ?? background) - background) }
            for dy in 1...glyph.height { for dx in 1..<(width - 1) { ink += values[dy * width + dx] } }
        }
    }

    /// How much glyphs `a` and `b` differ: their cells' pixels compared one by one (over the taller
    /// glyph's rows), as a share of both glyphs' ink; the least over shifts of a pixel each way;
    /// infinite for glyphs of different heights or widths, or cells of other widths.
    static func difference(_ a: Patch, _ b: Patch) -> Double {
        guard abs(a.glyph.height - b.glyph.height) <= 1, abs(a.glyph.width - b.glyph.width) <= 1, a.width == b.width,
              Double(abs(a.ink - b.ink)) <= sameness * Double(a.ink + b.ink)
        else { return .infinity }
        let width = a.width, height = max(a.glyph.height, b.glyph.height)
        var ink = 0
        for dy in 1...height {
            for dx in 1..<(width - 1) { ink += a.values[dy * width + dx] + b.values[dy * width + dx] }
        }
        guard ink > 0 else { return .infinity }
        var best = Int.max
        for sx in -1...1 {
            for sy in -1...1 {
                var sum = 0
                for dy in 1...height {
                    let rowA = dy * width, rowB = (dy + sy) * width + sx
                    for dx in 1..<(width - 1) { sum += abs(a.values[rowA + dx] - b.values[rowB + dx]) }
                }
                best = min(best, sum)
            }
        }
        return Double(best) / Double(ink)
    }

    /// `difference` of the glyphs at `a` and `b` in `image`, cells `cell` wide.
    static func difference(_ a: Bounds, _ b: Bounds, cell: Double, in image: PixelImage) -> Double {
        difference(Patch(a, cell: cell, in: image), Patch(b, cell: cell, in: image))
    }
}
