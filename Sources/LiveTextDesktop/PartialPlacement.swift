import LiveTextCore
import Synchronization

/// Live text on a screen whose windows' places are unknown (a Wayland compositor's): each
/// application's published lines are placed by `WindowOffsetVote` as soon as a partial reading of
/// the OCR holds enough of its lines to vote, and from then on every partial reading shows all of
/// them, exact, in place of the OCR's lines there, long before the whole reading ends. The whole
/// reading places them again over all its lines (`AnalysisPipeline.placing`).
final class PartialPlacement: Sendable {
    private struct State {
        /// Each application's lines in its window's coordinates: nil until the walk returns.
        var walked: [[PublishedLine]]?
        /// The lines of the applications placed so far, by their index in `walked`.
        var placed: [Int: [PublishedLine]] = [:]
    }

    private let state = Mutex(State())
    private let analyzer: ImageAnalyzer
    private let image: PixelImage
    private let configuration: ImageAnalyzer.Configuration

    /// For partial readings of `image` by `analyzer` with `configuration` (its regions those of
    /// the capture).
    init(analyzer: ImageAnalyzer, image: PixelImage, configuration: ImageAnalyzer.Configuration) {
        self.analyzer = analyzer
        self.image = image
        self.configuration = configuration
    }

    /// The walk's lines, one list an application (`AccessibleTextReading.windowLines`).
    func walked(_ lines: [[PublishedLine]]) {
        state.withLock { $0.walked = lines }
    }

    /// The lines of the applications placed so far, after voting for those not placed yet among
    /// `ocrLines` (a partial reading's); none before the walk returned.
    func placed(among ocrLines: [TextLine]) -> [PublishedLine] {
        state.withLock { state in
            guard let walked = state.walked else { return [] }
            for (index, lines) in walked.enumerated() where state.placed[index] == nil {
                let placed = WindowOffsetVote.placed(lines, among: ocrLines, width: image.width, height: image.height)
                if !placed.isEmpty { state.placed[index] = placed }
            }
            return state.placed.keys.sorted().flatMap { state.placed[$0] ?? [] }
        }
    }

    /// `partial` with the placed lines taken in (`ImageAnalyzer.fusing`); as it is while none is.
    func relayed(_ partial: PartialAnalysis) -> PartialAnalysis {
        let placed = placed(among: partial.analysis.blocks.flatMap(\.lines))
        guard !placed.isEmpty else { return partial }
        var relayed = partial
        relayed.analysis = analyzer.fusing(partial.analysis, with: placed, in: image, configuration: configuration)
        return relayed
    }

    /// `progress` hearing each partial reading with the placed lines taken in.
    func relaying(to progress: ProgressiveReading) -> ProgressiveReading {
        ProgressiveReading(focus: progress.focus, interval: progress.interval) { [self] partial in
            progress.observe(relayed(partial))
        }
    }
}
