import CX11
import Foundation
import LiveTextCore

/// The clipboard owner's connection, window and event loop, run on a thread of its own (Xlib is
/// not thread-safe per connection): callers post commands and are woken through a pipe.
// `@unchecked Sendable`: the X connection, window and server are used only on the loop thread;
// what callers share with it is in `shared`.
final class OwnerLoop: @unchecked Sendable {
    enum Command {
        case copy(TextPayload, Set<SelectionName>, Reply<LiveTextError?>)
        case handOff(Duration, Reply<Bool>)
    }

    struct PendingHandoff {
        let deadline: ContinuousClock.Instant
        let reply: Reply<Bool>
    }

    // Used only on the loop thread (after init).
    let display: X11Display
    let window: Window
    let atoms: SelectionAtoms
    let server: SelectionServer
    var handoff: PendingHandoff?

    /// What callers and the loop share.
    struct Shared: Sendable {
        var commands: [Command] = []
        var stopRequested = false
        var ended = false
        var ownedNames: Set<SelectionName> = []
        var activeSends = 0
    }

    /// Callers block on it (`stop`, `ClipboardOwner.waitUntilReplaced`).
    let shared = WaitableMutex(Shared())

    private let wakeRead: Int32
    private let wakeWrite: Int32

    init(displayName: String?, authority: String?, stallTimeout: Duration) throws {
        display = try X11Display(name: displayName, authority: authority)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            display.close()
            throw LiveTextError(.failed, "cannot create a pipe for the clipboard owner: \(String(cString: strerror(errno)))")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        (wakeRead, wakeWrite) = (fds[0], fds[1])
        atoms = SelectionAtoms(display)
        window = XCreateSimpleWindow(display.handle, display.root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(display.handle, window, PropertyChangeMask)
        display.sync()
        server = SelectionServer(display: display, window: window, atoms: atoms, stallTimeout: stallTimeout)
    }

    // MARK: - Called from other threads

    func post(_ command: Command) -> Bool {
        shared.withLock { shared in
            guard !shared.stopRequested, !shared.ended else { return false }
            shared.commands.append(command)
            wake()
            return true
        }
    }

    /// Asks the loop to stop and waits (at most `timeout`) until it has.
    func stop(timeout: Duration) {
        let ended = shared.withLock { shared in
            if !shared.ended {
                shared.stopRequested = true
                wake()
            }
            return shared.ended
        }
        guard !ended else { return }
        shared.wait(until: \.ended, deadline: Date().addingTimeInterval(timeout.seconds)) { _, _ in }
    }

    /// Called in `shared`'s lock, and only before `ended`: the pipe is closed (and its descriptor
    /// numbers free for reuse by anything else in the process) once the loop has ended. A
    /// non-blocking write of one byte, no round trip.
    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: - The loop thread

    func run() {
        while true {
            let (pending, stopping) = shared.withLock { shared in
                defer { shared.commands.removeAll() }
                return (shared.commands, shared.stopRequested)
            }
            if stopping {
                pending.forEach(refuse)
                shutDown()
                return
            }
            pending.forEach(execute)

            var eventsQueued = false
            if !display.isBroken {
                var event = XEvent()
                while !display.isBroken, XPending(display.handle) > 0 {
                    XNextEvent(display.handle, &event)
                    dispatch(event)
                }
                server.dropStalled()
                checkHandoffDeadline()
                // Flushing (libxcb reads while it writes) and error traps (they sync) may have read
                // events the socket will not signal again: look in Xlib's and libxcb's buffers
                // (QueuedAfterReading), after the flush.
                if !display.isBroken { display.flush() }
                eventsQueued = !display.isBroken && XEventsQueued(display.handle, QueuedAfterReading) > 0
            }
            if display.isBroken {
                server.owned.removeAll()
                server.sends.removeAll()
                finishHandoff(success: false)
            }
            publish()
            waitForWork(immediately: eventsQueued)
        }
    }

    private func waitForWork(immediately: Bool) {
        var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        if !display.isBroken { descriptors.append(pollfd(fd: display.connectionNumber, events: Int16(POLLIN), revents: 0)) }
        // At most a second: a safety net, so that an event Xlib or libxcb read without the socket
        // signalling it again is handled within a second rather than at the next unrelated event.
        var timeout: Int32 = 1000
        let deadlines = [server.nextStallDeadline, handoff?.deadline].compactMap { $0 }
        if let next = deadlines.min() {
            timeout = Int32(max(0, min(1000, ((next - .now).seconds * 1000).rounded(.up))))
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), immediately ? 0 : timeout)
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    private func dispatch(_ event: XEvent) {
        switch event.type {
        case SelectionRequest:
            server.handle(event.xselectionrequest)
        case SelectionClear:
            let clear = event.xselectionclear
            // A clear older than our latest ownership belongs to an earlier one.
            if let ownership = server.owned[clear.selection], serverTime(clear.time, isAtOrAfter: ownership.time) {
                server.owned[clear.selection] = nil
            }
        case PropertyNotify:
            if event.xproperty.window != window { server.propertyChanged(event.xproperty) }
        case DestroyNotify:
            server.windowDestroyed(event.xdestroywindow.window)
        case SelectionNotify:
            handoffAnswered(event.xselection)
        default:
            break
        }
    }

    private func execute(_ command: Command) {
        switch command {
        case .copy(let payload, let selections, let reply):
            let outcome = take(selections, with: payload)
            publish()  // before the caller wakes: isOwner is true once copy returns
            reply.resolve(outcome)
        case .handOff(let timeout, let reply):
            startHandoff(timeout: timeout, reply: reply)
        }
    }

    private func refuse(_ command: Command) {
        switch command {
        case .copy(_, _, let reply): reply.resolve(LiveTextError(.unavailable, "the clipboard owner was closed"))
        case .handOff(_, let reply): reply.resolve(false)
        }
    }

    /// Takes `selections` with a real server timestamp (ICCCM §2.1 forbids CurrentTime here) and
    /// checks with the server that they are ours. Nil on success.
    private func take(_ selections: Set<SelectionName>, with payload: TextPayload) -> LiveTextError? {
        guard !display.isBroken else { return LiveTextError(.unavailable, "the X display '\(display.name)' went away") }
        let time: Time
        do {
            guard let got = try display.serverTime(on: window, property: atoms.timestampProbe) else {
                return LiveTextError(.failed, "the X server '\(display.name)' did not answer within 3 s")
            }
            time = got
        } catch {
            return error as? LiveTextError ?? LiveTextError(.failed, "\(error)")
        }
        for name in selections { XSetSelectionOwner(display.handle, atoms.selection(name), window, time) }
        var missed: [SelectionName] = []
        for name in SelectionName.allCases where selections.contains(name) {
            if XGetSelectionOwner(display.handle, atoms.selection(name)) == window {
                server.owned[atoms.selection(name)] = .init(payload: payload, time: time)
            } else {
                missed.append(name)
            }
        }
        if display.isBroken { return LiveTextError(.unavailable, "the X display '\(display.name)' went away") }
        guard missed.isEmpty else {
            return LiveTextError(.failed, "could not take \(missed.map(\.spokenName).joined(separator: " and ")): another program took it at the same moment; copy again")
        }
        return nil
    }

    /// Releases what we still own, stops transfers, destroys the window and closes the connection.
    private func shutDown() {
        finishHandoff(success: false)
        if !display.isBroken {
            server.stopAllSends()
            for (selection, ownership) in server.owned where XGetSelectionOwner(display.handle, selection) == window {
                // With our time: a no-op if another program took it meanwhile.
                XSetSelectionOwner(display.handle, selection, 0, ownership.time)
            }
            XDestroyWindow(display.handle, window)
            display.sync()
        }
        server.owned.removeAll()
        server.sends.removeAll()
        display.close()
        let refused = shared.withLock { shared in
            shared.ended = true
            close(wakeRead)
            close(wakeWrite)
            shared.ownedNames = []
            shared.activeSends = 0
            defer { shared.commands.removeAll() }
            return shared.commands
        }
        refused.forEach(refuse)
    }

    /// Makes what the loop knows visible to callers (isOwner, waitUntilReplaced).
    private func publish() {
        let names = Set(SelectionName.allCases.filter { server.owned[atoms.selection($0)] != nil })
        let sends = server.sends.count
        shared.withLock { shared in
            shared.ownedNames = names
            shared.activeSends = sends
        }
    }
}
