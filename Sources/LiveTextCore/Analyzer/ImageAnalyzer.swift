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
        /// The detected item types wanted (`--only`, by type name); nil for every type.
        public var only: Set<String>?

        public init(types: AnalysisTypes = [.text, .codes, .detectors],
                    languages: LanguageSet = .english, layout: PageLayout = .auto,
                    preprocessing: ScreenTextPreprocessor.Options = .init(), only: Set<String>? = nil) {
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
        /// Finds items and quick actions in the text and codes (the `detectors` type).
        public var interpreter: (any ContentInterpreter)?

        public init(makeTextRecognizer: @escaping @Sendable (LanguageSet) throws -> any TextRecognizer,
                    codeReader: any CodeReader,
                    checkLanguages: @escaping @Sendable (LanguageSet) throws -> Void = { _ in },
                    interpreter: (any ContentInterpreter)? = nil) {
            self.makeTextRecognizer = makeTextRecognizer
            self.codeReader = codeReader
            self.checkLanguages = checkLanguages
            self.interpreter = interpreter
        }
    }

    private let engines: Engines
    private let pool: EnginePool
    /// How many analyses may recognize at once (one engine each).
    public let concurrency: Int

    public init(engines: Engines, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.engines = engines
        self.concurrency = max(1, concurrency)
        self.pool = EnginePool(maxEnginesPerLanguageSet: self.concurrency,
                               factory: engines.makeTextRecognizer)
    }

    /// Analyzes `image`; `source` is recorded in the result (`file:/path`, `stdin`, ...).
    public func analyze(_ image: PixelImage, source: String,
                        configuration: Configuration = Configuration()) async throws -> ImageAnalysis {
        let started = DispatchTime.now().uptimeNanoseconds
        try ImageLimits(maxPixels: .max).check(width: image.width, height: image.height)
        try checkConfiguration(configuration)
        let flag = CancellationFlag()
        do {
            return try await analyze(image, source: source, configuration: configuration,
                                     flag: flag, started: started)
        } catch is CancellationError {
            throw LiveTextError.cancelled
        }
    }

    /// Throws what would make every analysis with `configuration` fail (missing language data).
    public func checkConfiguration(_ configuration: Configuration) throws {
        if configuration.types.contains(.text) {
            try engines.checkLanguages(configuration.languages)
        }
    }

    private func analyze(_ image: PixelImage, source: String, configuration: Configuration,
                         flag: CancellationFlag, started: UInt64) async throws -> ImageAnalysis {
        try await withTaskCancellationHandler {
            var codes = [MachineReadableCode]()
            var blocks = [TextBlock]()
            if configuration.types.contains(.codes) {
                let reader = engines.codeReader
                codes = try await BlockingWork.run { try reader.readCodes(in: image) }
            }
            try flag.check()
            if configuration.types.contains(.text) {
                // A code's modules read as garbage letters: leave them out, with a quiet zone.
                let masks = codes.map { code in
                    let margin = max(4, min(code.bounds.width, code.bounds.height) / 8)
                    return Bounds(x: code.bounds.x - margin, y: code.bounds.y - margin,
                                  width: code.bounds.width + 2 * margin, height: code.bounds.height + 2 * margin)
                }
                blocks = try await recognizeText(image, masking: masks, configuration: configuration, flag: flag)
            }
            try flag.check()
            var analysis = ImageAnalysis(image: .init(width: image.width, height: image.height, source: source),
                                         blocks: blocks, codes: codes)
            if configuration.types.contains(.detectors), let interpreter = engines.interpreter {
                interpreter.interpret(&analysis, only: configuration.only)
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            analysis.timing = .init(totalMs: elapsed)
            return analysis
        } onCancel: {
            flag.cancel()
        }
    }

    private func recognizeText(_ image: PixelImage, masking masks: [Bounds], configuration: Configuration,
                               flag: CancellationFlag) async throws -> [TextBlock] {
        let preprocessor = ScreenTextPreprocessor(options: configuration.preprocessing)
        let prepared = try await BlockingWork.run { preprocessor.prepare(image, masking: masks) }
        try flag.check()
        // Screens are ~96 dpi; enlarged text is proportionally finer.
        let resolution = Int((96 * prepared.scale).rounded())
        let strips = PageStrips.strips(of: prepared.image, maximumStrips: concurrency,
                                       minimumHeight: Self.minimumStripHeight)
        let page: RecognizedPage
        if strips.count == 1 {
            page = try await recognize(prepared.image, resolution: resolution, configuration: configuration, flag: flag)
        } else {
            // A large page: one strip per engine, in parallel.
            page = try await withThrowingTaskGroup(of: (Int, RecognizedPage).self) { group in
                for strip in strips {
                    let image = PageStrips.crop(prepared.image, rows: strip)
                    group.addTask {
                        (strip.lowerBound,
                         try await self.recognize(image, resolution: resolution, configuration: configuration, flag: flag))
                    }
                }
                var pages: [(offset: Int, page: RecognizedPage)] = []
                for try await result in group { pages.append(result) }
                return PageStrips.joined(pages.sorted { $0.offset < $1.offset })
            }
        }
        return TextLayoutAssembler().assemble(page, prepared: prepared)
    }

    /// Pages taller than two of these (prepared pixels) are read in strips, one engine each.
    static let minimumStripHeight = 600

    /// Reads one prepared image on an engine from the pool.
    private func recognize(_ image: PixelImage, resolution: Int, configuration: Configuration,
                           flag: CancellationFlag) async throws -> RecognizedPage {
        let engine = try await pool.checkOut(configuration.languages)
        let layout = configuration.layout
        let page: RecognizedPage
        do {
            page = try await BlockingWork.run {
                try engine.recognize(image, resolution: resolution, layout: layout, cancellation: flag)
            }
        } catch {
            await pool.checkIn(engine)
            throw error
        }
        await pool.checkIn(engine)
        return page
    }

    /// Loads engines ahead of the first request, so it does not pay for the warm-up.
    public func prewarm(_ languages: LanguageSet = .english, engines count: Int = 1) async throws {
        try engines.checkLanguages(languages)
        var taken = [any TextRecognizer]()
        for _ in 0..<min(count, concurrency) { taken.append(try await pool.checkOut(languages)) }
        for engine in taken { await pool.checkIn(engine) }
    }
}
