import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
import LiveTextInteraction
import Synchronization

/// The one live surface the daemon shows at a time (a D-Bus call's or a hotkey's): taken before
/// a surface is shown, given back when it has closed.
final class LiveSurfaceSlot: Sendable {
    private let taken = Mutex(false)

    /// Takes the slot; `unavailable` while a surface is up (that one stays).
    func take() throws {
        let free = taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
        guard free else {
            throw LiveTextError(.unavailable, "live text is already shown: use it, or close it with Esc first")
        }
    }

    func release() {
        taken.withLock { $0 = false }
    }

    /// Whether a live surface is up or coming up.
    var isTaken: Bool { taken.withLock { $0 } }
}

extension LiveTextService {
    /// `CaptureScreen` with `live`: shows `target` live on the daemon's display and returns the
    /// record at once, pending while the surface is up. Its analysis fills in as the screen is
    /// read (each reading sent to the caller in `PropertiesChanged`); when the user closes the
    /// surface it ends finished, failed with the reading's error, or cancelled when closed before
    /// the whole was read (what was copied meanwhile stays copied). A live surface outlives its caller: the user, not the caller, closes it.
    /// Throws at once without a display, for a sandboxed caller the user does not allow, for
    /// interaction types that offer nothing, and while a live surface is up.
    func startLive(_ target: CaptureRequest, owner: String, options: RequestOptions) async throws -> AnalysisRecord {
        let desktop = try desktop(for: options)
        try await desktop.checkAvailable()
        let types = try liveTypes(options.interaction)
        let slot = liveSurface
        try slot.take()
        let record: AnalysisRecord, ticket: RequestLimits.Ticket
        do {
            (record, ticket) = try await admit(owner: owner, options: options, outlivesCaller: true,
                                               isLive: true)
        } catch {
            slot.release()
            throw error
        }
        // Readings reach the record in order; a newer one waiting replaces an older (it holds
        // the older's lines), so a burst of lines costs the caller one signal.
        let (readings, reading) = AsyncStream<ImageAnalysis>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let publishing = Task { [weak self] in
            for await analysis in readings {
                guard await record.update(analysis) else { return }
                await self?.publishResult(of: record)
            }
        }
        let requestLimits = self.requestLimits, configuration = options.configuration, activationToken = options.activationToken
        let accessibility = options.requested.accessibility ?? settings.settings.analysis.accessibility
        let alsoPrimary = options.primary || settings.settings.clipboard.alsoPrimary
        log.info("analysis \(record.id) for \(owner): live \(target)")
        await record.start({ [weak self] in
            defer { slot.release() }
            guard let self else { throw LiveTextError.cancelled }
            return try await requestLimits.holding(ticket) {
                defer { reading.finish() }
                let ended = try await self.showLive(target, on: desktop, configuration: configuration, types: types,
                                                    alsoPrimary: alsoPrimary, accessibility: accessibility,
                                                    activationToken: activationToken, onReading: { analysis in
                    reading.yield(analysis)
                })
                reading.finish()
                await publishing.value
                if let analysis = ended.analysis { return analysis }
                throw ended.readingFailure ?? .cancelled
            }
        }, finished: { [weak self] record, state in
            await self?.finished(record, state: state)
        })
        return record
    }

    /// A `live` hotkey press: the monitor under the pointer, live, until the user closes it.
    func runLiveHotkey(_ name: String, configuration: ImageAnalyzer.Configuration, on desktop: Desktop,
                       activationToken: String? = nil) async {
        let pressed = ContinuousClock.now
        do {
            // First: a press meanwhile is told by it that a surface is coming (see startHotkeys).
            try liveSurface.take()
            defer { liveSurface.release() }
            let types = try liveTypes(nil)
            let target = try await desktop.monitorUnderPointer()
            // What the press costs before the session's own clock starts (bench/live_hotkey.py).
            let setup = LiveTimings.since(pressed)
            log.info("hotkey \(name): live text on \(target) starting \(setup) ms after the press")
            let ended = try await showLive(target, on: desktop, configuration: configuration, types: types,
                                           alsoPrimary: settings.settings.clipboard.alsoPrimary,
                                           accessibility: settings.settings.analysis.accessibility, activationToken: activationToken)
            let lines = ended.analysis?.blocks.reduce(0) { $0 + $1.lines.count }
            log.info("hotkey \(name): live text on \(target) closed" + (lines.map { ", \($0) lines read" } ?? ""))
        } catch let error as LiveTextError where error.code == .cancelled {
            log.info("hotkey \(name): cancelled")
        } catch {
            log.warning("hotkey \(name): \((error as? LiveTextError)?.message ?? "\(error)")")
        }
    }

    /// Shows `target` live until the user closes it: copies go to the daemon's clipboard owner
    /// (which keeps serving them), and what the user chose (an item's action, Look Up or Translate
    /// of the selection) is carried out once nothing is grabbed any more, as the daemon's other
    /// actions are. `onReading` hears each reading, as `LiveSession.run` says; `activationToken`
    /// (the request's) asks the compositor for the surface's focus. With `accessibility`, the text
    /// applications publish is live at once where it is drawn (`AnalysisPipeline.analyze(_:progress:)`).
    func showLive(_ target: CaptureRequest, on desktop: Desktop? = nil, configuration: ImageAnalyzer.Configuration,
                  types: [InteractionType], alsoPrimary: Bool, accessibility: Bool = false, activationToken: String? = nil,
                  onReading: @escaping @Sendable (ImageAnalysis) -> Void = { _ in }) async throws
        -> LiveSession.Outcome {
        let interaction = settings.settings.interaction
        let desktop = desktop ?? self.desktop
        var session = LiveSession(desktop: desktop, target: target, maxPixels: maxPixels, types: types,
                                  interface: interaction.supplementaryInterface,
                                  allowDataDetectorsInTextMode: interaction.allowDataDetectorsInTextMode)
        session.activationToken = activationToken
        let pipeline = AnalysisPipeline(analyzer: analyzer, configuration: configuration,
                                        accessibleText: accessibility ? AccessibleTextReading() : nil)
        // Read from the pointer outwards, each batch of lines live (and heard) as soon as it is read.
        let ended = try await session.run(analyze: { image, progress in
            try await pipeline.analyze(image, progress: progress)
        }, copy: { text in
            try desktop.copySynchronously(text, alsoPrimary: alsoPrimary)
        }, onReading: onReading, onShown: { [log] shownMs in
            log.info("live text: the frozen screen up \(shownMs) ms after the session started")
        })
        let timings = ended.timings
        log.info("live text: shown in \(timings.shownMs) ms, first lines live in \(timings.firstLiveMs.map { "\($0)" } ?? "-") "
                 + "ms, all in \(timings.liveMs.map { "\($0)" } ?? "-") ms")
        ended.notes.forEach { log.info("live text: \($0)") }
        if let copied = ended.copied { log.info("live text: copied \(copied.plain.unicodeScalars.count) characters\(copied.html == nil ? "" : ", with HTML")") }
        await performChosen(ended, on: desktop)
        return ended
    }

    /// The interaction types of a live surface: `asked`, else the settings'. `none` offers
    /// nothing: refused.
    func liveTypes(_ asked: [InteractionType]?) throws -> [InteractionType] {
        let types = asked ?? settings.settings.interaction.preferredInteractionTypes
        guard !types.contains(.none) else {
            throw LiveTextError(.invalidArgs, "live text with the interaction type none offers nothing, and "
                                + "PreferredInteractionTypes is none: give interaction (automatic, textSelection or "
                                + "dataDetectors), or set PreferredInteractionTypes")
        }
        return types
    }

    /// Carries out what the user chose on the surface; a failure is logged and shown (the user
    /// clicked and waits for something to happen).
    private func performChosen(_ ended: LiveSession.Outcome, on desktop: Desktop) async {
        var chosen: (id: String, actions: [QuickAction], items: [DetectedItem], text: String)?
        if let (action, reading) = ended.action {
            chosen = (action.id, reading.actions, reading.items, reading.text)
        }
        if let (kind, text) = ended.textAction {
            let action = interpreter.current.planner.templates.action(kind, forSelection: text)
            chosen = (action.id, [action], [], text)
        }
        guard let chosen else { return }
        do {
            let done = try await actionPerformer(desktop).performWaiting(chosen.id, in: (chosen.actions, chosen.items, chosen.text))
            log.info("live text: \(chosen.id): \(done)")
        } catch {
            let message = (error as? LiveTextError)?.message ?? "\(error)"
            log.warning("live text: \(chosen.id): \(message)")
            await notifyProblem("livetext could not do what you chose", body: message)
        }
    }
}
