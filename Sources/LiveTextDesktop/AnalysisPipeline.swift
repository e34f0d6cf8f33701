import Dispatch
import LiveTextCore

/// One analysis from the desktop to the user, the same for a D-Bus call, a hotkey press and the
/// CLI working in-process: acquire the image (a selection is read while the pointer rests over
/// it, before the button is released), analyze it, then deliver the result (copy or type it).
/// Showing it (a notification) is the caller's: the daemon and the CLI show it differently.
public struct AnalysisPipeline: Sendable {
    public var analyzer: ImageAnalyzer
    public var configuration: ImageAnalyzer.Configuration
    /// Reads the text applications publish on a screen capture, beside the OCR (nil: OCR only).
    public var accessibleText: AccessibleTextReading?

    public init(analyzer: ImageAnalyzer, configuration: ImageAnalyzer.Configuration,
                accessibleText: AccessibleTextReading? = nil) {
        self.analyzer = analyzer
        self.configuration = configuration
        self.accessibleText = accessibleText
    }

    /// What the pipeline made: the analysis (with the capture's time), the pixels it read, and
    /// whether it was read while the pointer rested.
    public struct Outcome: Sendable {
        public var analysis: ImageAnalysis
        public var image: PixelImage
        public var readWhileResting: Bool
    }

    /// Acquires with `acquire` (which hands what the pointer rests over to its argument) and
    /// analyzes what it gives.
    public func analyze(acquire: (_ atRest: @escaping @Sendable (ScreenImage) -> Void) async throws -> AcquiredImage)
        async throws -> Outcome {
        let prefetch = SelectionPrefetch(analyzer: analyzer, configuration: configuration)
        defer { prefetch.cancel() }
        let acquired = try await acquire(prefetch.rested(over:))
        if let accessibleText, AccessibleTextReading.placesByVote(acquired) {
            // Where the windows are is not known: the OCR reads everything and places them.
            async let walked = Self.timed { await accessibleText.windowLines(on: acquired) }
            let read = try await prefetch.analysis(of: acquired.image, source: acquired.source, regions: acquired.regions,
                                                   publishing: [])
            var analysis = placing(await walked, in: read.analysis, image: acquired.image, regions: acquired.regions)
            if let captureMs = acquired.captureMs { analysis.timing.captureMs = captureMs }
            return Outcome(analysis: analysis, image: acquired.image, readWhileResting: read.readWhileResting)
        }
        // The published text is read first: within its deadline (150 ms), where the OCR of a
        // window takes seconds, and what it gives need not be read again (the OCR reads only the
        // rest). Nothing in time: OCR alone decides.
        let started = DispatchTime.now().uptimeNanoseconds
        let published = await accessibleText?.lines(on: acquired) ?? []
        let walkMs = ImageAnalysis.Timing.rounded(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
        let read = try await prefetch.analysis(of: acquired.image, source: acquired.source, regions: acquired.regions,
                                               publishing: published)
        var analysis = read.analysis
        if accessibleText != nil {
            analysis.timing.accessibilityMs = walkMs
            if read.readWhileResting {
                // Read while the pointer rested, before the walk: the published lines are fused after.
                var configuration = self.configuration
                configuration.regions = acquired.regions
                analysis = analyzer.fusing(analysis, with: published, in: acquired.image, configuration: configuration)
            } else {
                analysis.timing.totalMs = ImageAnalysis.Timing.rounded(analysis.timing.totalMs + walkMs)
            }
        }
        if let captureMs = acquired.captureMs { analysis.timing.captureMs = captureMs }
        return Outcome(analysis: analysis, image: acquired.image, readWhileResting: read.readWhileResting)
    }

    /// Reads a frozen screen progressively (live text): the text its applications publish first,
    /// within the walk's deadline, its lines holding ink live at once (the first partial reading),
    /// then the OCR of the rest, each partial reading holding them too. Without `accessibleText`,
    /// or nothing published in time, the OCR alone reads it.
    public func analyze(_ screen: ScreenImage, progress: ProgressiveReading) async throws -> ImageAnalysis {
        guard let accessibleText else { return try await analyzer.analyze(screen, configuration: configuration, progress: progress) }
        let acquired = AcquiredImage(screen)
        if AccessibleTextReading.placesByVote(acquired) {
            // Where the windows are is not known: each application's lines are live once a
            // partial reading holds enough of them to place its window, and the whole reading
            // places them again.
            var partialConfiguration = configuration
            partialConfiguration.regions = screen.regions
            let placement = PartialPlacement(analyzer: analyzer, image: screen.image, configuration: partialConfiguration)
            async let walked = Self.timed {
                let lines = await accessibleText.windowLines(on: acquired)
                placement.walked(lines)
                return lines
            }
            let analysis = try await analyzer.analyze(screen, configuration: configuration,
                                                      progress: placement.relaying(to: progress))
            return placing(await walked, in: analysis, image: screen.image, regions: screen.regions)
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let published = await accessibleText.lines(on: acquired)
        let walkMs = ImageAnalysis.Timing.rounded(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
        var configuration = self.configuration
        configuration.regions = screen.regions
        var analysis = try await analyzer.analyze(screen.image, source: screen.source, configuration: configuration,
                                                  progress: progress, publishing: published)
        analysis.timing.accessibilityMs = walkMs
        analysis.timing.totalMs = ImageAnalysis.Timing.rounded(analysis.timing.totalMs + walkMs)
        return analysis
    }

    /// `analysis` of `image` with the lines each application published in its window's
    /// coordinates (`walked`: them, and how long the walk took) placed where `WindowOffsetVote`
    /// puts them among its OCR lines and taken in (`ImageAnalyzer.fusing`); an application
    /// without a clear vote is left to the OCR.
    func placing(_ walked: (lines: [[PublishedLine]], ms: Double), in analysis: ImageAnalysis, image: PixelImage,
                 regions: ContentRegions) -> ImageAnalysis {
        let ocrLines = analysis.blocks.flatMap(\.lines)
        let placed = walked.lines.flatMap {
            WindowOffsetVote.placed($0, among: ocrLines, width: image.width, height: image.height)
        }
        var configuration = self.configuration
        configuration.regions = regions
        var fused = analyzer.fusing(analysis, with: placed, in: image, configuration: configuration)
        fused.timing.accessibilityMs = walked.ms
        return fused
    }

    /// What `body` gives, and how long it took in milliseconds (one decimal).
    static func timed<T: Sendable>(_ body: @Sendable () async -> T) async -> (lines: T, ms: Double) {
        let started = DispatchTime.now().uptimeNanoseconds
        let value = await body()
        return (value, ImageAnalysis.Timing.rounded(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6))
    }

    /// Acquires, analyzes and delivers: `then` says what to do with the text (`--only`: the
    /// matched values), `outlet` does it.
    public func run(acquire: (_ atRest: @escaping @Sendable (ScreenImage) -> Void) async throws -> AcquiredImage,
                    then delivery: Delivery?, to outlet: some ResultOutlet) async throws -> (Outcome, Delivered) {
        let outcome = try await analyze(acquire: acquire)
        let text = outcome.analysis.plainText(onlyItems: configuration.only != nil)
        return (outcome, try await Self.deliver(text, delivery, to: outlet))
    }

    /// What to do with the result's text.
    public enum Delivery: Sendable, Equatable {
        /// Put it on the clipboard (and PRIMARY too).
        case copy(alsoPrimary: Bool)
        /// Type it into the focused window.
        case type
    }

    /// What was done with it.
    public enum Delivered: Sendable, Equatable {
        /// Nothing (nothing asked, or nothing found: the clipboard stays as it was).
        case nothing
        case copied(String)
        case typed(String)
    }

    /// Delivers `text` as `delivery` asks; empty text is not delivered: a user's clipboard is
    /// not emptied because nothing was found.
    @discardableResult
    public static func deliver(_ text: String, _ delivery: Delivery?, to outlet: some ResultOutlet) async throws
        -> Delivered {
        guard let delivery, !text.isEmpty else { return .nothing }
        switch delivery {
        case .copy(let alsoPrimary):
            try await outlet.copy(text, alsoPrimary: alsoPrimary)
            return .copied(text)
        case .type:
            try await outlet.type(text)
            return .typed(text)
        }
    }
}

/// Where a result's text goes: the daemon's own clipboard owner and keyboard, or for the CLI a
/// clipboard owner that outlives the process.
public protocol ResultOutlet: Sendable {
    func copy(_ text: String, alsoPrimary: Bool) async throws
    func type(_ text: String) async throws
}

extension Desktop: ResultOutlet {}

/// An image in hand for an analysis, where it came from, and how long a capture took.
public struct AcquiredImage: Sendable {
    public var image: PixelImage
    public var source: String
    public var captureMs: Double?
    /// The windows it shows, read apart (a screen capture's).
    public var regions = ContentRegions()
    /// A screen capture's place on the screen and the windows shown then.
    public var screenArea: Bounds?
    public var windows: [ScreenWindow] = []

    public init(image: PixelImage, source: String) {
        self.image = image
        self.source = source
    }

    public init(_ screen: ScreenImage) {
        image = screen.image
        source = screen.source
        captureMs = screen.captureMs
        regions = screen.regions
        screenArea = screen.screenArea
        windows = screen.windows
    }
}
