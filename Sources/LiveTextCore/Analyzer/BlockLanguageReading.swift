import Dispatch

extension ImageAnalyzer {
    /// Gives each block of `page` its language, and reads again a block whose text is plainly
    /// in an installed language the page was not read in (`plan.alternatives`), with an engine
    /// of that language, keeping whichever reading is surer. Blocks in the page's languages
    /// cost only a look at their text. Returns the page and the engine time of the new readings.
    func readBlocksInTheirLanguages(_ page: RecognizedPage, on recognition: RecognitionPage, plan: LanguagePlan,
                                    flag: CancellationFlag) async throws -> (RecognizedPage, UInt64) {
        var page = page
        let candidates = Set(plan.primary.names + plan.alternatives).intersection(TextLanguage.known)
        var rereads = [String: [Int]]()
        for index in page.blocks.indices {
            let identified = candidates.count > 1
                ? TextLanguage.identify(page.blocks[index].text, among: candidates) : nil
            if let identified, plan.alternatives.contains(identified) {
                rereads[identified, default: []].append(index)
            }
            page.blocks[index].language = identified.flatMap { plan.primary.names.contains($0) ? $0 : nil }
                ?? plan.primary.names.first
        }
        guard !rereads.isEmpty else { return (page, 0) }
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
        for (index, block) in readings where block.meanConfidence >= page.blocks[index].meanConfidence {
            page.blocks[index] = block
        }
        return (page, DispatchTime.now().uptimeNanoseconds - started)
    }

    /// `blocks` read again with an engine of `language` alone; none when that engine cannot be
    /// had (its data damaged: the first reading stands).
    private func read(_ blocks: [(Int, RecognizedBlock)], in language: String, on recognition: RecognitionPage,
                      flag: CancellationFlag) async throws -> [(Int, RecognizedBlock)] {
        let languages = try LanguageSet(language)
        let engine: any TextRecognizer
        do {
            engine = try await pool.checkOut(languages)
        } catch let error as LiveTextError where error.code != .cancelled {
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
