/// The cells of a table the page's reading passed over: a column of single digits (`Qty`,
/// `Users`), a lone `—` or `1`. The page's layout takes such small, isolated ink for specks; in a
/// table they are cells. Where a table was found, ink inside it that no word covers is gathered
/// into pieces (glyphs a row apart side by side) and each piece is read alone as one line, as the
/// line under the pointer is; what reads as text joins the row it stands in.
enum ShortCells {
    /// At most this many pieces are read in one image (each is an OCR call of a few milliseconds).
    static let maximumPieces = 48

    /// The pieces of ink in `table` (its bounds in `image`) that none of `words` covers: glyph
    /// boxes of about the height of the table's words, joined when they are near on one row.
    static func unreadPieces(of table: TextTable, words: [Bounds], in image: PixelImage,
                             preprocessor: ScreenTextPreprocessor) -> [Bounds] {
        let area = table.bounds.clamped(width: image.width, height: image.height)
        guard area.width > 4, area.height > 4 else { return [] }
        let heights = words.filter { $0.intersection(area).area > 0 }.map(\.height).sorted()
        guard !heights.isEmpty else { return [] }
        let height = heights[heights.count / 2]
        let prepared = preprocessor.prepare(image.cropped(to: area))
        let glyphs = TextHeightEstimator().glyphBoxes(of: prepared.image).map {
            prepared.unscaledBounds(of: $0).moved(x: area.x, y: area.y)
        }
        let covered = words.map { Bounds(x: $0.x - 2, y: $0.y - 2, width: $0.width + 4, height: $0.height + 4) }
        let unread = glyphs.filter { glyph in
            // About a glyph of the table's text: not a speck, not a rule, not a row's frame.
            Double(glyph.height) >= 0.45 * Double(height) && Double(glyph.height) <= 1.6 * Double(height)
                && glyph.width <= 3 * height && !covered.contains { $0.intersection(glyph).area > 0 }
        }
        // Side by side on one row, a short gap apart: one piece.
        var pieces: [Bounds] = []
        for glyph in unread.sorted(by: { ($0.x, $0.y) < ($1.x, $1.y) }) {
            if let index = pieces.lastIndex(where: { piece in
                let overlap = min(piece.maxY, glyph.maxY) - max(piece.y, glyph.y)
                return Double(overlap) >= 0.5 * Double(min(piece.height, glyph.height))
                    && Double(glyph.x - piece.maxX) <= 0.6 * Double(height)
            }) {
                pieces[index] = pieces[index].union(glyph)
            } else {
                pieces.append(glyph)
            }
        }
        return pieces
    }

    /// `blocks` with each of `lines` (read alone) put into the line of the row it stands in, among
    /// that line's words by where they are; a line no row holds is a block of its own.
    static func merged(_ lines: [TextLine], into blocks: [TextBlock]) -> [TextBlock] {
        var blocks = blocks
        var alone: [TextBlock] = []
        for line in lines {
            // The line of the row: its middle within a quarter of a height, nearest on the left.
            var best: (block: Int, line: Int, distance: Int)?
            for (b, block) in blocks.enumerated() {
                for (l, candidate) in block.lines.enumerated() {
                    let height = Double(min(candidate.bounds.height, line.bounds.height))
                    guard abs(candidate.bounds.midY - line.bounds.midY) <= 0.25 * height else { continue }
                    let distance = line.bounds.x >= candidate.bounds.maxX ? line.bounds.x - candidate.bounds.maxX
                        : candidate.bounds.x >= line.bounds.maxX ? candidate.bounds.x - line.bounds.maxX + 1 : 0
                    if best == nil || distance < best!.distance { best = (b, l, distance) }
                }
            }
            guard let best else {
                alone.append(TextBlock(lines: [line]))
                continue
            }
            let old = blocks[best.block].lines[best.line]
            // A piece read twice (two glyph boxes of one character) is one word.
            let new = line.words.filter { word in
                !old.words.contains { 2 * $0.bounds.intersection(word.bounds).area >= min($0.bounds.area, word.bounds.area) }
            }
            guard !new.isEmpty else { continue }
            var lines = blocks[best.block].lines
            lines[best.line] = TextLine(words: (old.words + new).sorted { $0.bounds.x < $1.bounds.x })
            let language = blocks[best.block].language
            blocks[best.block] = TextBlock(lines: lines)
            blocks[best.block].language = language
        }
        return blocks + alone
    }
}

extension ImageAnalyzer {
    /// `blocks` with the short cells of their tables (`ShortCells`) read and put in their rows;
    /// `blocks` themselves when there is no table or nothing was passed over.
    func readingShortCells(of blocks: [TextBlock], in image: PixelImage, configuration: Configuration,
                           flag: CancellationFlag) async throws -> [TextBlock] {
        let tables = TableFinder.tables(in: blocks, regions: configuration.regions)
        guard !tables.isEmpty else { return blocks }
        var options = configuration.preprocessing
        options.readLargeTextApart = false
        let preprocessor = ScreenTextPreprocessor(options: options)
        let words = blocks.flatMap(\.lines).flatMap(\.words).map(\.bounds)
        let pieces = try await BlockingWork.run {
            tables.flatMap { ShortCells.unreadPieces(of: $0, words: words, in: image, preprocessor: preprocessor) }
                .prefix(ShortCells.maximumPieces)
        }
        guard !pieces.isEmpty else { return blocks }
        var read: [TextLine] = []
        let languages = try engines.planLanguages(configuration.languages).primary
        for piece in pieces {
            try flag.check()
            read += try await readingAlone(piece, in: image, preprocessor: preprocessor, languages: languages, flag: flag)
        }
        return read.isEmpty ? blocks : ShortCells.merged(read, into: blocks)
    }

    /// The lines read in `ink` (with a little room around it, as a line has) alone, as one line
    /// (tesseract's single-line mode, as the line under the pointer is), in the image's pixels.
    func readingAlone(_ ink: Bounds, in image: PixelImage, preprocessor: ScreenTextPreprocessor, languages: LanguageSet,
                      flag: CancellationFlag) async throws -> [TextLine] {
        let pad = max(2, ink.height / 3)
        let region = Bounds(x: ink.x - pad, y: ink.y - pad, width: ink.width + 2 * pad, height: ink.height + 2 * pad)
            .clamped(width: image.width, height: image.height)
        let prepared = try await BlockingWork.run { preprocessor.prepare(image.cropped(to: region)) }
        let page = prepared.recognitionPage
        let whole = Bounds(x: 0, y: 0, width: prepared.image.width, height: prepared.image.height)
        let engine = try await pool.checkOut(languages)
        let found = try await run({ try $0.readLine(in: page, region: whole, cancellation: flag) }, on: engine)
        guard !found.isEmpty else { return [] }
        let recognized = RecognizedPage(blocks: [RecognizedBlock(bounds: whole, lines: [RecognizedLine(bounds: whole, words: found)])])
        return TextLayoutAssembler().assemble(recognized, prepared: prepared).map { $0.moved(x: region.x, y: region.y) }.flatMap(\.lines)
    }
}
