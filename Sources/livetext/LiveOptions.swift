import ArgumentParser
import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextEngines
import LiveTextInteraction

/// What `live` and `view` share: the analysis options, the interaction types, and the session run
/// from the surface to what the user chose.
struct LiveOptions: ParsableArguments {
    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .customLong("interaction"), parsing: .singleValue,
            help: ArgumentHelp("What the text offers (default: the settings'); none is refused.",
                               valueName: InteractionType.allCases.map(\.rawValue).joined(separator: "|")))
    var interactionNames: [String] = []

    @Flag(help: ArgumentHelp("Print the session's timings as one JSON line on stderr (for bench/live.py).",
                             visibility: .hidden))
    var reportTiming = false

    func validate() throws {
        _ = try interaction()
    }

    /// The interaction types asked for; `none` is refused: live text with nothing to offer.
    func interaction() throws -> [InteractionType] {
        try DetectionEnvironment.liveInteraction(interactionNames, otherwise: "use `livetext capture`")
    }

    /// Shows `target` live until the user closes it, then does what they chose: hands the copy to
    /// a detached clipboard server, runs the action of a clicked item or chip, opens a look-up or
    /// translation of the selection; prints the analysis with `--json`. `accessibility`: whether the
    /// text applications publish is taken (nil: the settings' `analysis.accessibility`).
    func run(_ target: CaptureRequest, accessibility: Bool? = nil) async throws {
        let options = analysis
        let readsAccessibility = try accessibility ?? ConfigFile.standard().load().settings.analysis.accessibility
        let settings = DetectionEnvironment.settings.interaction
        let session = LiveSession(target: target, maxPixels: options.maxPixels,
                                  types: try interaction(), interface: DetectionEnvironment.supplementaryInterface,
                                  allowDataDetectorsInTextMode: settings.allowDataDetectorsInTextMode)
        // Engines load while the screen is being frozen.
        let (ended, configuration) = try await DetectionEnvironment.runLive(options, copied: { $0.copied }) { pipeline, desktop in
            // The surface on the display server that copies: one session for both.
            var session = session, pipeline = pipeline
            session.desktop = desktop
            if readsAccessibility { pipeline.accessibleText = AccessibleTextReading() }
            return try await session.run(analyze: { [pipeline] image, progress in
                try await pipeline.analyze(image, progress: progress)
            }, copy: { text in
                try desktop.copySynchronously(text)
            })
        }
        if reportTiming { StandardError.write(ended.timings.json + "\n") }
        ended.notes.forEach(Diagnostics.note)
        if let analysis = ended.analysis, options.json {
            try ResultPrinter(json: true, onlyItems: configuration.only != nil, labelled: false).print(analysis, name: "")
        }
        if let failure = ended.readingFailure { throw failure }
        if let (action, reading) = ended.action {
            try DetectionEnvironment.perform(action.id, actions: reading.actions, items: reading.items, text: reading.text)
        }
        if let (kind, text) = ended.textAction {
            // Look Up or Translate of the selection, through the same templates and opener as the text's own.
            try DetectionEnvironment.perform(kind, on: text)
        }
        if !ended.confirmed, ended.copied == nil { throw LiveTextError(.cancelled, "closed without copying") }
    }
}
