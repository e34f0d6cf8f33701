import Synchronization
import LiveTextCore

/// Reads a selection while the user still holds the button: each time the pointer rests
/// over a new rectangle, the analysis of what it holds starts (the one before is cancelled). When
/// the button is released over that same rectangle, its analysis, finished or under way, is the
/// answer; otherwise it is cancelled and the released rectangle is read as usual.
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
        let task = Task {
            try await analyzer.analyze(image.image, source: image.source, configuration: configuration)
        }
        let previous = state.withLock { state in
            defer { state = (image.source, task) }
            return state?.task
        }
        previous?.cancel()
    }

    /// The analysis of what the selection released (by its `image.source`) if the pointer
    /// rested over exactly that (waiting for it to end), else nil, with the analysis under way
    /// cancelled.
    public func analysis(ofSource released: String) async throws -> ImageAnalysis? {
        guard let last = state.withLock({ state in defer { state = nil }; return state }) else { return nil }
        guard last.source == released else {
            last.task.cancel()
            return nil
        }
        return try await withTaskCancellationHandler {
            try await last.task.value
        } onCancel: {
            last.task.cancel()
        }
    }

    /// Cancels what is under way (the selection was cancelled, or failed).
    public func cancel() {
        state.withLock { state in defer { state = nil }; return state }?.task.cancel()
    }
}
