import ArgumentParser
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
import LiveTextEngines
import LiveTextInteraction

/// What `livetext live` and `livetext view` take from the settings alike.
extension DetectionEnvironment {
    /// The settings' supplementary interface: hidden, content insets, font.
    static var supplementaryInterface: SupplementaryInterface {
        settings.interaction.supplementaryInterface
    }

    /// The interaction types `--interaction` names, else the settings'; `none` is refused (live
    /// text with nothing to offer), `alternative` saying what to do instead.
    static func liveInteraction(_ names: [String], otherwise alternative: String) throws -> [InteractionType] {
        let types = try InteractionType.option(names) ?? settings.interaction.preferredInteractionTypes
        guard !types.contains(.none) else {
            throw ValidationError("live text with the interaction type none offers nothing: give automatic, "
                                  + "textSelection or dataDetectors (--interaction), or \(alternative)")
        }
        return types
    }

    /// Look Up or Translate of `text` (a selection's), through the settings' templates (the
    /// `LIVETEXT_*_URL` variables overriding) and opener, as the text's own actions are.
    static func perform(_ kind: QuickAction.Kind, on text: String) throws {
        let action = templates(settings.actions).applyingEnvironment().action(kind, forSelection: text)
        try perform(action.id, actions: [action], items: [], text: text)
    }

    /// Runs a live session (`body`) with an analysis pipeline for `options`, the engines warming
    /// meanwhile, and the desktop. The text `copied` says was copied last outlives this process: a
    /// detached server takes it over before the desktop's own clipboard owner goes. Returns once
    /// the engines stopped warming (one still loading at exit runs into libtesseract's finalizers).
    static func runLive<Outcome: Sendable>(_ options: AnalysisOptions, copied: @escaping @Sendable (Outcome) -> ClipboardContent?,
                                           _ body: @escaping @Sendable (AnalysisPipeline, Desktop) async throws -> Outcome)
        async throws -> (Outcome, ImageAnalyzer.Configuration) {
        let configuration = try options.configuration()
        let analyzer = try ImageAnalyzer.system(interpreter: try interpreter())
        try analyzer.checkConfiguration(configuration)
        // Every engine a reading of the whole screen uses, loaded while the screen is frozen.
        let warm = Task { try? await analyzer.prewarm(engines: analyzer.concurrency) }
        let pipeline = AnalysisPipeline(analyzer: analyzer, configuration: configuration)
        let outcome: Result<Outcome, any Error>
        do {
            outcome = .success(try await Desktop.using { desktop in
                let outcome = try await body(pipeline, desktop)
                if let content = copied(outcome) {
                    do {
                        try DetachedClipboard.copy(content, alsoPrimary: false)
                    } catch let error as LiveTextError where error.code == .unavailable && Desktop.surfaceCopyIsServed {
                        // GNOME without Xwayland: the surface's copy cannot be handed to another
                        // process; this one serves it until something else is copied.
                        Diagnostics.note("the copy stays on the clipboard while livetext serves it (only a focused window "
                                         + "may copy here): it exits when something else is copied")
                        _ = try await BlockingWork.run { Desktop.waitUntilSurfaceCopyReplaced(timeout: nil) }
                    }
                }
                return outcome
            })
        } catch {
            outcome = .failure(error)
        }
        warm.cancel()
        await warm.value
        return (try outcome.get(), configuration)
    }
}
