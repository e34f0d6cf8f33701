/// Turns a recognizer's raw page into the analysis' blocks: original coordinates, junk removed,
/// reading order.
public struct TextLayoutAssembler: Sendable {
    /// Words below this confidence are dropped when they hold no letter or digit.
    public var minimumSymbolConfidence: Double = 60
    /// Words below this confidence are dropped whatever they hold, unless they hold a letter or
    /// digit and sit between kept words of their line: tesseract gives 0 to the parts of an
    /// identifier joined by underscores (`negative_offsets_round_down`) that it reads apart.
    public var minimumWordConfidence: Double = 15
    /// Lines whose mean confidence is below this are dropped (border debris, cut lines).
    public var minimumLineConfidence: Double = 35
    /// The parts of the image read apart (windows), in original coordinates.
    public var regions = ContentRegions()
    /// The image the pages were prepared from, when it is at hand: monospace glyphs are compared
    /// in its pixels (`MonospaceGlyphs`).
    public var original: PixelImage?

    public init(regions: ContentRegions = ContentRegions(), original: PixelImage? = nil) {
        self.regions = regions
        self.original = original
    }

    public func assemble(_ page: RecognizedPage, prepared: PreparedImage) -> [TextBlock] {
        assemble([(page, prepared)])
    }

    /// Pages read from one image (the page, and its large text read apart at other scales), as
    /// one: each mapped back through its own scale, then ordered together. Where the image was
    /// turned to level tilted text, lines, rows and reading order are found on the turned page,
    /// where the text is level, and the words then go back onto the image as quads.
    public func assemble(_ pages: [(page: RecognizedPage, prepared: PreparedImage)]) -> [TextBlock] {
        guard let first = pages.first?.prepared else { return [] }
        let blocks = pages.flatMap { kept($0.page, prepared: $0.prepared) }
        guard let rotation = first.rotation else { return ordered(blocks, regions: regions, height: first.originalHeight) }
        return ordered(blocks, regions: ContentRegions(), height: rotation.height).map {
            $0.turnedBack(rotation, width: first.originalWidth, height: first.originalHeight)
        }
    }

    /// Blocks dropped at the image's edge, split into paragraphs, rows joined, in reading order.
    private func ordered(_ blocks: [TextBlock], regions: ContentRegions, height: Int) -> [TextBlock] {
        let whole = CutLines.dropped(from: blocks, imageHeight: height)
        // Rows are joined and ordered within each part; the parts follow one another.
        return regions.grouped(whole.flatMap(ParagraphSplitting.split)).flatMap { ReadingOrder.sorted(RowAlignment.merged($0)) }
    }

    /// `page`'s blocks worth keeping, in the pixels of the page before it was scaled (the turned
    /// page, when it was turned; else the image).
    private func kept(_ page: RecognizedPage, prepared: PreparedImage) -> [TextBlock] {
        var blocks = [TextBlock]()
        // Each line's words worth keeping, nil for a line that is junk as a whole.
        let keptLines = page.blocks.map { block in
            block.lines.map { line in
                keptWords(of: line).flatMap { WidgetMarks.removed(from: RecognizedLine(bounds: line.bounds, words: $0), in: prepared.image) }
            }
        }
        let cell = MonospaceJoining.cellWidth(of: keptLines.joined().compactMap { $0 }.flatMap(\.words))
        var monospace = Set<Int>()
        var pageLines = zip(page.blocks, keptLines).enumerated().map { index, pair -> [RecognizedLine] in
            let (block, lines) = pair
            var kept = lines.compactMap { $0 }
            if let cell, MonospaceJoining.fit(kept.flatMap(\.words), cell: cell) {
                monospace.insert(index)
                // A line read unsurely only because the recognizer broke its one token apart
                // (`sam.` `lee@example.org`, both at 10) is that token.
                kept = zip(block.lines, lines).compactMap { raw, line in
                    line.map { MonospaceJoining.joined($0, cell: cell, in: prepared.image) }
                        ?? MonospaceJoining.token(trimmed(raw), cell: cell, in: prepared.image)
                }.map(SlashedZeros.corrected).map(HexMisreads.corrected).map(StraightQuotes.corrected)
                .map { DoubledUnderscores.corrected($0, cell: cell) }
            }
            return kept
        }
        var languages = page.blocks.map(\.language)
        if let cell {
            // Lookalike characters (`0` `O`, `1` `l`) read as their pixels say.
            let original = self.original.flatMap { image -> MonospaceGlyphs.Original? in
                guard prepared.rotation == nil, image.width == prepared.originalWidth, image.height == prepared.originalHeight
                else { return nil }
                return MonospaceGlyphs.Original(image: image, scale: prepared.scaleX, unscaled: prepared.unscaledBounds)
            }
            pageLines = MonospaceGlyphs.corrected(pageLines, monospace: monospace, cell: cell, in: prepared.image, original: original)
            // Rules drawn with characters: `-----`, `=====`, `+----+` (a block of rules alone has no language).
            pageLines = MonospaceRules.withRules(pageLines, cell: cell, in: prepared.image)
            languages += Array(repeating: nil, count: max(0, pageLines.count - languages.count))
        }
        for (kept, language) in zip(pageLines, languages) {
            let lines = kept.compactMap { line -> TextLine? in
                let words = line.words.compactMap { word -> TextWord? in
                    let bounds = prepared.unscaledBounds(of: word.bounds)
                    return bounds.isEmpty ? nil : TextWord(text: word.text, bounds: bounds, confidence: word.confidence)
                }
                return words.isEmpty ? nil : TextLine(words: words)
            }
            guard !lines.isEmpty else { continue }
            var assembled = TextBlock(lines: lines)
            assembled.language = language
            blocks.append(assembled)
        }
        return blocks
    }

    /// The line's words worth keeping, their text trimmed; nil when the line is junk as a whole.
    private func keptWords(of line: RecognizedLine) -> [RecognizedWord]? {
        let texts = line.words.map { MicroSign.inGreekWords($0.text.trimmingWhitespace()) }
        let kept = zip(texts, line.words).map { keeps(text: $0, confidence: $1.confidence) }
        let confident = zip(line.words, kept).filter { $1 }.map(\.0)
        guard let first = kept.firstIndex(of: true), let last = kept.lastIndex(of: true),
              confident.reduce(0, { $0 + $1.confidence }) / Double(confident.count) >= minimumLineConfidence
        else { return nil }
        let heights = confident.map(\.bounds.height).sorted()
        let lineHeight = heights[heights.count / 2]
        // Before the first kept word or after the last: the pieces tesseract read apart (at 0) of
        // a token at the line's edge (`(Decimal('18342.50'),`, read as `(Decimal` `('18342.50'),`),
        // each at most a space from the next toward the kept words.
        let readApart = { (at: Int, next: Int) -> Bool in
            let (left, right) = at < next ? (line.words[at], line.words[next]) : (line.words[next], line.words[at])
            return line.words[at].confidence < 1 && Self.hasAlphanumeric(texts[at]) && right.bounds.x - left.bounds.maxX <= lineHeight
        }
        var (from, to) = (first, last)
        while from > 0, readApart(from - 1, from) { from -= 1 }
        while to < line.words.count - 1, readApart(to + 1, to) { to += 1 }
        let words = line.words.indices.compactMap { index -> RecognizedWord? in
            let word = line.words[index], text = texts[index]
            let vouchedFor = (from...to).contains(index) && Self.hasAlphanumeric(text)
                && word.bounds.height <= 2 * lineHeight  // taller: table rules or an icon, more than text
            guard kept[index] || vouchedFor else { return nil }
            return RecognizedWord(text: text, bounds: word.bounds, confidence: word.confidence)
        }
        return words.isEmpty ? nil : words
    }

    /// `line` with its words' text trimmed, the empty ones left out.
    private func trimmed(_ line: RecognizedLine) -> RecognizedLine {
        RecognizedLine(bounds: line.bounds, words: line.words.compactMap { word in
            let text = word.text.trimmingWhitespace()
            return text.isEmpty ? nil : RecognizedWord(text: text, bounds: word.bounds, confidence: word.confidence)
        })
    }

    func keeps(text: String, confidence: Double) -> Bool {
        guard !text.isEmpty else { return false }
        if confidence < minimumWordConfidence { return false }
        if !Self.hasAlphanumeric(text) && confidence < minimumSymbolConfidence { return false }
        return true
    }

    static func hasAlphanumeric(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
