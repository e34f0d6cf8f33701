import ArgumentParser
import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextEngines
import LiveTextInteraction

/// `livetext live`: the screen frozen, its text selectable where it stands.
struct LiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Freeze the screen and make its text live: select it where it stands and copy it.",
        discussion: """
            The screen (every monitor, or --monitor, --window, --region) freezes under one window and is \
            read at once; the words become live as soon as they are read. Drag over text to select it, \
            double click for a word, triple click for a line, Shift+click to extend, Ctrl+A for all. \
            Detected items are underlined (codes outlined): a click runs the first of their quick actions \
            (call, open, map, ...) and closes. The Live Text button at the bottom right shows everything \
            found (the rest dimmed) and the quick actions as chips. A right click on the selection offers \
            Copy, Copy as One Line, Look Up and Translate; on an item, all of its actions. \
            Ctrl+C copies the selection and stays; Enter copies it and closes; Esc closes. The copy \
            stays on the clipboard after livetext exits. Exit 5 when closed with Esc without copying. \
            Needs an X11 display (DISPLAY): exit 4 without one.
            """)

    @OptionGroup var options: AnalysisOptions

    @OptionGroup var target: ScreenTargetOptions

    @Option(name: .customLong("interaction"), parsing: .singleValue,
            help: ArgumentHelp("What the text offers (default: the settings'); none is refused.",
                               valueName: InteractionType.allCases.map(\.rawValue).joined(separator: "|")))
    var interactionNames: [String] = []

    @Flag(help: ArgumentHelp("Print the session's timings as one JSON line on stderr (for bench/live.py).",
                             visibility: .hidden))
    var reportTiming = false

    func validate() throws {
        guard target.count <= 1 else {
            throw ValidationError("give one of --monitor, --window, --region (or none for the whole screen)")
        }
        _ = try interaction()
    }

    /// The interaction types asked for; `none` is refused: live text with nothing to offer.
    func interaction() throws -> [InteractionType] {
        try DetectionEnvironment.liveInteraction(interactionNames, otherwise: "use `livetext capture`")
    }

    func run() async throws {
        let settings = DetectionEnvironment.settings.interaction
        let interface = DetectionEnvironment.supplementaryInterface
        let session = LiveSession(target: try target.request() ?? .screen, maxPixels: options.maxPixels,
                                  types: try interaction(), interface: interface,
                                  allowDataDetectorsInTextMode: settings.allowDataDetectorsInTextMode)
        // Engines load while the screen is being frozen.
        let (ended, configuration) = try await DetectionEnvironment.runLive(options, copied: { $0.copied }) { pipeline, desktop in
            try await session.run(analyze: { image in
                try await pipeline.analyze { _ in AcquiredImage(image) }.analysis
            }, copy: { text in
                try desktop.copySynchronously(text)
            })
        }
        if reportTiming { StandardError.write(ended.timings.json + "\n") }
        if let analysis = ended.analysis, options.json {
            try ResultPrinter(json: true, onlyItems: configuration.only != nil, labelled: false).print(analysis, name: "")
        }
        if let failure = ended.readingFailure { throw failure }
        if let action = ended.action, let analysis = ended.analysis {
            try DetectionEnvironment.perform(action.id, actions: analysis.actions, items: analysis.items, text: analysis.text)
        }
        if let (kind, text) = ended.textAction {
            // Look Up or Translate of the selection, through the same templates and opener as the text's own.
            try DetectionEnvironment.perform(kind, on: text)
        }
        if !ended.confirmed, ended.copied == nil { throw LiveTextError(.cancelled, "closed without copying") }
    }
}
