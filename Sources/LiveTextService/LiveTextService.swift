import DBusKit
import Foundation
import Synchronization
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
import LiveTextEngines
import LiveTextNotifications

/// The `org.livetext` session service: `Analyzer1` and `Interaction1` at `/org/livetext`, one
/// `Analysis1` object per request. Method handlers run off the bus queue; analyses run on the
/// shared analyzer, many at once, and each reply goes out when its own work is done.
public final class LiveTextService: Sendable {
    let bus: DBusConnection
    let analyzer: ImageAnalyzer
    let interpreter: LiveInterpreter
    let settings: SettingsStore
    let registry: AnalysisRegistry
    /// The process behind each calling connection, and what all of them may run at once.
    let clients: CallerClients
    let requestLimits = RequestLimits()
    /// `Detect` calls, one a core at a time, the clients taking turns.
    let detections = FairQueue(width: ProcessInfo.processInfo.activeProcessorCount)
    let log: ServiceLog
    /// The daemon's own display, opened on the first capture, clipboard read or copy.
    let desktop: Desktop
    /// The displays requests named, each for those requests alone.
    let requestedDesktops = RequestedDesktops()
    /// The hotkeys, once started.
    let hotkeyState = Mutex<HotkeyState?>(nil)
    /// The run of the latest hotkey press (a key, or `PressHotkey`), which a newer press cancels.
    let hotkeyRun = Mutex<Task<Void, Never>?>(nil)
    /// The settings observation that announces new interaction properties, once exported.
    let interactionObservation = Mutex<SettingsObservation?>(nil)
    /// The notifications, from this connection (made on the first one).
    let notifications = ServiceNotifier()
    let memory = MemoryTrim()
    /// Consent prompts for sandboxed callers, one an application at a time.
    let consents = ConsentPrompts()
    /// The live surface shown, one at a time.
    let liveSurface = LiveSurfaceSlot()

    public init(bus: DBusConnection, analyzer: ImageAnalyzer, interpreter: LiveInterpreter,
                settings: SettingsStore, desktop: Desktop = Desktop(), log: ServiceLog = ServiceLog()) {
        self.bus = bus
        self.desktop = desktop
        self.analyzer = analyzer
        self.interpreter = interpreter
        self.settings = settings
        self.log = log
        registry = AnalysisRegistry(lifetime: .seconds(settings.settings.limits.analysisLifetimeSeconds))
        clients = CallerClients(bus: bus)
    }

    /// Exports the objects (before the name is requested: systemd's `Type=dbus` counts the
    /// service ready once it owns the name) and starts watching callers leave the bus.
    public func export() async throws {
        try bus.export(ServiceNames.root, interfaces: [gated(analyzerInterface()), gated(interactionInterface())])
        // A minute without requests: the extra engines of the last burst go (a tesseract engine
        // holds 10-20 MB), the first stays warm.
        await memory.onIdle { [weak self] in
            guard let self else { return }
            let dropped = await self.analyzer.releaseIdleEngines(keeping: 1)
            if dropped > 0 { self.log.info("idle: released \(dropped) OCR engines, one stays warm") }
        }
        let departures = try await bus.signals(matching: .nameOwnerChanged())
        Task { [weak self] in
            for await signal in departures {
                guard let change = NameOwnerChange(signal), change.isDisconnect, let self else { continue }
                await self.releaseAll(of: change.name)
            }
        }
        let observation = settings.observe { [weak self] old, new in
            guard let self, old.interaction != new.interaction else { return }
            try? self.bus.emitPropertiesChanged(path: ServiceNames.root, interface: ServiceNames.interaction,
                                                changed: Self.interactionValues(new.interaction))
        }
        interactionObservation.withLock { $0 = observation }
    }

    /// Stops what follows the settings and the hotkeys: the service answers no more changes.
    public func stop() async {
        await stopHotkeys()
        requestedDesktops.closeAll()
        if let observation = interactionObservation.withLock({ old in defer { old = nil }; return old }) {
            settings.removeObserver(observation)
        }
    }

    /// The analyzer configuration the settings give, before a request's options.
    var defaultConfiguration: ImageAnalyzer.Configuration {
        let current = settings.settings.analysis
        var configuration = ImageAnalyzer.Configuration(types: current.types)
        if let languages = try? LanguageSet(current.languages.joined(separator: "+")) {
            configuration.languages = languages
        }
        return configuration
    }

    // MARK: Requests

    /// Registers an analysis for `owner`, exports its object and starts decoding and analysing
    /// what `load` returns; returns the object's path.
    func startAnalysis(owner: String, options: RequestOptions, source: String, inputBytes: Int = 0,
                       load: @escaping @Sendable () throws -> PixelImage) async throws -> DBusValue {
        try await startAnalysis(owner: owner, options: options, describing: source, inputBytes: inputBytes) { _ in
            AcquiredImage(image: try await BlockingWork.run(load), source: source)  // decoding blocks: not on the cooperative pool
        }
    }

    /// The same for images that take waiting to get (a capture, the clipboard): `acquire` gives
    /// the pixels, their `image.source` and the capture's time; a selection hands what the
    /// pointer rests over to its argument, to be read before the release (`SelectionPrefetch`).
    /// A capture cancels the caller's captures still running. `inputBytes`, what the request holds
    /// from the start (encoded bytes, pixels), counts against the bytes in flight until it ends.
    func startAnalysis(owner: String, options: RequestOptions, describing description: String, isCapture: Bool = false,
                       inputBytes: Int = 0, acquire: @escaping @Sendable (_ atRest: @escaping @Sendable (ScreenImage) -> Void) async throws
                           -> AcquiredImage) async throws -> DBusValue {
        .objectPath(try await startRecord(owner: owner, options: options, describing: description, isCapture: isCapture,
                                          inputBytes: inputBytes, acquire: acquire).path)
    }

    /// The same, returning the record; `exported`: false keeps it off the bus (`Analyze` replies
    /// with its result, not its object). A copy or a notification outlives a caller outside a
    /// sandbox (a script's `gdbus call` leaves at once); nothing is done for any other caller
    /// once it left.
    func startRecord(owner: String, options: RequestOptions, describing description: String, isCapture: Bool = false,
                     inputBytes: Int = 0, exported: Bool = true,
                     acquire: @escaping @Sendable (_ atRest: @escaping @Sendable (ScreenImage) -> Void) async throws
                         -> AcquiredImage) async throws -> AnalysisRecord {
        let trusted = AccessGrant.current?.caller.isUnconfined ?? false
        let desktop = try self.desktop(for: options)
        let (record, ticket) = try await admit(owner: owner, options: options, isCapture: isCapture, inputBytes: inputBytes,
                                               exported: exported, outlivesCaller: trusted && (options.copy || options.notify))
        let requestLimits = self.requestLimits, log = self.log
        let readsAccessibility = isCapture && (options.requested.accessibility ?? settings.settings.analysis.accessibility)
        let pipeline = AnalysisPipeline(analyzer: analyzer, configuration: options.configuration,
                                        accessibleText: readsAccessibility ? AccessibleTextReading() : nil)
        let alsoPrimary = options.primary || settings.settings.clipboard.alsoPrimary
        let delivery: AnalysisPipeline.Delivery? = options.copy ? .copy(alsoPrimary: alsoPrimary) : nil
        let notify = options.notify, types = options.interaction
        let display = desktop === self.desktop ? "" : " on display \(desktop.displayName ?? "")"
        log.info("analysis \(record.id) for \(owner): \(description)\(display)")
        // The ticket goes back when the work has really ended, cancelled or not.
        await record.start({ try await requestLimits.holding(ticket) {
            let (outcome, delivered) = try await pipeline.run(acquire: acquire, then: delivery, to: desktop)
            if outcome.readWhileResting { log.info("analysis \(record.id): read while the pointer rested") }
            if notify {
                // The reply does not wait for the notification server.
                Task { [weak self] in
                    await self?.notify(outcome.analysis, image: outcome.image, types: types,
                                       delivery: NotificationDelivery(delivered))
                }
            }
            return outcome.analysis
        } }, finished: { [weak self] record, state in
            await self?.finished(record, state: state)
        })
        return record
    }

    /// Admits a request of `owner` and makes its record (on the bus when `exported`): this caller's
    /// running captures (with `replace`, all its analyses) are cancelled, the configuration is
    /// checked, a copy's display looked for, and the request counted against its
    /// client's limits until the returned ticket goes back. `outlivesCaller`: the work goes on when
    /// the caller leaves the bus; `isLive`: a live surface's (see `AnalysisRecord.isLive`).
    func admit(owner: String, options: RequestOptions, isCapture: Bool = false, inputBytes: Int = 0,
               exported: Bool = true, outlivesCaller: Bool, isLive: Bool = false) async throws
        -> (AnalysisRecord, RequestLimits.Ticket) {
        for record in await registry.records(of: owner) where options.replace || (isCapture && record.isCapture) {
            if await record.cancel() { await announce(record, state: .cancelled) }
        }
        try analyzer.checkConfiguration(options.configuration)
        // Asked to copy: a daemon without a display says so now, not after the work.
        if options.copy { try await desktop(for: options).checkAvailable(for: options.primary ? [.copy, .copyPrimary] : .copy) }
        let limits = settings.settings.limits
        let client = await clients.client(of: owner)
        let ticket = try await requestLimits.admit(client: client, bytes: inputBytes, limits: limits)
        do {
            let record = try await registry.create(owner: owner, client: client, maxPerClient: limits.maxAnalysesPerCaller,
                                                   isCapture: isCapture, outlivesCaller: outlivesCaller, isOnBus: exported,
                                                   isLive: isLive, display: options.display, xauthority: options.xauthority,
                                                   waylandDisplay: options.waylandDisplay)
            if exported {
                try bus.export(record.path, interfaces: [gated(analysisInterface(record), record: record)], access: record.access)
            }
            // A caller that left while this call was admitted was not there to be released: it
            // must not hold a slot (nor the reads of its fds) until they time out.
            if !outlivesCaller, !(await isOnBus(owner)) {
                await release(record)
                throw LiveTextError(.cancelled, "the caller left the bus: its request is cancelled")
            }
            return (record, ticket)
        } catch {
            await requestLimits.release(ticket)
            throw error
        }
    }

    func finished(_ record: AnalysisRecord, state: AnalysisRecord.State) async {
        if let error = await record.error, state == .failed {
            log.info("analysis \(record.id) failed: \(error.code.dbusName)")
        } else {
            log.info("analysis \(record.id) \(state.rawValue)")
        }
        await announce(record, state: state)
        await memory.request()
        // Only the id: a released analysis must not be kept alive, result and all, until expiry.
        let lifetime = await registry.lifetime
        let id = record.id
        Task { [weak self] in
            try? await Task.sleep(for: lifetime)
            await self?.release(id: id)
        }
    }

    func announce(_ record: AnalysisRecord, state: AnalysisRecord.State) async {
        // An object nobody could see: no signal names a path that was never on the bus.
        guard record.isOnBus else { return }
        try? bus.emitSignal(path: ServiceNames.root, interface: ServiceNames.analyzer, member: "AnalysisFinished",
                            arguments: [.objectPath(record.path), .string(state.rawValue)])
        try? await bus.emitPropertiesChanged(path: record.path, interface: ServiceNames.analysis,
                                             names: ["State", "Error"])
        // The result, to its owner alone: a live analysis' last reading, or a finished one's whole.
        if state == .finished || record.isLive { await publishResult(of: record) }
    }

    /// `PropertiesChanged` with the result's properties, sent to the record's owner only (nobody
    /// else may read them).
    func publishResult(of record: AnalysisRecord) async {
        guard record.isOnBus, await record.analysis != nil else { return }
        try? await bus.emitPropertiesChanged(path: record.path, interface: ServiceNames.analysis,
                                             names: AnalysisRecord.resultProperties, destination: record.owner)
    }

    /// Drops the record and its object; `cancelling` also stops its work.
    func release(_ record: AnalysisRecord, cancelling: Bool = true) async {
        guard await registry.remove(record.id) != nil else { return }
        if cancelling { await record.cancel() }
        bus.unexport(record.path)
        await memory.request()
    }

    /// Releases the analysis `id` if it is still there (expiry).
    func release(id: Int) async {
        guard let record = await registry.record(id) else { return }
        await release(record)
    }

    func releaseAll(of owner: String) async {
        await clients.forget(owner)
        let records = await registry.records(of: owner)
        guard !records.isEmpty else { return }
        log.info("\(owner) left the bus: releasing \(records.count) analyses")
        // A copy or a notification asked for still happens; nobody is left to read the result.
        for record in records { await release(record, cancelling: !record.outlivesCaller) }
    }
}
