import DesktopPortals
import LiveTextConfig
import LiveTextCore
import X11Kit

/// The settings' global hotkeys, grabbed on one display (passive grabs on a connection of their
/// own), or on KDE Plasma's Wayland session bound as the desktop's global shortcuts through
/// xdg-desktop-portal (`PortalHotkeys`): presses arrive on `presses` with the hotkey pressed. When
/// the display goes away they are grabbed again once it is back (an X server restart), as the
/// shortcuts are bound again when the portal or kglobalaccel is back, and `regrabbed` hears what
/// that did.
///
/// Grabs happen one after another (each waits for the one before) and their X work runs on the
/// blocking pool's waiting lane: no lock is held across an X round trip, nothing blocks Swift's
/// threads, and a grab never waits behind OCR.
public actor GlobalHotkeys {
    /// What a grab did: why no hotkey works at all (no display), one line per hotkey another
    /// program holds, and the hotkeys grabbed; `through`: a mechanism other than the usual one
    /// that bound them, and why.
    public struct Outcome: Sendable, Equatable {
        public var off: String?
        public var taken: [String] = []
        public var grabbed: [String] = []
        public var through: String?

        public init(off: String? = nil, taken: [String] = [], grabbed: [String] = []) {
            self.off = off
            self.taken = taken
            self.grabbed = grabbed
        }
    }

    /// How often a display that went away is tried again.
    static let retryInterval: Duration = .seconds(1)

    public nonisolated let presses: AsyncStream<(name: String, hotkey: Hotkey)>
    private nonisolated let pressed: AsyncStream<(name: String, hotkey: Hotkey)>.Continuation
    private let displayName: String?
    /// X11 grabs, or the desktop's shortcuts through the portal on a session bus (nil: this process's).
    private enum Mechanism { case grabs, desktopShortcuts(busAddress: String?) }
    private let mechanism: Mechanism
    private var shortcuts: PortalHotkeys?
    private let regrabbed: @Sendable (Outcome) -> Void
    private let lost: @Sendable () -> Void
    private var grabber: HotkeyGrabber?
    private var hotkeys: [String: Hotkey] = [:]
    private var closed = false
    /// The grab under way: the next one starts when it is done.
    private var lastGrab: Task<Outcome, Never>?

    /// `lost`: the display went away (the hotkeys are tried again every second);
    /// `regrabbed`: what the grab did once it was back.
    public init(displayName: String?, lost: @escaping @Sendable () -> Void = {},
                regrabbed: @escaping @Sendable (Outcome) -> Void = { _ in }) {
        self.displayName = displayName
        mechanism = .grabs
        self.lost = lost
        self.regrabbed = regrabbed
        (presses, pressed) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    /// The hotkeys as the desktop's global shortcuts, bound through the GlobalShortcuts portal on
    /// the session bus at `busAddress` (nil: this process's); `regrabbed`: what binding them again
    /// did after the portal or kglobalaccel came back.
    public init(desktopShortcutsOn busAddress: String?, regrabbed: @escaping @Sendable (Outcome) -> Void = { _ in }) {
        displayName = nil
        mechanism = .desktopShortcuts(busAddress: busAddress)
        lost = {}
        self.regrabbed = regrabbed
        (presses, pressed) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    /// Grabs `hotkeys` instead of the ones before (none: releases them all). Without a display,
    /// says so in `off` and grabs nothing.
    public func grab(_ hotkeys: [String: Hotkey]) async -> Outcome {
        let previous = lastGrab
        let grab = Task {
            _ = await previous?.value
            return await self.apply(hotkeys)
        }
        lastGrab = grab
        return await grab.value
    }

    /// Releases every hotkey and closes the connection; later grabs do nothing.
    public func close() async {
        closed = true
        let grabber = self.grabber
        self.grabber = nil
        pressed.finish()
        if let grabber { _ = try? await BlockingWork.run(.waiting) { grabber.close() } }
        await shortcuts?.close()
    }

    private func apply(_ hotkeys: [String: Hotkey]) async -> Outcome {
        self.hotkeys = hotkeys
        guard !closed else { return Outcome() }
        if case .desktopShortcuts(let busAddress) = mechanism { return await bindShortcuts(hotkeys, on: busAddress) }
        guard !hotkeys.isEmpty else {
            let grabber = self.grabber
            self.grabber = nil
            if let grabber { _ = try? await BlockingWork.run(.waiting) { grabber.close() } }
            return Outcome()
        }
        let grabber: HotkeyGrabber
        if let current = self.grabber {
            grabber = current
        } else {
            let displayName = self.displayName
            do {
                grabber = try await BlockingWork.run(.waiting) { try HotkeyGrabber(displayName: displayName) }
            } catch {
                return Outcome(off: "hotkeys are off: \((error as? LiveTextError)?.message ?? "\(error)")")
            }
            // Closed while the display opened: this connection is not wanted any more.
            guard !closed else {
                _ = try? await BlockingWork.run(.waiting) { grabber.close() }
                return Outcome()
            }
            self.grabber = grabber
            watch(grabber)
        }
        let bindings = hotkeys.sorted { $0.key < $1.key }.map { name, hotkey in
            HotkeyBinding(id: name, modifiers: Self.modifiers(hotkey.keys.modifiers), keysym: hotkey.keys.key)
        }
        let failures = (try? await BlockingWork.run(.waiting) { grabber.grab(bindings) }) ?? []
        let failed = Set(failures.map(\.id))
        return Outcome(taken: failures.map { "hotkey \($0.id): \($0.message)" },
                       grabbed: bindings.filter { !failed.contains($0.id) }.compactMap { binding in
                           hotkeys[binding.id].map { "\(binding.id) (\($0.keys))" }
                       })
    }

    /// Hands `grabber`'s presses on until they end: then its display went away.
    private func watch(_ grabber: HotkeyGrabber) {
        let presses = grabber.presses
        Task {
            for await name in presses { self.press(name) }
            await self.displayGone(grabber)
        }
    }

    /// Binds `hotkeys` as the desktop's shortcuts, the portal's session made on first use.
    private func bindShortcuts(_ hotkeys: [String: Hotkey], on busAddress: String?) async -> Outcome {
        let shortcuts = self.shortcuts ?? PortalHotkeys(busAddress: busAddress) { [weak self] result in
            Task { await self?.rebound(result) }
        }
        if self.shortcuts == nil {
            self.shortcuts = shortcuts
            for activations in [shortcuts.portal.activations, shortcuts.fallback.activations] {
                Task { [weak self] in
                    for await name in activations { await self?.press(name) }
                }
            }
        }
        return await shortcuts.bind(hotkeys)
    }

    /// The shortcuts bound again after the portal or kglobalaccel came back.
    private func rebound(_ result: Result<[GlobalShortcutsPortal.Bound], any Error>) async {
        guard !closed, let shortcuts else { return }
        switch result {
        case .success(let bound): regrabbed(await shortcuts.outcome(hotkeys, bound: bound))
        case .failure(let error):
            regrabbed(Outcome(off: "hotkeys are off: \((error as? LiveTextError)?.message ?? "\(error)")"))
        }
    }

    private func press(_ name: String) {
        guard !closed, let hotkey = hotkeys[name] else { return }
        pressed.yield((name, hotkey))
    }

    /// After `gone`'s display went away: tries the display every `retryInterval` until it is
    /// back and grabs the hotkeys there, unless they were closed or grabbed anew meanwhile.
    private func displayGone(_ gone: HotkeyGrabber) async {
        guard grabber === gone, !closed else { return }
        grabber = nil
        lost()
        while !closed, grabber == nil, !hotkeys.isEmpty {
            try? await Task.sleep(for: Self.retryInterval)
            guard !closed, grabber == nil else { return }
            let outcome = await grab(hotkeys)
            if outcome.off == nil {
                regrabbed(outcome)
                return
            }
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
