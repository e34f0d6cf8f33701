import ArgumentParser
import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
import LiveTextEngines
import LiveTextService

/// One image from the desktop (a capture, the clipboard), analyzed by the daemon or in this
/// process, then printed, copied, typed and acted on.
struct SingleImageRun {
    let options: AnalysisOptions
    let delivery: DeliveryOptions
    let perform: String?

    /// `daemon` asks the daemon (nil result: it could not be asked); `local` analyzes here.
    func run(daemon: (DaemonClient, AnalysisRequestOptions) async -> DaemonClient.Answer,
             local: @escaping (AnalysisPipeline) async throws -> AnalysisPipeline.Outcome) async throws {
        let configuration = try options.configuration()
        var result: Result<ImageAnalysis, LiveTextError>?
        var copied = false
        var notified = false
        var performed = false
        /// The pixels of an in-process analysis, for the notification's preview.
        var image: PixelImage?
        if let client = options.wantsLocal ? nil : await DaemonClient.reachable(doing: "working") {
            var request = AnalysisRequestOptions(configuration)
            request.copy = delivery.copy
            request.primary = delivery.copy && delivery.primary
            try delivery.requestNotification(in: &request)
            let answer = await daemon(client, request)
            client.bus.close()
            switch answer {
            case .answered(.failure(let error)) where error.code == .unavailable:
                // A daemon started by the bus often has no display: this process has one.
                Diagnostics.note("the daemon cannot do it (\(error.message)); working in this process")
            case .lost(let reason):
                // A capture is taken again here (a selection asks the user again); that needs a display.
                Diagnostics.note("\(reason); working in this process")
            case .answered(let answered):
                result = answered
                copied = delivery.copy
                notified = delivery.notify
                performed = true
            }
        }
        if result == nil {
            let analyzer = try ImageAnalyzer.system(interpreter: try DetectionEnvironment.interpreter())
            try analyzer.checkConfiguration(configuration)
            // Engines load while the user is still selecting.
            let warm = Task { try? await analyzer.prewarm() }
            let outcome: Result<AnalysisPipeline.Outcome, any Error>
            do {
                outcome = .success(try await local(AnalysisPipeline(analyzer: analyzer, configuration: configuration)))
            } catch {
                outcome = .failure(error)
            }
            // An engine still loading on its thread when the process exits runs into
            // libtesseract's finalizers (a crash at exit): cancelled, it stops after this one.
            warm.cancel()
            await warm.value
            switch outcome {
            case .success(let read):
                result = .success(read.analysis)
                image = read.image
            case .failure(let error as LiveTextError):
                result = .failure(error)
            case .failure(let error):
                throw error
            }
        }
        let analysis: ImageAnalysis
        switch result! {
        case .success(let value): analysis = value
        case .failure(let error): throw error
        }
        let onlyItems = configuration.only != nil
        try ResultPrinter(json: options.json, onlyItems: onlyItems, labelled: false, tables: options.tables).print(analysis, name: "")
        if let perform, !performed {
            try DetectionEnvironment.perform(perform, actions: analysis.actions, items: analysis.items, text: analysis.text)
        }
        try await ResultDelivery(options: delivery, onlyItems: onlyItems)
            .deliver([analysis], images: [image], copied: copied, notified: notified)
        if onlyItems, analysis.items.isEmpty { throw ExitCode(1) }
        if options.tables != nil, analysis.tables.isEmpty { throw ExitCode(1) }
    }
}
