import Foundation
import LiveTextCore
import LiveTextEngines

/// The in-process analysis a batch falls back to when the daemon is lost partway: engines made on
/// first use, the reason said once however many files were in flight.
actor InProcessFallback {
    private let configuration: ImageAnalyzer.Configuration
    private let input: ImageInput
    private var analyzer: Result<ImageAnalyzer, LiveTextError>?
    /// Whether the daemon was lost: every file from now on is analyzed here.
    private(set) var isActive = false

    init(configuration: ImageAnalyzer.Configuration, maxPixels: Int) {
        self.configuration = configuration
        input = ImageInput(limits: ImageLimits(maxPixels: maxPixels))
    }

    func takeOver(because reason: String) {
        guard !isActive else { return }
        isActive = true
        Diagnostics.note("\(reason); analyzing in this process")
    }

    func analyze(_ file: String) async -> Result<ImageAnalysis, LiveTextError> {
        switch engines() {
        case .success(let analyzer):
            return await BatchAnalysis.analyzeOne(file, analyzer: analyzer, input: input, configuration: configuration)
        case .failure(let error):
            return .failure(error)
        }
    }

    private func engines() -> Result<ImageAnalyzer, LiveTextError> {
        if let analyzer { return analyzer }
        let made: Result<ImageAnalyzer, LiveTextError>
        do {
            let analyzer = try ImageAnalyzer.system(interpreter: try DetectionEnvironment.interpreter())
            try analyzer.checkConfiguration(configuration)
            made = .success(analyzer)
        } catch let error as LiveTextError {
            made = .failure(error)
        } catch {
            made = .failure(LiveTextError(.failed, "\(error)"))
        }
        analyzer = made
        return made
    }
}
