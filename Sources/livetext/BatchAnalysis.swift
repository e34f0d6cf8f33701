import Foundation
import LiveTextCore
import LiveTextEngines

/// Analyzes many inputs with bounded parallelism and hands results back in input order.
enum BatchAnalysis {
    static func run(_ files: [String], analyzer: ImageAnalyzer, input: ImageInput,
                    configuration: ImageAnalyzer.Configuration,
                    deliver: (String, Result<ImageAnalysis, LiveTextError>) throws -> Void) async throws {
        // Environment problems (missing language data) fail once, before any file is read.
        try analyzer.checkConfiguration(configuration)
        try await run(files, width: analyzer.concurrency, analyze: { file in
            await analyzeOne(file, analyzer: analyzer, input: input, configuration: configuration)
        }, deliver: deliver)
    }

    /// `width` analyses at a time, however they are done (in-process or by the daemon); `Outcome` is
    /// what `analyze` tells `deliver` about each.
    static func run<Outcome: Sendable>(_ files: [String], width: Int,
                                       analyze: @escaping @Sendable (String) async -> Outcome,
                                       deliver: (String, Outcome) throws -> Void) async throws {
        let width = max(1, width)
        try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0, printed = 0
            var done = [Int: Outcome]()
            func start(_ index: Int) {
                let file = files[index]
                group.addTask { (index, await analyze(file)) }
            }
            while next < min(width, files.count) { start(next); next += 1 }
            while let (index, result) = try await group.next() {
                done[index] = result
                while let ready = done.removeValue(forKey: printed) {
                    try deliver(files[printed], ready)
                    printed += 1
                }
                if next < files.count { start(next); next += 1 }
            }
        }
    }

    static func analyzeOne(_ file: String, analyzer: ImageAnalyzer, input: ImageInput,
                                   configuration: ImageAnalyzer.Configuration) async -> Result<ImageAnalysis, LiveTextError> {
        do {
            // Standard input through StandardInputOnce: a fallback after a lost daemon decodes the
            // bytes the daemon was sent.
            let (image, source) = try await file == "-"
                ? input.load(standardInput: StandardInputOnce.data(readBy: input)) : input.load(path: file)
            return .success(try await analyzer.analyze(image, source: source, configuration: configuration))
        } catch let error as LiveTextError {
            return .failure(error)
        } catch {
            return .failure(LiveTextError(.failed, "\(file): \(error)"))
        }
    }
}
