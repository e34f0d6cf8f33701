import Dispatch

extension ImageAnalyzer {
    /// Gives each block of `page` its language, and reads again a block whose text is plainly
    /// in an installed language the page was not read in (`plan.alternatives`), with an engine
    /// of that language, keeping whichever reading is surer. Once a page has such blocks, its
    /// blocks too short or too garbled to tell (a heading, a table of prices, a greeting) are read
    /// again in the page's main one of those languages too, on the same terms. Blocks in the
    /// page's languages cost only a look at their text; a page without a block in another
    /// language, nothing more. Returns the page and the engine time of the new readings.
    func readBlocksInTheirLanguages(_ page: RecognizedPage, on recognition: RecognitionPage, plan: LanguagePlan,
                                    flag: CancellationFlag) async throws -> (RecognizedPage, UInt64) {
        var page = page
        let candidates = Set(plan.primary.names + plan.alternatives).intersection(TextLanguage.known)
        var rereads = [String: [Int]]()
        var undecided = [Int]()
        var weights = [String: Int]()
        for index in page.blocks.indices {
            // The words the layout will keep: debris read as `ã` or `ì` says nothing of a language.
            let text = page.blocks[index].lines.flatMap(\.words).filter { $0.confidence >= Self.minimumWordConfidence }
                .map(\.text).joined(separator: " ")
            let identified = candidates.count > 1 ? TextLanguage.identify(text, among: candidates) : nil
            if let identified { weights[identified, default: 0] += text.count }
            if let identified, plan.alternatives.contains(identified) {
                rereads[identified, default: []].append(index)
            } else if identified == nil {
                undecided.append(index)
            }
            page.blocks[index].language = identified.flatMap { plan.primary.names.contains($0) ? $0 : nil }
                ?? plan.primary.names.first
        }
        guard !rereads.isEmpty else { return (page, 0) }
        // The page's language, when more of its text is plainly in it than in any other: a
        // block or two told wrong on an English page must not have the rest read again.
        if let main = weights.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key,
           plan.alternatives.contains(main) {
            rereads[main, default: []] += undecided
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let blocks = page.blocks
        let readings = try await withThrowingTaskGroup(of: [(Int, RecognizedBlock)].self) { group in
            for (language, indices) in rereads.sorted(by: { $0.key < $1.key }) {
                group.addTask {
                    try await self.read(indices.map { ($0, blocks[$0]) }, in: language, on: recognition, flag: flag)
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let identified = Set(undecided).symmetricDifference(rereads.values.joined())
        for (index, block) in readings {
            let margin = identified.contains(index) ? Self.identifiedMargin : Self.undecidedMargin
            page.blocks[index] = Self.surer(page.blocks[index], block, margin: margin)
        }
        return (page, DispatchTime.now().uptimeNanoseconds - started)
    }

    /// How much less sure (mean word confidence of a line, 0-100) the reading in a block's own
    /// language may be than the first and still be kept: the English model reads `Dziękujemy`
    /// as `Dziekujemy` about as surely (91.7) as the Polish one reads it right (87.6). For a
    /// block whose language was not told apart (read in the page's language), the new reading
    /// must be at least as sure: on the corpus 97.0 % of accented letters right against 97.6 %
    /// with 5, and English lines on a foreign page are safer.
    static let identifiedMargin = 5.0
    /// Words less sure than this (debris, icons) are not looked at to tell a block's language.
    static let minimumWordConfidence = 50.0
    static let undecidedMargin = 0.0

    /// Line by line, the reading in the block's language where it is at most `margin` less sure
    /// than the first (a mail's header reads in German, its address line better in English);
    /// the block's language is the one most of its kept text was read in.
    static func surer(_ first: RecognizedBlock, _ again: RecognizedBlock, margin: Double) -> RecognizedBlock {
        var block = first
        var characters = (first: 0, again: 0)
        for index in block.lines.indices {
            let line = RecognizedBlock(bounds: first.bounds, lines: [again.lines[index]])
            let firstLine = RecognizedBlock(bounds: first.bounds, lines: [first.lines[index]])
            if !line.text.isEmpty, line.meanConfidence >= firstLine.meanConfidence - margin {
                block.lines[index] = again.lines[index]
                characters.again += line.text.count
            } else {
                characters.first += firstLine.text.count
            }
        }
        if characters.again > characters.first { block.language = again.language }
        return block
    }

    /// `blocks` read again with an engine of `language` alone; none when that engine cannot be
    /// had (its data damaged: the first reading stands, and the user hears why once).
    private func read(_ blocks: [(Int, RecognizedBlock)], in language: String, on recognition: RecognitionPage,
                      flag: CancellationFlag) async throws -> [(Int, RecognizedBlock)] {
        let languages = try LanguageSet(language)
        let engine: any TextRecognizer
        do {
            engine = try await pool.checkOut(languages)
        } catch let error as LiveTextError where error.code != .cancelled {
            LanguageNotes.shared.say([error.message + " (reading without it)"])
            return []
        }
        do {
            let read = try await BlockingWork.run {
                defer { engine.finishPage() }
                return try blocks.map { index, block in
                    (index, try Self.read(block, on: recognition, with: engine, flag: flag))
                }
            }
            await pool.checkIn(engine)
            return read.map { index, block in
                var block = block
                block.language = language
                return (index, block)
            }
        } catch {
            await pool.checkIn(engine)
            throw error
        }
    }

    /// The lines of `block` read again, in pieces as the page's first reading cut them (`LineRegions`).
    private static func read(_ block: RecognizedBlock, on page: RecognitionPage, with engine: any TextRecognizer,
                             flag: CancellationFlag) throws -> RecognizedBlock {
        var block = block
        let regions = LineRegions.regions(of: block.lines.map(\.bounds), in: page.image)
        for (index, pieces) in regions.enumerated() {
            block.lines[index].words = try pieces.flatMap { region in
                try engine.readLine(in: page, region: region, cancellation: flag)
            }
        }
        return block
    }
}
