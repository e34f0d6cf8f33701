import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
import LiveTextNotifications
import X11Kit

/// The global hotkeys of the settings, grabbed on the daemon's display: a press freezes the
/// screen for a selection, analyzes it and copies, types or just offers the result. A newer press
/// cancels a run still going (its image is stale).
final class HotkeyActions: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var grabber: HotkeyGrabber?
    private var hotkeys: [String: Hotkey] = [:]
    private var running: Task<Void, Never>?
    private var closed = false
    /// Told what a grab did when the hotkeys are grabbed again after the display came back.
    private var regrabbed: (@Sendable (GrabOutcome) -> Void)?

    /// How often a display that went away is tried again, to grab the hotkeys once it is back.
    static let retryInterval: Duration = .seconds(1)

    /// What a grab did: why no hotkey works at all (no display), one line per hotkey another
    /// program holds, and the hotkeys grabbed.
    struct GrabOutcome: Sendable {
        var off: String?
        var taken: [String] = []
        var grabbed: [String] = []
    }

    /// Grabs `hotkeys` (replacing earlier grabs) on `displayName`. Without a display, says so and
    /// grabs nothing.
    /// When the display goes away, they are grabbed again once it is back (an X server restart),
    /// and `regrabbed` hears what that grab did.
    func grab(_ hotkeys: [String: Hotkey], displayName: String?, service: LiveTextService,
              regrabbed: (@Sendable (GrabOutcome) -> Void)? = nil) -> GrabOutcome {
        lock.lock()
        defer { lock.unlock() }
        self.hotkeys = hotkeys
        if let regrabbed { self.regrabbed = regrabbed }
        if hotkeys.isEmpty {
            grabber?.close()
            grabber = nil
            return GrabOutcome()
        }
        if grabber == nil {
            do {
                let fresh = try HotkeyGrabber(displayName: displayName)
                grabber = fresh
                let presses = fresh.presses
                Task { [weak self, weak service] in
                    for await name in presses {
                        guard let self, let service else { return }
                        self.pressed(name, service: service)
                    }
                    // The presses end when the display went away (or on close).
                    guard let self, let service else { return }
                    await self.grabAgain(after: fresh, displayName: displayName, service: service)
                }
            } catch {
                return GrabOutcome(off: "hotkeys are off: \((error as? LiveTextError)?.message ?? "\(error)")")
            }
        }
        let bindings = hotkeys.sorted { $0.key < $1.key }.map { name, hotkey in
            HotkeyBinding(id: name, modifiers: Self.modifiers(hotkey.keys.modifiers), keysym: hotkey.keys.key)
        }
        let failures = grabber!.grab(bindings)
        let failed = Set(failures.map(\.id))
        return GrabOutcome(taken: failures.map { "hotkey \($0.id): \($0.message)" },
                           grabbed: bindings.filter { !failed.contains($0.id) }.map { "\($0.id) (\(hotkeys[$0.id]!.keys))" })
    }

    /// After `lost`'s display went away: tries the display every `retryInterval` until it is back
    /// and grabs the hotkeys there, unless they were closed or grabbed anew meanwhile.
    private func grabAgain(after lost: HotkeyGrabber, displayName: String?, service: LiveTextService) async {
        let current = lock.withLock {
            guard grabber === lost, !closed else { return false }
            grabber = nil
            return true
        }
        guard current else { return }
        service.log.warning("hotkeys: the X display went away; they are grabbed again when it is back")
        while true {
            try? await Task.sleep(for: Self.retryInterval)
            let (hotkeys, report) = lock.withLock { (self.hotkeys, self.regrabbed) }
            guard lock.withLock({ !closed && grabber == nil }), !hotkeys.isEmpty else { return }
            let outcome = grab(hotkeys, displayName: displayName, service: service)
            if outcome.off == nil {
                report?(outcome)
                return
            }
        }
    }

    func close() {
        lock.withLock {
            closed = true
            grabber?.close()
            grabber = nil
            running?.cancel()
        }
    }

    private func pressed(_ name: String, service: LiveTextService) {
        lock.withLock {
            guard let hotkey = hotkeys[name] else { return }
            running?.cancel()
            running = Task { await service.runHotkey(name, hotkey) }
        }
    }

    static func modifiers(_ modifiers: KeyCombo.Modifiers) -> HotkeyModifiers {
        let pairs: [(KeyCombo.Modifiers, HotkeyModifiers)] = [
            (.shift, .shift), (.control, .control), (.alt, .alt), (.super, .super),
            (.mod1, .mod1), (.mod2, .mod2), (.mod3, .mod3), (.mod4, .mod4), (.mod5, .mod5),
        ]
        return pairs.reduce(into: HotkeyModifiers()) { result, pair in
            if modifiers.contains(pair.0) { result.insert(pair.1) }
        }
    }
}

extension LiveTextService {
    /// Grabs the settings' hotkeys now and again whenever they change.
    public func startHotkeys() {
        let report: @Sendable (HotkeyActions.GrabOutcome) -> Void = { [weak self] outcome in
            for line in [outcome.off].compactMap({ $0 }) + outcome.taken { self?.log.warning(line) }
            if !outcome.grabbed.isEmpty { self?.log.info("hotkeys: " + outcome.grabbed.joined(separator: ", ")) }
            // A combination another program holds: the user pressing it would otherwise never know why.
            let taken = outcome.taken
            guard !taken.isEmpty else { return }
            Task { [weak self] in
                await self?.notifyProblem(taken.count == 1 ? "A livetext hotkey is not available"
                                                           : "\(taken.count) livetext hotkeys are not available",
                                          body: taken.joined(separator: "\n"))
            }
        }
        report(hotkeyActions.grab(settings.settings.hotkeys, displayName: desktop.displayName, service: self,
                                  regrabbed: report))
        _ = settings.observe { [weak self] old, new in
            guard let self, old.hotkeys != new.hotkeys else { return }
            report(self.hotkeyActions.grab(new.hotkeys, displayName: self.desktop.displayName, service: self))
        }
    }

    /// Releases the hotkeys and cancels a run still going.
    public func stopHotkeys() { hotkeyActions.close() }

    /// One hotkey press: select, analyze, then copy or type what was found.
    func runHotkey(_ name: String, _ hotkey: Hotkey) async {
        var configuration = defaultConfiguration
        if hotkey.action == .codes { configuration.types = [.codes, .detectors] }
        let only: Set<ItemKind>? = hotkey.only.isEmpty ? nil : hotkey.only
        if let only {
            configuration.types.insert(.detectors)
            configuration.only = only
        }
        log.info("hotkey \(name) (\(hotkey.keys)): \(hotkey.action.rawValue)")
        do {
            let prefetch = SelectionPrefetch(analyzer: analyzer, configuration: configuration)
            defer { prefetch.cancel() }
            let captured = try await desktop.capture(.select, maxPixels: maxPixels, atRest: prefetch.rested(over:))
            let (analysis, readWhileResting) = try await prefetch.analysis(of: captured.image, source: captured.source)
            if readWhileResting { log.info("hotkey \(name): read while the pointer rested") }
            let text = analysis.plainText(onlyItems: only != nil)
            var delivery = NotificationDelivery.shown
            if text.isEmpty {
                log.info("hotkey \(name): nothing found")
            } else {
                switch hotkey.action {
                case .copyText, .codes:
                    try await desktop.copy(text, alsoPrimary: settings.settings.clipboard.alsoPrimary)
                    log.info("hotkey \(name): copied \(text.unicodeScalars.count) characters")
                    delivery = .copied(text)
                case .typeText:
                    try await desktop.type(text)
                    log.info("hotkey \(name): typed \(text.unicodeScalars.count) characters")
                    delivery = .typed(text)
                case .analyze:
                    log.info("hotkey \(name): \(analysis.items.count) items, \(analysis.codes.count) codes")
                }
            }
            // Nothing found is worth saying too: the user pressed a key and waits for an answer.
            if hotkey.notify { await notify(analysis, image: captured.image, types: nil, delivery: delivery) }
        } catch let error as LiveTextError where error.code == .cancelled {
            log.info("hotkey \(name): cancelled")
        } catch {
            log.warning("hotkey \(name): \((error as? LiveTextError)?.message ?? "\(error)")")
        }
    }
}
