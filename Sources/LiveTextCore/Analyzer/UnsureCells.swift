/// The cells of a table the page's reading was unsure of: `pts/O` for `pts/0`, `27TB` for `2 TB`,
/// `W/1` for `1/1`. Read with the page's layout, a cell's glyphs are judged among its row's; read
/// alone as one line (tesseract's single-line mode, as the line under the pointer is), a short
/// cell of a table often comes out right and surer. A cell with a word read below `unsure` is
/// read again so; the new reading replaces the old one only when it is surer by `margin` and
/// keeps the cell's words and characters (`better`).
enum UnsureCells {
    /// Cells holding a word read less surely than this are read again.
    static let unsure = 70.0
    /// A new reading must be this much surer (mean confidence, by length) than the old.
    static let margin = 10.0
    /// At most this many cells are read again in one image (each is an OCR call of a few milliseconds).
    static let maximumCells = 24
    /// The enlargement a cell is read at again when the page's reads it no better: glyphs of a
    /// 14 px monospace font (`pts/0`) read right at three times their size.
    static let largeScale = 3.0
    /// …when it is one word of at most this many characters.
    static let largeLength = 5

    /// The unsure cells of `tables`: their bounds and the words of `words` they hold, top to bottom.
    static func cells(of tables: [TextTable], words: [TextWord]) -> [(bounds: Bounds, words: [TextWord])] {
        // A cell of one character was read alone already (`ShortCells`) or is too short to judge.
        let cells = tables.flatMap(\.rows).flatMap { $0 }.filter { $0.text.count > 1 }
        return cells.compactMap { cell in
            let held = words.filter { holds(cell.bounds, $0) }
            guard !held.isEmpty, held.contains(where: { $0.confidence < unsure }) else { return nil }
            return (cell.bounds, held)
        }.prefix(maximumCells).map { $0 }
    }

    static func holds(_ cell: Bounds, _ word: TextWord) -> Bool {
        let x = word.bounds.x + word.bounds.width / 2
        return x >= cell.x && x <= cell.maxX && word.bounds.midY >= Double(cell.y) && word.bounds.midY <= Double(cell.maxY)
    }

    /// Whether `new` is to replace `old`: surer by `margin`, as many words or more (a space found,
    /// never one lost), and the same characters but for one fewer (a letter read twice): a cell
    /// read alone that loses a word lost ink, one that gains a character took a speck for it.
    static func better(_ new: [TextWord], than old: [TextWord]) -> Bool {
        let length = { (words: [TextWord]) in words.reduce(0) { $0 + $1.text.count } }
        let sureness = { (words: [TextWord]) in TextBlock.meanConfidence(words.map { ($0.text, $0.confidence) }) }
        guard !new.isEmpty, new.map(\.text) != old.map(\.text), new.count >= old.count, !takesLookalike(new, for: old)
        else { return false }
        let (newLength, oldLength) = (length(new), length(old))
        return newLength <= oldLength && newLength + 1 >= oldLength && sureness(new) >= sureness(old) + margin
    }

    /// Whether `new` differs from `old` only where a character of `old` is a letter drawn like it
    /// (`pts/0` read alone as `pts/O`, `sda1` as `sdal`, `livetextd` as `Livetextd`): the page's
    /// reading saw the glyph among others of its kind and its own pixels (`MonospaceGlyphs`), a
    /// cell read alone reads it by its few neighbours.
    static func takesLookalike(_ new: [TextWord], for old: [TextWord]) -> Bool {
        let (a, b) = (Array(new.map(\.text).joined(separator: " ")), Array(old.map(\.text).joined(separator: " ")))
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { n, o in
            n == o || (o == "l" && n == "L")
                || (o.isNumber && MonospaceGlyphs.lookalikes.contains { $0.contains(n) && $0.contains(o) })
        }
    }

    /// `blocks` with the words `cell` holds replaced by `words`, where the first of them was.
    static func replaced(_ blocks: [TextBlock], cell: Bounds, with words: [TextWord]) -> [TextBlock] {
        var placed = false
        return blocks.compactMap { block in
            let lines = block.lines.compactMap { line -> TextLine? in
                guard line.words.contains(where: { holds(cell, $0) }) else { return line }
                var out: [TextWord] = []
                for word in line.words {
                    if !holds(cell, word) {
                        out.append(word)
                    } else if !placed {
                        out += words
                        placed = true
                    }
                }
                return out.isEmpty ? nil : TextLine(words: out)
            }
            return block.replacingLines(with: lines)
        }
    }
}

extension ImageAnalyzer {
    /// `blocks` with the unsure cells of `tables` (`UnsureCells`) read again alone where that
    /// reads them more surely; `blocks` themselves when no cell is unsure.
    func rereadingUnsureCells(of blocks: [TextBlock], tables: [TextTable], in image: PixelImage,
                              configuration: Configuration, flag: CancellationFlag) async throws -> [TextBlock] {
        let cells = UnsureCells.cells(of: tables, words: blocks.flatMap(\.lines).flatMap(\.words))
        guard !cells.isEmpty else { return blocks }
        var options = configuration.preprocessing
        options.readLargeTextApart = false
        // At the page's enlargement, then (when that reads it no better) at `UnsureCells.largeScale`.
        var large = options
        large.forcedScale = UnsureCells.largeScale
        let preprocessors = [ScreenTextPreprocessor(options: options), ScreenTextPreprocessor(options: large)]
        let languages = try engines.planLanguages(configuration.languages).primary
        var blocks = blocks
        for cell in cells {
            // Only a short word (`27TB`, `pts/O`) is read large: longer cells hold monospace zeros
            // that read as `@` enlarged alone (`203.@.113.45`).
            let short = cell.words.count == 1 && cell.words[0].text.count <= UnsureCells.largeLength
            for preprocessor in short ? preprocessors : [preprocessors[0]] {
                try flag.check()
                let words = try await readingAlone(cell.bounds, in: image, preprocessor: preprocessor, languages: languages, flag: flag)
                    .flatMap(\.words)
                guard UnsureCells.better(words, than: cell.words) else { continue }
                blocks = UnsureCells.replaced(blocks, cell: cell.bounds, with: words)
                break
            }
        }
        return blocks
    }
}
