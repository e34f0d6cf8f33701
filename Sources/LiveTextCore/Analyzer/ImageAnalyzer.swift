import Dispatch
import Foundation

/// Analyzes images for text and codes (VisionKit's `ImageAnalyzer`).
///
/// Create one and share it: it keeps warm recognizers in a pool and runs as many analyses at
/// once as it has engines. `analyze` is cancellable; a cancelled analysis stops recognizing
/// within a word or so and throws `LiveTextError.cancelled`.
public final class ImageAnalyzer: Sendable {
    /// What to look for and how (VisionKit's `ImageAnalyzer.Configuration`).
    public struct Configuration: Sendable, Hashable {
        public var types: AnalysisTypes
        public var languages: LanguageSet
        public var layout: PageLayout
        public var preprocessing: ScreenTextPreprocessor.Options
        /// The detected item kinds wanted (`--only`); nil for every kind.
        public var only: Set<ItemKind>?
        /// The parts of the image read apart (the windows of a screen capture), in its pixels.
        public var regions = ContentRegions()

        public init(types: AnalysisTypes = [.text, .codes, .detectors],
                    languages: LanguageSet = .automatic, layout: PageLayout = .auto,
                    preprocessing: ScreenTextPreprocessor.Options = .init(), only: Set<ItemKind>? = nil) {
            self.types = types
            self.languages = languages
            self.layout = layout
            self.preprocessing = preprocessing
            self.only = only
        }
    }

    /// The engines an analyzer is built from.
    public struct Engines: Sendable {
        public var makeTextRecognizer: @Sendable (LanguageSet) throws -> any TextRecognizer
        public var codeReader: any CodeReader
        /// Checks that a language set can be loaded, before any work is queued for it.
        public var checkLanguages: @Sendable (LanguageSet) throws -> Void
        /// The languages an analysis asking for a set reads in: the installed ones of a named
        /// set, English and the locale's for `automatic`. Throws when none of them is installed.
        public var planLanguages: @Sendable (LanguageSet) throws -> LanguagePlan
        /// Finds items and quick actions in the text and codes (the `detectors` type).
        public var interpreter: (any ContentInterpreter)?

        public init(makeTextRecognizer: @escaping @Sendable (LanguageSet) throws -> any TextRecognizer,
                    codeReader: any CodeReader,
                    checkLanguages: @escaping @Sendable (LanguageSet) throws -> Void = { _ in },
                    planLanguages: @escaping @Sendable (LanguageSet) throws -> LanguagePlan = { .named($0) },
                    interpreter: (any ContentInterpreter)? = nil) {
            self.makeTextRecognizer = makeTextRecognizer
            self.codeReader = codeReader
            self.checkLanguages = checkLanguages
            self.planLanguages = planLanguages
            self.interpreter = interpreter
        }
    }

    let engines: Engines
    let pool: EnginePool
    private let cache: RecognitionCache
    /// How many analyses may recognize at once (one engine each).
    public let concurrency: Int

    /// `cacheCapacity`: how many recent images' text and codes are kept to answer the same pixels
    /// again without reading them (0: none).
    public init(engines: Engines, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                cacheCapacity: Int = 32) {
        self.engines = engines
        self.concurrency = max(1, concurrency)
        self.cache = RecognitionCache(capacity: cacheCapacity)
        self.pool = EnginePool(maxEnginesPerLanguageSet: self.concurrency,
                               factory: engines.makeTextRecognizer)
    }

    /// Keeps the results of at most `capacity` recent images from now on (0: none), as the
    /// settings' `cached_images` says after a reload.
    public func setCacheCapacity(_ capacity: Int) {
        cache.resize(to: capacity)
    }

    /// Analyzes `image`; `source` is recorded in the result (`file:/path`, `stdin`, ...). With
    /// `progress`, the text around its focus is read first and the text read so far is handed on
    /// while the analysis goes on (live text); the analysis is the same.
    public func analyze(_ image: PixelImage, source: String, configuration: Configuration = Configuration(),
                        progress: ProgressiveReading? = nil) async throws -> ImageAnalysis {
        try await analyze(image, source: source, configuration: configuration, progress: progress, published: [])
    }

    /// The same, with the lines applications published over `image` (`PublishedCover`): those
    /// holding ink are painted out of the pixels the OCR reads and taken in after it, the others
    /// placed at the OCR line they read like (`TextFusion`).
    func analyze(_ image: PixelImage, source: String, configuration: Configuration, progress: ProgressiveReading?,
                 published: [PublishedLine]) async throws -> ImageAnalysis {
        let started = DispatchTime.now().uptimeNanoseconds
        try ImageLimits(maxPixels: .max).check(width: image.width, height: image.height)
        try checkConfiguration(configuration)
        let flag = CancellationFlag()
        do {
            var progress = progress, cover: PublishedCover?
            if !published.isEmpty, configuration.types.contains(.text) {
                let sorted = try await BlockingWork.run { PublishedCover.checked(published, in: image) }
                // The lines taken, live at once (generation 1), before they are painted out: every
                // later partial reading holds them, one generation on.
                if let shown = progress, !sorted.accepted.isEmpty {
                    progress = shown.publishingFirst(Self.withPublished([], sorted.accepted), image: image, source: source) {
                        self.interpreted($0, configuration)
                    }
                }
                cover = try await BlockingWork.run { PublishedCover(sorted: sorted, in: image, regions: configuration.regions) }
            }
            return try await analyze(image, source: source, configuration: configuration, progress: progress,
                                     flag: flag, started: started, cover: cover)
        } catch is CancellationError {
            throw LiveTextError.cancelled
        }
    }

    /// Throws what would make every analysis with `configuration` fail (no language data for
    /// any of its languages).
    public func checkConfiguration(_ configuration: Configuration) throws {
        if configuration.types.contains(.text) {
            _ = try engines.planLanguages(configuration.languages)
        }
    }

    private func analyze(_ image: PixelImage, source: String, configuration: Configuration,
                         progress: ProgressiveReading?, flag: CancellationFlag, started: UInt64,
                         cover: PublishedCover?) async throws -> ImageAnalysis {
        try await withTaskCancellationHandler {
            var codes = [MachineReadableCode]()
            var blocks = [TextBlock]()
            var regions = configuration.regions
            var timing = ImageAnalysis.Timing()
            // Hashing a large image is a few milliseconds of work: not on the cooperative pool.
            // (Not the OCR of painted pixels: they are not the image's.)
            let key = cache.capacity > 0 && cover == nil
                ? try await BlockingWork.run { RecognitionCache.Key(image, configuration) } : nil
            if let key, let known = cache.entry(for: key) {
                codes = known.codes
                blocks = known.blocks
                regions = known.regions
                timing.cached = true
            } else {
                // Nothing left for the OCR once the published text is painted out: no engine is loaded.
                (blocks, codes, regions) = try await warmingEngines(for: configuration, if: cover?.needsOCR ?? true) {
                    try await recognize(image, source: source, configuration: configuration, progress: progress,
                                        cover: cover, flag: flag, timing: &timing)
                }
                if let key { cache.store(.init(blocks: blocks, codes: codes, regions: regions), for: key) }
            }
            if let cover {
                let outcome = TextFusion.fused(blocks, accepted: cover.accepted, unchecked: cover.unchecked)
                if outcome.accepted + outcome.moved > 0 { blocks = outcome.blocks }
            }
            try flag.check()
            var read = ImageAnalysis(image: .init(width: image.width, height: image.height, source: source),
                                     blocks: blocks, codes: codes, regions: regions)
            if let cover {
                read.tables = PublishedTables.merged(read.tables, with: PublishedTables.tables(accepted: cover.accepted,
                                                                                               unchecked: cover.unchecked))
            }
            var analysis = interpreted(read, configuration)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            timing.totalMs = ImageAnalysis.Timing.rounded(elapsed)
            analysis.timing = timing
            return analysis
        } onCancel: {
            flag.cancel()
        }
    }

    /// `body`, while the engines a page of `configuration` is read with are made, one a core,
    /// if they are not yet: they load while the codes are read and the page is prepared, not
    /// after (45 ms of the 1.4 s a dense screen takes on 2 cores). Once `body` is done, an
    /// engine not yet begun is not made (behind a 4K screen's preparation, a cancelled reading
    /// waited seconds for it); one loading is waited for: an engine still loading when the
    /// process exits runs into libtesseract's finalizers.
    private func warmingEngines<T>(for configuration: Configuration, if needed: Bool, _ body: () async throws -> T)
        async throws -> T {
        guard needed, configuration.types.contains(.text), let languages = try? engines.planLanguages(configuration.languages).primary
        else { return try await body() }
        let pool = self.pool, count = concurrency
        let warming = Task { try? await pool.warm(languages, upTo: count) }
        let result: Result<T, any Error>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        warming.cancel()
        await warming.value
        return try result.get()
    }

    /// Reads the codes, then the text around them.
    private func recognize(_ image: PixelImage, source: String, configuration: Configuration,
                           progress: ProgressiveReading?, cover: PublishedCover?, flag: CancellationFlag,
                           timing: inout ImageAnalysis.Timing) async throws
        -> ([TextBlock], [MachineReadableCode], ContentRegions) {
        var configuration = configuration
        var codes = [MachineReadableCode]()
        var blocks = [TextBlock]()
        // Read progressively (live text), the page is prepared while the codes are read, on
        // another core, as though it had none: prepared again with them masked when it has any.
        var unmasked: Task<(PreparedImage, Double), any Error>?
        if progress != nil, configuration.types.isSuperset(of: [.codes, .text]) {
            let preprocessor = ScreenTextPreprocessor(options: configuration.preprocessing)
            unmasked = Task {
                try await BlockingWork.run {
                    let started = DispatchTime.now().uptimeNanoseconds
                    return (preprocessor.prepare(image, masking: []), Self.milliseconds(since: started))
                }
            }
        }
        defer { unmasked?.cancel() }
        // The lines applications published and drew (already live: the progressive reading holds them).
        let taken = cover.map(\.accepted) ?? []
        // The line under the pointer first, alone, before the codes and the page's layout: the
        // page's partial readings replace it (they come with higher generations). Not where a
        // published line already stands.
        var probe: [TextBlock] = []
        if let progress, let focus = progress.focus, configuration.types.contains(.text),
           !taken.contains(where: { $0.bounds.contains(x: focus.x, y: focus.y) }) {
            probe = try await probeLine(at: (focus.x, focus.y), in: image, configuration: configuration, flag: flag)
            if !probe.isEmpty {
                let info = ImageAnalysis.ImageInfo(width: image.width, height: image.height, source: source)
                progress.observe(PartialAnalysis(generation: 1, analysis: interpreted(
                    ImageAnalysis(image: info, blocks: Self.withPublished(probe, taken)), configuration)))
            }
        }
        if configuration.types.contains(.codes) {
            let reader = engines.codeReader
            let started = DispatchTime.now().uptimeNanoseconds
            codes = try await BlockingWork.run { try reader.readCodes(in: image) }
            timing.codesMs = Self.milliseconds(since: started)
        }
        try flag.check()
        if configuration.types.contains(.text) {
            // A code's modules read as garbage letters: leave them out, with a quiet zone.
            let masks = codes.map { $0.textMask(in: image) }
            if configuration.regions.isEmpty {
                // Nobody said where the windows are (an image, a Wayland screen): their backgrounds
                // do, the codes' modules left out (a code's edge is not a window's).
                configuration.regions = BackgroundEdges.regions(of: image, excluding: masks)
            }
            // Partial readings: the text so far with the codes, in the whole image.
            // The probe's line stays in them until the page has read a line over it: the line the
            // user may already have selected never blinks out while the page reads elsewhere.
            let info = ImageAnalysis.ImageInfo(width: image.width, height: image.height, source: source), found = codes
            let kept = probe, configured = configuration
            let partials = progress.map { progress in
                (progress, { @Sendable [self] (blocks: [TextBlock]) in
                    interpreted(ImageAnalysis(image: info, blocks: Self.withPublished(Self.keeping(kept, in: blocks), taken),
                                              codes: found), configured)
                })
            }
            let readWhole = cover.map(\.accepted.isEmpty) ?? true
            var tablesStarted: UInt64?
            if readWhole {
                blocks = try await recognizeText(image, masking: masks, prepared: masks.isEmpty ? unmasked : nil,
                                                 configuration: configuration, partials: partials, flag: flag, timing: &timing)
                // A table's short cells the page's layout took for specks (a column of single digits).
                tablesStarted = DispatchTime.now().uptimeNanoseconds
                blocks = try await readingShortCells(of: blocks, in: image, configuration: configuration, flag: flag)
            } else if let cover {
                blocks = try await recognizeRemainder(of: cover, masking: masks, configuration: configuration,
                                                      partials: partials, flag: flag, timing: &timing)
            }
            let started = tablesStarted ?? DispatchTime.now().uptimeNanoseconds
            var tables = TableFinder.tables(in: blocks, regions: configuration.regions)
            if readWhole, !tables.isEmpty {
                // A table's cells read unsurely, read again alone (in the image as it is: where OCR read all of it).
                let reread = try await rereadingUnsureCells(of: blocks, tables: tables, in: image, configuration: configuration,
                                                            flag: flag)
                let spaced = try await readingDescenders(of: NumberUnitSpaces.corrected(reread, tables: tables, in: image),
                                                         tables: tables, in: image, configuration: configuration, flag: flag)
                if spaced != blocks {
                    blocks = spaced
                    tables = TableFinder.tables(in: blocks, regions: configuration.regions)
                }
            }
            // A table read row by row, cells left to right, whatever blocks the page's layout made of it.
            blocks = TableReading.rowByRow(blocks, tables: tables)
            timing.tablesMs = Self.milliseconds(since: started)
        }
        // A cancelled read may be partial: it must not be kept.
        try flag.check()
        return (CodeDigits.reconciled(blocks, with: codes), codes, configuration.regions)
    }

    /// `early`: the page already being prepared with `masks` (and its time), when it is.
    func recognizeText(_ image: PixelImage, masking masks: [Bounds], prepared early: Task<(PreparedImage, Double), any Error>?,
                               configuration: Configuration, partials: PartialReadings?, flag: CancellationFlag,
                               timing: inout ImageAnalysis.Timing) async throws -> [TextBlock] {
        let prepared: PreparedImage
        if let early {
            (prepared, timing.preprocessMs) = try await early.value
        } else {
            let preprocessor = ScreenTextPreprocessor(options: configuration.preprocessing)
            let started = DispatchTime.now().uptimeNanoseconds
            prepared = try await BlockingWork.run { preprocessor.prepare(image, masking: masks) }
            timing.preprocessMs = Self.milliseconds(since: started)
        }
        try flag.check()
        let page = prepared.recognitionPage
        let strips = PageStrips.strips(of: prepared.image, maximumStrips: Self.stripsPerEngine * concurrency,
                                       minimumHeight: Self.minimumStripHeight)
        // Each piece of a line read wakes the reporter of partial readings, when there is one.
        let (piecesRead, pieceRead) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        var wake: (@Sendable () -> Void)?
        if partials != nil { wake = { @Sendable in _ = pieceRead.yield() } }
        let reading = PageReading(page: page, strips: strips,
                                  focus: partials?.progress.focus.map { prepared.preparedBounds(of: $0) },
                                  regions: configuration.regions.mapped(prepared.preparedBounds), pieceRead: wake)
        let assembler = TextLayoutAssembler(regions: configuration.regions, original: image)
        let reporter: Task<Void, Never>? = partials.map { partials in
            Task {
                await Self.reportPartials(of: reading, piecesRead, prepared: prepared, assembler: assembler,
                                          to: partials.progress, as: partials.partial)
            }
        }
        defer {
            pieceRead.finish()
            reporter?.cancel()
        }
        let plan = try engines.planLanguages(configuration.languages)
        let languages = plan.primary, layout = configuration.layout
        // One engine reads the page, waiting for one if need be; engines idle right now (or not
        // yet created) join it, one per core. Under load every engine is busy and each page is
        // read by one.
        let engineCount = try await withThrowingTaskGroup(of: Int.self) { group in
            for helper in 0..<concurrency {
                group.addTask {
                    let engine: (any TextRecognizer)?
                    if helper == 0 {
                        engine = try await self.pool.checkOut(languages)
                    } else {
                        engine = try? await self.pool.checkOutIfAvailable(languages)
                    }
                    guard let engine else { return 0 }
                    do {
                        try await BlockingWork.run {
                            defer { engine.finishPage() }
                            try Self.work(on: reading, with: engine, layout: layout, flag: flag)
                        }
                    } catch {
                        await self.pool.checkIn(engine)
                        throw error
                    }
                    await self.pool.checkIn(engine)
                    return 1
                }
            }
            return try await group.reduce(0, +)
        }
        // No partial reading after this: the whole comes next.
        reporter?.cancel()
        await reporter?.value
        let (read, rereadNanoseconds) = try await readBlocksInTheirLanguages(reading.result(), on: page, plan: plan,
                                                                              flag: flag)
        let large = try await readLargeText(of: prepared, languages: languages, layout: layout, flag: flag)
        let work = reading.engineTime
        let largeLayout = large.reduce(0) { $0 + $1.layout }, largeLines = large.reduce(0) { $0 + $1.lines }
        timing.layoutMs = ImageAnalysis.Timing.rounded(Double(work.layout + largeLayout) / 1e6)
        timing.linesMs = ImageAnalysis.Timing.rounded(Double(work.lines + rereadNanoseconds + largeLines) / 1e6)
        timing.engines = engineCount
        return assembler.assemble([(read, prepared)] + large.map { ($0.page, $0.prepared) })
    }

    /// Pages taller than two of these (prepared pixels) are laid out in strips, shared out among
    /// the engines.
    static let minimumStripHeight = 600
    /// Strips a page may be cut into per engine. Tesseract's page layout costs more than linearly
    /// in the page's size (its column finder searches a grid of every partition), and on a
    /// screen of tiled windows smaller strips also keep the windows' lines apart: on a dense
    /// 1920×1080 screen, four a core read it in 6.8-7.4 s where one a core took 8.3-9.5 s (2
    /// cores, run side by side), with the same corpus accuracy.
    static let stripsPerEngine = 4

    /// Takes jobs from `reading` until none is left (blocking).
    static func work(on reading: PageReading, with engine: any TextRecognizer, layout: PageLayout,
                             flag: CancellationFlag) throws {
        do {
            while let job = reading.nextJob() {
                switch job {
                case let .layout(strip, region):
                    let started = DispatchTime.now().uptimeNanoseconds
                    let lines = try engine.findLines(in: reading.page, region: region, layout: layout, cancellation: flag)
                    reading.laidOut(strip: strip, lines, nanoseconds: DispatchTime.now().uptimeNanoseconds - started)
                case let .line(id, region):
                    let started = DispatchTime.now().uptimeNanoseconds
                    let words = try engine.readLine(in: reading.page, region: region, cancellation: flag)
                    reading.read(id, words: words, nanoseconds: DispatchTime.now().uptimeNanoseconds - started)
                }
            }
        } catch {
            reading.abandon()
            throw error
        }
    }

    /// Milliseconds since `started` (a `DispatchTime` uptime), one decimal.
    private static func milliseconds(since started: UInt64) -> Double {
        ImageAnalysis.Timing.rounded(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
    }

    /// Drops idle engines beyond `keep` per language set, for a long-running process that has
    /// been quiet: a later burst creates them again. Returns how many were dropped.
    @discardableResult
    public func releaseIdleEngines(keeping keep: Int = 1) async -> Int {
        await pool.releaseIdle(keeping: keep)
    }

    /// How many engines exist now, idle or busy.
    public var engineCount: Int {
        get async { await pool.engineCount }
    }

    /// Loads engines ahead of the first request, so it does not pay for the warm-up: all at
    /// once, at most one a core.
    public func prewarm(_ languages: LanguageSet = .english, engines count: Int = 1) async throws {
        try engines.checkLanguages(languages)
        try await pool.warm(languages, upTo: min(count, concurrency))
    }
}

extension ImageAnalyzer {
    /// `analysis` with the items and quick actions its text and codes imply, when the
    /// configuration asks for detectors; a partial reading too, so that an item is underlined and
    /// one click away as soon as its line is read (the whole's, read in full context, replace them).
    func interpreted(_ analysis: ImageAnalysis, _ configuration: Configuration) -> ImageAnalysis {
        guard configuration.types.contains(.detectors), let interpreter = engines.interpreter else { return analysis }
        var analysis = analysis
        interpreter.interpret(&analysis, only: configuration.only)
        return analysis
    }
}
