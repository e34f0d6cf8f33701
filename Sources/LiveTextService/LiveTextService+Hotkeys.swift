import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextNotifications

extension LiveTextService {
    /// Grabs the settings' hotkeys now and again whenever they change, until `stopHotkeys`; each
    /// press runs `runHotkey`, a newer press cancelling a run still going (its image is stale),
    /// except while a live surface is up or coming up: then a press is ignored.
    public func startHotkeys() async {
        // On Wayland the compositor owns global keys: grabs through Xwayland would fire only while
        // an X window has the focus. KDE Plasma binds them as its global shortcuts through the
        // portal; other compositors' bindings call PressHotkey instead.
        let hotkeys: GlobalHotkeys
        if desktop.session?.isWayland == true {
            let desktop = self.desktop
            guard (try? await BlockingWork.run(.waiting) { desktop.desktopKind }) == .kde else {
                log.info("hotkeys: this is a Wayland session; bind them in the compositor "
                         + "(`livetext hotkey --bindings sway` prints the lines), which runs them through this daemon")
                return
            }
            hotkeys = GlobalHotkeys(desktopShortcutsOn: nil, regrabbed: { [weak self] outcome in self?.report(outcome) })
        } else {
            hotkeys = GlobalHotkeys(displayName: desktop.displayName, lost: { [log] in
                log.warning("hotkeys: the X display went away; they are grabbed again when it is back")
            }, regrabbed: { [weak self] outcome in self?.report(outcome) })
        }
        let observation = settings.observe { [weak self] old, new in
            guard old.hotkeys != new.hotkeys else { return }
            Task { [weak self] in await self?.report(hotkeys.grab(new.hotkeys)) }
        }
        let presses = Task { [weak self] in
            for await press in hotkeys.presses {
                self?.press(press.name, press.hotkey)
            }
            self?.hotkeyRun.withLock { $0 }?.cancel()
        }
        hotkeyState.withLock { $0 = HotkeyState(hotkeys: hotkeys, observation: observation, presses: presses) }
        report(await hotkeys.grab(settings.settings.hotkeys))
    }

    /// A hotkey pressed (its keys, or `PressHotkey` from a compositor's binding): runs it,
    /// cancelling a run still going (its image is stale), except while a live surface is up or
    /// coming up: a press before it has the keyboard is a second tap, which must not close the
    /// first surface as a newer press would. Returns false when it was ignored so.
    /// `activationToken`: the binding's xdg-activation token, for a live surface's focus.
    @discardableResult
    func press(_ name: String, _ hotkey: Hotkey, on desktop: Desktop? = nil, activationToken: String? = nil) -> Bool {
        if liveSurface.isTaken { return false }
        let run = Task { [weak self] () -> Void in
            await self?.runHotkey(name, hotkey, on: desktop, activationToken: activationToken)
        }
        hotkeyRun.withLock { running in
            running?.cancel()
            running = run
        }
        return true
    }

    /// Releases the hotkeys, stops following the settings, and cancels a run still going.
    public func stopHotkeys() async {
        hotkeyRun.withLock { $0 }?.cancel()
        guard let state = hotkeyState.withLock({ state in defer { state = nil }; return state }) else { return }
        settings.removeObserver(state.observation)
        await state.hotkeys.close()
        state.presses.cancel()
    }

    /// What a grab did, in the log; a combination another program holds also in a notification:
    /// the user pressing it would otherwise never know why nothing happens.
    private func report(_ outcome: GlobalHotkeys.Outcome) {
        for line in [outcome.off].compactMap({ $0 }) + outcome.taken { log.warning(line) }
        if !outcome.grabbed.isEmpty {
            log.info("hotkeys: " + outcome.grabbed.joined(separator: ", ") + (outcome.through.map { ", through \($0)" } ?? ""))
        }
        let taken = outcome.taken
        guard !taken.isEmpty else { return }
        Task { [weak self] in
            await self?.notifyProblem(taken.count == 1 ? "A livetext hotkey is not available"
                                                       : "\(taken.count) livetext hotkeys are not available",
                                      body: taken.joined(separator: "\n"))
        }
    }

    /// One hotkey press: select, analyze, then copy or type what was found, and show it; or, for
    /// `live`, the live surface until the user closes it (no notification: the user saw it all).
    /// `desktop`: the session of the caller of `PressHotkey`; nil: the daemon's own.
    func runHotkey(_ name: String, _ hotkey: Hotkey, on desktop: Desktop? = nil, activationToken: String? = nil) async {
        let desktop = desktop ?? self.desktop
        var configuration = defaultConfiguration
        if hotkey.action == .codes { configuration.types = [.codes, .detectors] }
        if !hotkey.only.isEmpty {
            configuration.types.insert(.detectors)
            configuration.only = hotkey.only
        }
        log.info("hotkey \(name) (\(hotkey.keys)): \(hotkey.action.rawValue)")
        let delivery: AnalysisPipeline.Delivery?
        switch hotkey.action {
        case .copyText, .codes: delivery = .copy(alsoPrimary: settings.settings.clipboard.alsoPrimary)
        case .typeText: delivery = .type
        case .analyze: delivery = nil
        case .live: return await runLiveHotkey(name, configuration: configuration, on: desktop, activationToken: activationToken)
        }
        let pipeline = AnalysisPipeline(analyzer: analyzer, configuration: configuration,
                                        accessibleText: settings.settings.analysis.accessibility ? AccessibleTextReading() : nil)
        let maxPixels = self.maxPixels
        do {
            let (outcome, delivered) = try await pipeline.run(acquire: { atRest in
                AcquiredImage(try await desktop.capture(.select, maxPixels: maxPixels, atRest: atRest))
            }, then: delivery, to: desktop)
            if outcome.readWhileResting { log.info("hotkey \(name): read while the pointer rested") }
            switch delivered {
            case .copied(let text): log.info("hotkey \(name): copied \(text.unicodeScalars.count) characters")
            case .typed(let text): log.info("hotkey \(name): typed \(text.unicodeScalars.count) characters")
            case .nothing where delivery != nil: log.info("hotkey \(name): nothing found")
            case .nothing:
                log.info("hotkey \(name): \(outcome.analysis.items.count) items, \(outcome.analysis.codes.count) codes")
            }
            // Nothing found is worth saying too: the user pressed a key and waits for an answer.
            if hotkey.notify {
                await notify(outcome.analysis, image: outcome.image, types: nil, delivery: NotificationDelivery(delivered))
            }
        } catch let error as LiveTextError where error.code == .cancelled {
            log.info("hotkey \(name): cancelled")
        } catch {
            log.warning("hotkey \(name): \((error as? LiveTextError)?.message ?? "\(error)")")
        }
    }
}

/// The hotkeys of a service that started them: the grabs, the settings observation that grabs
/// them again, and the task that runs their presses.
struct HotkeyState: Sendable {
    var hotkeys: GlobalHotkeys
    var observation: SettingsObservation
    var presses: Task<Void, Never>
}

extension NotificationDelivery {
    /// How the notification tells what the pipeline did with the result.
    init(_ delivered: AnalysisPipeline.Delivered) {
        switch delivered {
        case .nothing: self = .shown
        case .copied(let text): self = .copied(text)
        case .typed(let text): self = .typed(text)
        }
    }
}
