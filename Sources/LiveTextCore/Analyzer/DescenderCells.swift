extension ImageAnalyzer {
    /// At most this many cells are read again for their descenders in one image.
    static let maximumDescenderCells = 8

    /// `blocks` with the cells of `tables` whose ink reaches below the line where their reading
    /// has nothing that does (`DescenderLetters`) read again alone with the recognizer's
    /// alternatives, the level letter under the descent made the descending one it weighed
    /// (`hannah@lindavist.se` → `hannah@lindqvist.se`); `blocks` themselves when no cell is such.
    /// The test is on the cell's own pixels (no OCR); only the few cells it finds are read.
    func readingDescenders(of blocks: [TextBlock], tables: [TextTable], in image: PixelImage,
                           configuration: Configuration, flag: CancellationFlag) async throws -> [TextBlock] {
        let words = blocks.flatMap(\.lines).flatMap(\.words)
        let cells = tables.flatMap(\.rows).flatMap { $0 }.filter { $0.text.contains(where: DescenderLetters.level.contains) }
        let suspects = try await BlockingWork.run {
            cells.compactMap { cell -> (region: Bounds, words: [TextWord])? in
                let held = words.filter { UnsureCells.holds(cell.bounds, $0) }
                guard !held.isEmpty else { return nil }
                let hull = held.map(\.bounds).union
                let pad = max(2, hull.height / 3)
                let region = Bounds(x: hull.x - pad, y: hull.y - pad, width: hull.width + 2 * pad, height: hull.height + 2 * pad)
                    .clamped(width: image.width, height: image.height)
                let ink = DescenderLetters.inkOnWhite(image.cropped(to: region))
                let descends = held.contains { word in
                    !DescenderLetters.unexplained(word.text, in: word.bounds.moved(x: -region.x, y: -region.y), on: ink).isEmpty
                }
                return descends ? (region, held) : nil
            }.prefix(Self.maximumDescenderCells)
        }
        guard !suspects.isEmpty else { return blocks }
        var options = configuration.preprocessing
        options.readLargeTextApart = false
        let preprocessor = ScreenTextPreprocessor(options: options)
        let languages = try engines.planLanguages(configuration.languages).primary
        var blocks = blocks
        for suspect in suspects {
            try flag.check()
            let prepared = try await BlockingWork.run { preprocessor.prepare(image.cropped(to: suspect.region)) }
            let page = prepared.recognitionPage
            let whole = Bounds(x: 0, y: 0, width: prepared.image.width, height: prepared.image.height)
            let engine = try await pool.checkOut(languages)
            let found = try await run({ try $0.readLineWithAlternatives(in: page, region: whole, cancellation: flag) }, on: engine)
                .map { DescenderLetters.corrected($0, on: prepared.image) }
            let recognized = RecognizedPage(blocks: [RecognizedBlock(bounds: whole, lines: [RecognizedLine(bounds: whole, words: found)])])
            let read = TextLayoutAssembler().assemble(recognized, prepared: prepared)
                .map { $0.moved(x: suspect.region.x, y: suspect.region.y) }.flatMap(\.lines).flatMap(\.words)
            guard DescenderLetters.onlyDescends(read.map(\.text), from: suspect.words.map(\.text)) else { continue }
            blocks = UnsureCells.replaced(blocks, cell: suspect.words.map(\.bounds).union, with: read)
        }
        return blocks
    }
}
