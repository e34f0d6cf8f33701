import CX11
import Foundation
import LiveTextCore
import Synchronization

/// Global hotkeys: passive key grabs on the root window of its own connection, whose presses
/// arrive on `presses`.
///
/// Each binding is grabbed with every combination of Caps Lock, Num Lock and Scroll Lock, so it
/// works whatever locks are on. Holding a combination fires once (auto-repeat is ignored). When
/// the keyboard mapping changes, the bindings are resolved and grabbed again. The event loop runs
/// on its own thread; `grab` and `close` may be called from any thread (they block until the
/// loop has done them).
public final class HotkeyGrabber: Sendable {
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
/// connection happens on the loop thread: `grab` posts the bindings and waits for the loop's
/// answer, so no lock is held across an X round trip.
// `@unchecked Sendable`: the X connection and the grab state are used only on the loop thread;
// what callers share with it is in `shared` and `repeats`.
final class HotkeyLoop: @unchecked Sendable {
    private struct GrabKey: Hashable {
        let keycode: Int
        let mask: UInt32
    }

    /// What callers and the loop share.
    private struct Shared: Sendable {
        /// Grab requests not yet done, in order.
        var requests: [(bindings: [HotkeyBinding], reply: Reply<[HotkeyFailure]>)] = []
        var stopping = false
        var finished = false
        var wentAway = false
    }

    private let display: X11Display
    private let continuation: AsyncStream<String>.Continuation
    private let shared = WaitableMutex(Shared())
    private let repeats = Atomic<Int>(0)
    private let wakeRead: Int32
    private let wakeWrite: Int32

    // Used only on the loop thread (after init).
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

    var ignoredRepeats: Int { repeats.load(ordering: .relaxed) }

    /// Has the loop grab `newBindings` instead of the current ones, and waits for its answer.
    func grab(_ newBindings: [HotkeyBinding]) -> [HotkeyFailure] {
        let reply = Reply<[HotkeyFailure]>()
        let refusal: String? = shared.withLock { shared in
            guard !shared.stopping, !shared.finished else {
                return shared.wentAway ? "the X display '\(display.name)' went away" : "hotkeys are closed"
            }
            shared.requests.append((newBindings, reply))
            return nil
        }
        if let refusal { return Self.failures(newBindings, refusal) }
        wake()
        return reply.wait(timeout: .seconds(10))
            ?? Self.failures(newBindings, "the hotkey thread did not answer within 10 s")
    }

    private static func failures(_ bindings: [HotkeyBinding], _ why: String) -> [HotkeyFailure] {
        bindings.map { HotkeyFailure(id: $0.id, combo: $0.combo, message: "cannot grab \($0.combo): \(why)") }
    }

    /// Makes the grabs match `bindings` on the current keyboard map (on the loop thread). Combinations
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
        let finished = shared.withLock { shared in
            shared.stopping = true
            return shared.finished
        }
        guard !finished else { return }
        wake()
        shared.wait(until: \.finished, deadline: Date().addingTimeInterval(5)) { _, _ in }
    }

    /// Wakes the loop from `poll`. The pipe is closed only in `deinit`, after the loop ended.
    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func run() {
        let connection = display.connectionNumber
        while true {
            let (requests, stopping) = shared.withLock { shared in
                defer { shared.requests = [] }
                return (shared.requests, shared.stopping)
            }
            if stopping || display.isBroken {
                let why = display.isBroken ? "the X display '\(display.name)' went away" : "hotkeys are closed"
                for request in requests { request.reply.resolve(Self.failures(request.bindings, why)) }
                break
            }
            for request in requests {
                bindings = request.bindings
                request.reply.resolve(applyGrabs())
            }
            var regrab = false
            while !display.isBroken, XPending(display.handle) > 0 {
                var event = XEvent()
                XNextEvent(display.handle, &event)
                if handle(&event) { regrab = true }
            }
            if display.isBroken { continue }
            if regrab { _ = applyGrabs() }
            // Grabbing syncs, and syncing may read events into Xlib's queue, where poll() cannot see them.
            let queued = XEventsQueued(display.handle, QueuedAlready) > 0
            var fds = [pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, queued ? 0 : 1000)
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(wakeRead, &buffer, buffer.count) > 0 {}
        }
        let wentAway = display.isBroken
        if !wentAway {
            XUngrabKey(display.handle, Int32(AnyKey), UInt32(AnyModifier), display.root)
            XSync(display.handle, 0)
        }
        display.close()
        grabs = [:]
        let late = shared.withLock { shared in
            shared.finished = true
            shared.wentAway = wentAway
            defer { shared.requests = [] }
            return shared.requests
        }
        let why = wentAway ? "the X display '\(display.name)' went away" : "hotkeys are closed"
        for request in late { request.reply.resolve(Self.failures(request.bindings, why)) }
        continuation.finish()
    }

    /// Handles one event (on the loop thread); true when the keyboard mapping changed.
    private func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case KeyPress:
            let keycode = Int(event.xkey.keycode)
            if held.contains(keycode) {
                repeats.add(1, ordering: .relaxed)
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
                repeats.add(1, ordering: .relaxed)
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
