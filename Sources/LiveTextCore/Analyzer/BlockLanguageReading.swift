import Dispatch
import Foundation

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
        // The words the layout will keep: debris read as `ã` or `ì` says nothing of a language.
        let texts = page.blocks.map { block in
            block.lines.flatMap(\.words).filter { $0.confidence >= Self.minimumWordConfidence }.map(\.text)
                .joined(separator: " ")
        }
        let started = DispatchTime.now().uptimeNanoseconds
        // Each block's language by its words (milliseconds on a full screen), told on another
        // core while other scripts are tried.
        let telling = Task {
            try await BlockingWork.run { texts.map { candidates.count > 1 ? TextLanguage.identify($0, among: candidates) : nil } }
        }
        defer { telling.cancel() }
        // Another script read with a Latin model can look like English (`To`, `and`): the
        // blocks it reads far more surely are its, whatever their words looked like.
        let scripts = try await otherScripts(of: page, plan: plan, on: recognition, flag: flag)
        let told = try await telling.value
        for index in page.blocks.indices {
            if let script = scripts[index] {
                rereads[script, default: []].append(index)
                page.blocks[index].language = plan.primary.names.first
                continue
            }
            let text = texts[index]
            let identified = told[index]
            if let identified { weights[identified, default: 0] += text.count }
            if let identified, plan.alternatives.contains(identified) {
                rereads[identified, default: []].append(index)
            } else if identified == nil {
                undecided.append(index)
            }
            page.blocks[index].language = identified.flatMap { plan.primary.names.contains($0) ? $0 : nil }
                ?? plan.primary.names.first
        }
        guard !rereads.isEmpty else {
            return (page, plan.otherScripts.isEmpty ? 0 : DispatchTime.now().uptimeNanoseconds - started)
        }
        // Blocks read again only where the new reading is at least as sure.
        var atPar = Set(undecided)
        // The page's other script, when it has one: its other unsure blocks (short, or tried
        // and not plainly surer) are read in it too.
        let scriptWeights = scripts.reduce(into: [String: Int]()) { $0[$1.value, default: 0] += texts[$1.key].count }
        if let script = scriptWeights.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key {
            let reread = Set(rereads.values.joined())
            let unsure = page.blocks.indices.filter {
                !reread.contains($0) && page.blocks[$0].meanConfidence < OtherScripts.unsureOnItsPage
            }
            rereads[script, default: []] += unsure
            atPar.formUnion(unsure)
            undecided.removeAll(where: Set(unsure).contains)
        }
        // The page's language, when more of its text is plainly in it than in any other: a
        // block or two told wrong on an English page must not have the rest read again.
        if let main = weights.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key,
           plan.alternatives.contains(main) {
            rereads[main, default: []] += undecided
        }
        let blocks = page.blocks
        let readings = try await withThrowingTaskGroup(of: [(Int, RecognizedBlock)].self) { group in
            for (language, indices) in rereads.sorted(by: { $0.key < $1.key }) {
                group.addTask {
                    try await self.read(indices.map { ($0, blocks[$0]) }, in: language, plan: plan, on: recognition,
                                        flag: flag)
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        for (index, block) in readings {
            let margin = atPar.contains(index) ? Self.undecidedMargin : Self.identifiedMargin
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

    /// `blocks` read again with an engine of `language` (and English after it, when the page was
    /// read in English: the other models read `@` as `G` and drop the mail addresses and links
    /// of a mail's header); none when that engine cannot be had (its data damaged: the first
    /// reading stands, and the user hears why once).
    private func read(_ blocks: [(Int, RecognizedBlock)], in language: String, plan: LanguagePlan,
                      on recognition: RecognitionPage, flag: CancellationFlag) async throws -> [(Int, RecognizedBlock)] {
        let names = plan.primary.names.contains("eng") ? [language, "eng"] : [language]
        let read = try await withEngine(try LanguageSet(names.joined(separator: "+"))) { engine in
            try blocks.map { index, block in
                var block = try Self.read(block, on: recognition, with: engine, flag: flag)
                block.language = language
                return (index, block)
            }
        }
        return read ?? []
    }

    /// `body` run off the cooperative pool with an engine of `languages`, checked out and back in;
    /// nil when that engine cannot be had (its data damaged: said once).
    private func withEngine<T: Sendable>(_ languages: LanguageSet,
                                         _ body: @escaping @Sendable (any TextRecognizer) throws -> T) async throws -> T? {
        let engine: any TextRecognizer
        do {
            engine = try await pool.checkOut(languages)
        } catch let error as LiveTextError where error.code != .cancelled {
            LanguageNotes.shared.say([error.message + " (reading without it)"])
            return nil
        }
        return try await run(body, on: engine)
    }

    /// `body` run off the cooperative pool on `engine` (checked out of the pool), which goes back
    /// in whatever happens.
    func run<T: Sendable>(_ body: @escaping @Sendable (any TextRecognizer) throws -> T,
                          on engine: any TextRecognizer) async throws -> T {
        do {
            let result = try await BlockingWork.run {
                defer { engine.finishPage() }
                return try body(engine)
            }
            await pool.checkIn(engine)
            return result
        } catch {
            await pool.checkIn(engine)
            throw error
        }
    }

    /// The blocks of `page` that a language of another script (`plan.otherScripts`) reads far
    /// more surely than the first reading, with that language. Only unsure blocks are tried,
    /// each by its longest line, in every such language at once; a page whose blocks are all
    /// sure costs nothing.
    private func otherScripts(of page: RecognizedPage, plan: LanguagePlan, on recognition: RecognitionPage,
                              flag: CancellationFlag) async throws -> [Int: String] {
        guard !plan.otherScripts.isEmpty else { return [:] }
        let letters = { (line: RecognizedLine) in line.words.reduce(0) { $0 + $1.text.filter(\.isLetter).count } }
        let probes: [(block: Int, line: Int)] = page.blocks.indices.compactMap { index -> (Int, Int)? in
            let block = page.blocks[index]
            guard block.meanConfidence < OtherScripts.suspiciousConfidence,
                  let line = block.lines.indices.max(by: { letters(block.lines[$0]) < letters(block.lines[$1]) }),
                  letters(block.lines[line]) >= 4 else { return nil }
            return (index, line)
        }
        .sorted { letters(page.blocks[$0.0].lines[$0.1]) > letters(page.blocks[$1.0].lines[$1.1]) }
        .prefix(OtherScripts.maximumProbes).map { $0 }
        guard !probes.isEmpty else { return [:] }
        let blocks = page.blocks
        // One language a script first (the Cyrillic ones read each other's text almost as surely).
        let first = try await read(probes, of: blocks, in: OtherScripts.representatives(among: plan.otherScripts),
                                   on: recognition, flag: flag)
        var found = [Int: String]()
        var won = [Int: String]()
        for (number, probe) in probes.enumerated() {
            let english = Self.confidence(of: blocks[probe.block].lines[probe.line])
            if let language = OtherScripts.best(first.map { ($0.key, $0.value[number]) }.map(Self.scored), english: english) {
                won[number] = language
                found[probe.block] = language
            }
        }
        // Then the others of each script that won, on the lines it won.
        for (representative, numbers) in Dictionary(grouping: won.keys, by: { won[$0]! }) {
            let others = OtherScripts.relatives(of: representative, among: plan.otherScripts)
            guard !others.isEmpty else { continue }
            let lines = numbers.sorted().map { probes[$0] }
            let more = try await read(lines, of: blocks, in: others, on: recognition, flag: flag)
            for (position, number) in numbers.sorted().enumerated() {
                let probe = probes[number]
                let english = Self.confidence(of: blocks[probe.block].lines[probe.line])
                let tried = [Self.scored((representative, first[representative]![number]))]
                    + more.map { Self.scored(($0.key, $0.value[position])) }
                found[probe.block] = OtherScripts.best(tried, english: english) ?? representative
            }
        }
        return found
    }

    private static func scored(_ reading: (String, RecognizedLine)) -> (language: String, confidence: Double, text: String) {
        (reading.0, confidence(of: reading.1), reading.1.words.map(\.text).joined(separator: " "))
    }

    /// The `probes` lines read in each of `languages` alone, one language a core at a time, in
    /// their order (the slowest to load first: the others are tried while it loads); a language
    /// whose engine cannot be had is left out.
    private func read(_ probes: [(block: Int, line: Int)], of blocks: [RecognizedBlock], in languages: [String],
                      on recognition: RecognitionPage, flag: CancellationFlag) async throws -> [String: [RecognizedLine]] {
        try await withThrowingTaskGroup(of: (String, [RecognizedLine]?).self) { group in
            var waiting = languages[...]
            func start(_ language: String) {
                group.addTask {
                    let lines = try await self.withEngine(try LanguageSet(language)) { engine in
                        try probes.map { probe in
                            try Self.read(blocks[probe.block], line: probe.line, on: recognition, with: engine, flag: flag)
                        }
                    }
                    return (language, lines)
                }
            }
            waiting.prefix(concurrency).forEach(start)
            waiting = waiting.dropFirst(concurrency)
            var read = [String: [RecognizedLine]]()
            while let (language, lines) = try await group.next() {
                read[language] = lines
                if let next = waiting.popFirst() { start(next) }
            }
            return read
        }
    }

    private static func confidence(of line: RecognizedLine) -> Double {
        RecognizedBlock(bounds: line.bounds, lines: [line]).meanConfidence
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

    /// Line `index` of `block` read again (the other lines bound its margins).
    private static func read(_ block: RecognizedBlock, line index: Int, on page: RecognitionPage,
                             with engine: any TextRecognizer, flag: CancellationFlag) throws -> RecognizedLine {
        let pieces = LineRegions.regions(of: block.lines.map(\.bounds), in: page.image)[index]
        var line = block.lines[index]
        line.words = try pieces.flatMap { region in try engine.readLine(in: page, region: region, cancellation: flag) }
        return line
    }
}
