import Synchronization
import LiveTextCore

/// Reads a selection while the user still holds the button: each time the pointer rests
/// over a new rectangle, the analysis of what it holds starts (the one before is cancelled). When
/// the button is released over that same rectangle, its analysis, finished or under way, is the
/// answer; otherwise it is cancelled and the released rectangle is read as usual. For a capture
/// that is no selection, `rested(over:)` never comes and `analysis(of:source:)` just analyzes.
public final class SelectionPrefetch: Sendable {
    private let analyzer: ImageAnalyzer
    private let configuration: ImageAnalyzer.Configuration
    private let state = Mutex<(source: String, task: Task<ImageAnalysis, any Error>)?>(nil)

    public init(analyzer: ImageAnalyzer, configuration: ImageAnalyzer.Configuration) {
        self.analyzer = analyzer
        self.configuration = configuration
    }

    /// The pointer rests over `image`: read it, instead of what it rested over before.
    public func rested(over image: ScreenImage) {
        let analyzer = self.analyzer, configuration = self.configuration
        let task = Task { try await analyzer.analyze(image, configuration: configuration) }
        let previous = state.withLock { state in
            defer { state = (image.source, task) }
            return state?.task
        }
        previous?.cancel()
    }

    /// The analysis of the released selection (`image`, by its `image.source`): the one made while
    /// the pointer rested over exactly that, waited for, or else a new one (an analysis under way
    /// for another rectangle is cancelled) with the lines applications `published` over it taken
    /// in; and which of the two it is (the one made while resting has not taken them in).
    public func analysis(of image: PixelImage, source: String, regions: ContentRegions = ContentRegions(),
                         publishing published: [PublishedLine] = []) async throws
        -> (analysis: ImageAnalysis, readWhileResting: Bool) {
        if let last = state.withLock({ state in defer { state = nil }; return state }) {
            if last.source == source {
                let analysis = try await withTaskCancellationHandler {
                    try await last.task.value
                } onCancel: {
                    last.task.cancel()
                }
                return (analysis, true)
            }
            last.task.cancel()
        }
        var configuration = self.configuration
        configuration.regions = regions
        return (try await analyzer.analyze(image, source: source, configuration: configuration, publishing: published), false)
    }

    /// Cancels what is under way (the selection was cancelled, or failed).
    public func cancel() {
        state.withLock { state in defer { state = nil }; return state }?.task.cancel()
    }
}
