import ArgumentParser
import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
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
        let types = try InteractionType.option(interactionNames)
            ?? DetectionEnvironment.settings.interaction.preferredInteractionTypes
        guard !types.contains(.none) else {
            throw ValidationError("live text with the interaction type none offers nothing: give automatic, "
                                  + "textSelection or dataDetectors (--interaction), or use `livetext capture`")
        }
        return types
    }

    /// Shows `source` live until the user closes it, then does what they chose: hands the copy to
    /// a detached clipboard server, runs the action of a clicked item or chip, opens a look-up or
    /// translation of the selection; prints the analysis with `--json`.
    func run(_ source: LiveSession.Source) async throws {
        let options = analysis
        let settings = DetectionEnvironment.settings.interaction
        let interface = SupplementaryInterface(isHidden: settings.supplementaryInterfaceHidden,
                                               contentInsets: settings.supplementaryInterfaceContentInsets,
                                               font: FontDescription(parsing: settings.supplementaryInterfaceFont) ?? .standard)
        let session = LiveSession(source: source, maxPixels: options.maxPixels,
                                  types: try interaction(), interface: interface,
                                  allowDataDetectorsInTextMode: settings.allowDataDetectorsInTextMode)
        let configuration = try options.configuration()
        let analyzer = try ImageAnalyzer.system(interpreter: try DetectionEnvironment.interpreter())
        try analyzer.checkConfiguration(configuration)
        // Engines load while the screen is being frozen.
        let warm = Task { try? await analyzer.prewarm() }
        let pipeline = AnalysisPipeline(analyzer: analyzer, configuration: configuration)
        let outcome: Result<LiveSession.Outcome, any Error>
        do {
            outcome = .success(try await Desktop.using { desktop in
                let outcome = try await session.run(analyze: { image in
                    try await pipeline.analyze { _ in AcquiredImage(image) }.analysis
                }, copy: { text in
                    try desktop.copySynchronously(text)
                })
                // The copy outlives this process: a detached server takes it over before the
                // desktop's own clipboard owner goes.
                if let copied = outcome.copied { try DetachedClipboard.copy(copied, alsoPrimary: false) }
                return outcome
            })
        } catch {
            outcome = .failure(error)
        }
        // An engine still loading when the process exits runs into libtesseract's finalizers.
        warm.cancel()
        await warm.value
        let ended = try outcome.get()
        if reportTiming { StandardError.write(ended.timings.json + "\n") }
        ended.notes.forEach(Diagnostics.note)
        if let analysis = ended.analysis, options.json {
            try ResultPrinter(json: true, onlyItems: configuration.only != nil, labelled: false).print(analysis, name: "")
        }
        if let failure = ended.readingFailure { throw failure }
        if let action = ended.action, let analysis = ended.analysis {
            try DetectionEnvironment.perform(action.id, actions: analysis.actions, items: analysis.items, text: analysis.text)
        }
        if let (kind, text) = ended.textAction {
            // Look Up or Translate of the selection, through the same templates and opener as the text's own.
            let templates = DetectionEnvironment.templates(DetectionEnvironment.settings.actions).applyingEnvironment()
            let action = QuickAction(id: "\(kind.rawValue)-selection", title: kind.rawValue, kind: kind,
                                     target: ActionTemplates.fill(kind == .lookup ? templates.lookup : templates.translate,
                                                                  with: text),
                                     subject: .text)
            try DetectionEnvironment.perform(action.id, actions: [action], items: [], text: text)
        }
        if !ended.confirmed, ended.copied == nil { throw LiveTextError(.cancelled, "closed without copying") }
    }
}
