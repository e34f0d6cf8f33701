import CX11
import Foundation
import LiveTextCore

/// Global hotkeys: passive key grabs on the root window of its own connection, whose presses
/// arrive on `presses`.
///
/// Each binding is grabbed with every combination of Caps Lock, Num Lock and Scroll Lock, so it
/// works whatever locks are on. Holding a combination fires once (auto-repeat is ignored). When
/// the keyboard mapping changes, the bindings are resolved and grabbed again. The event loop runs
/// on its own thread; `grab` and `close` may be called from any thread.
public final class HotkeyGrabber: @unchecked Sendable {
    private let loop: HotkeyLoop
    private let stream: AsyncStream<String>

    /// Opens its own connection to `displayName` (`$DISPLAY` when nil) and starts the event loop.
    /// Throws `LiveTextError.unavailable` when there is no display.
    public init(displayName: String? = nil) throws {
        let display = try X11Display(name: displayName)
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(64))
        self.stream = stream
        loop = HotkeyLoop(display: display, continuation: continuation)
        loop.start()
    }

    deinit { loop.stop() }

    /// Replaces the current grabs with `bindings`; returns the ones that could not be grabbed (an
    /// unknown key name, a combination another program holds, the same combination twice) and
    /// keeps the rest.
    public func grab(_ bindings: [HotkeyBinding]) -> [HotkeyFailure] { loop.grab(bindings) }

    /// The ids of pressed bindings, in order. One consumer; finishes on `close()` or when the
    /// display goes away.
    public var presses: AsyncStream<String> { stream }

    /// Ungrabs everything and closes the connection; `presses` finishes. Safe to call twice.
    public func close() { loop.stop() }

    /// Auto-repeated presses that were ignored so far (for tests).
    var ignoredRepeats: Int { loop.ignoredRepeats }
}

/// The connection, its grabs and the thread that reads its events. Every Xlib call on the
/// connection happens under `lock`, on the loop thread or in `grab`.
final class HotkeyLoop: @unchecked Sendable {
    private struct GrabKey: Hashable {
        let keycode: Int
        let mask: UInt32
    }

    private let display: X11Display
    private let continuation: AsyncStream<String>.Continuation
    private let lock = NSCondition()
    private let wakeRead: Int32
    private let wakeWrite: Int32

    // Guarded by `lock`.
    private var bindings: [HotkeyBinding] = []
    private var grabs: [GrabKey: String] = [:]
    /// Bits of the event state that count: Shift, Control, Mod1–Mod5 minus the lock modifiers.
    private var relevantBits: UInt32 = 0xFF
    /// Keys down since their (first) press: later presses without a release are auto-repeat.
    private var held: Set<Int> = []
    /// The key whose press activated a grab. Its release ends the grab, after which releases of
    /// keys pressed meanwhile go to other windows: `held` starts afresh then.
    private var activator: Int?
    private var detectableRepeat = false
    private var stopping = false
    private var finished = false
    private var wentAway = false
    private var repeats = 0
    /// The type of every XKB event (-1 without XKB); only map changes are selected.
    private var xkbEventBase: Int32 = -1

    init(display: X11Display, continuation: AsyncStream<String>.Continuation) {
        self.display = display
        self.continuation = continuation
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        } else {
            fds = [-1, -1]
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        var supported: Int32 = 0
        // Repeats then come as presses without releases in between (instead of release+press pairs).
        detectableRepeat = XkbSetDetectableAutoRepeat(display.handle, 1, &supported) != 0 && supported != 0
        // An XKB-aware client gets no core MappingNotify unless it asks for XKB map notifications.
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        if XkbQueryExtension(display.handle, &opcode, &eventBase, &errorBase, &major, &minor) != 0 {
            xkbEventBase = eventBase
            let events = UInt32(XkbMapNotifyMask | XkbNewKeyboardNotifyMask)
            XkbSelectEvents(display.handle, UInt32(XkbUseCoreKbd), events, events)
        }
    }

    deinit {
        if wakeRead >= 0 { Foundation.close(wakeRead) }
        if wakeWrite >= 0 { Foundation.close(wakeWrite) }
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "livetext-hotkeys"
        thread.start()
    }

    var ignoredRepeats: Int {
        lock.lock()
        defer { lock.unlock() }
        return repeats
    }

    func grab(_ newBindings: [HotkeyBinding]) -> [HotkeyFailure] {
        lock.lock()
        defer {
            lock.unlock()
            wake()  // events read while syncing are queued in Xlib, where poll() cannot see them
        }
        guard !stopping, !finished, !display.isBroken else {
            let why = wentAway || display.isBroken ? "the X display '\(display.name)' went away" : "hotkeys are closed"
            return newBindings.map { HotkeyFailure(id: $0.id, combo: $0.combo, message: "cannot grab \($0.combo): \(why)") }
        }
        bindings = newBindings
        return applyGrabs()
    }

    /// Makes the grabs match `bindings` on the current keyboard map (lock held). Combinations
    /// already grabbed stay grabbed throughout: a keymap notification that changes nothing (the
    /// server sends one whenever input switches between the real keyboard and XTEST) must not
    /// open a moment in which another program could take them. Only new combinations are
    /// grabbed, stale ones released.
    private func applyGrabs() -> [HotkeyFailure] {
        let handle = display.handle, root = display.root
        let resolver = HotkeyResolver(display: handle)
        relevantBits = resolver.lockBits.reduce(UInt32(0xFF)) { $0 & ~$1 }
        let previous = grabs
        var next: [GrabKey: String] = [:]
        var failures: [HotkeyFailure] = []
        for binding in bindings {
            let resolved: ResolvedHotkey
            switch resolver.resolve(binding) {
            case .failure(let failure): failures.append(failure); continue
            case .success(let value): resolved = value
            }
            let keys = resolved.keycodes.flatMap { keycode in
                resolver.lockCombinations(for: resolved.mask).map { GrabKey(keycode: keycode, mask: resolved.mask | $0) }
            }
            if let other = keys.lazy.compactMap({ next[$0] }).first {
                failures.append(HotkeyFailure(id: binding.id, combo: binding.combo,
                                              message: "\(binding.combo) is bound twice (for '\(other)' and '\(binding.id)'): choose another combination for one of them"))
                continue
            }
            let fresh = keys.filter { previous[$0] == nil }
            let error = fresh.isEmpty ? nil : display.trapErrors {
                for key in fresh {
                    XGrabKey(handle, Int32(key.keycode), key.mask, root, 0, GrabModeAsync, GrabModeAsync)
                }
            }
            if let error {
                // Release the combinations that did succeed (ungrabbing never touches another
                // program's grabs); those held before are released below with the stale ones.
                for key in fresh { XUngrabKey(handle, Int32(key.keycode), key.mask, root) }
                let message = error.code == X11ProtocolError.badAccess
                    ? "\(binding.combo) is already taken by another program"
                    : "cannot grab \(binding.combo): \(error)"
                failures.append(HotkeyFailure(id: binding.id, combo: binding.combo, message: message))
                continue
            }
            for key in keys { next[key] = binding.id }
        }
        for key in previous.keys where next[key] == nil { XUngrabKey(handle, Int32(key.keycode), key.mask, root) }
        XSync(handle, 0)
        grabs = next
        return failures
    }

    /// Stops the loop, which ungrabs and closes the connection; waits (up to 5 s) until it has.
    func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        wake()
        lock.lock()
        let deadline = Date().addingTimeInterval(5)
        while !finished, lock.wait(until: deadline) {}
        lock.unlock()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func run() {
        let connection = display.connectionNumber
        lock.lock()
        while !stopping {
            var regrab = false
            while !display.isBroken, XPending(display.handle) > 0 {
                var event = XEvent()
                XNextEvent(display.handle, &event)
                if handle(&event) { regrab = true }
            }
            if display.isBroken { break }
            if regrab { _ = applyGrabs() }
            lock.unlock()
            var fds = [pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, 1000)
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(wakeRead, &buffer, buffer.count) > 0 {}
            lock.lock()
        }
        wentAway = display.isBroken
        if !wentAway {
            XUngrabKey(display.handle, Int32(AnyKey), UInt32(AnyModifier), display.root)
            XSync(display.handle, 0)
        }
        display.close()
        grabs = [:]
        finished = true
        lock.broadcast()
        lock.unlock()
        continuation.finish()
    }

    /// Handles one event (lock held); true when the keyboard mapping changed.
    private func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case KeyPress:
            let keycode = Int(event.xkey.keycode)
            if held.contains(keycode) {
                repeats += 1
                return false
            }
            held.insert(keycode)
            if activator == nil { activator = keycode }
            if let id = grabs[GrabKey(keycode: keycode, mask: event.xkey.state & relevantBits)] {
                continuation.yield(id)
            }
        case KeyRelease:
            let keycode = Int(event.xkey.keycode)
            if !detectableRepeat, isRepeat(after: event.xkey) {
                repeats += 1
                return false
            }
            held.remove(keycode)
            if keycode == activator {
                activator = nil
                held = []
            }
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
            return event.xmapping.request == MappingKeyboard || event.xmapping.request == MappingModifier
        case xkbEventBase:
            return true  // XkbMapNotify or XkbNewKeyboardNotify: another keymap
        default:
            break
        }
        return false
    }

    /// Without detectable auto-repeat, a repeat is a release followed at once by a press of the
    /// same key with the same time stamp: consumes that press and says so.
    private func isRepeat(after release: XKeyEvent) -> Bool {
        guard XEventsQueued(display.handle, QueuedAfterReading) > 0 else { return false }
        var next = XEvent()
        XPeekEvent(display.handle, &next)
        guard next.type == KeyPress, next.xkey.keycode == release.keycode, next.xkey.time == release.time else {
            return false
        }
        XNextEvent(display.handle, &next)
        return true
    }
}
