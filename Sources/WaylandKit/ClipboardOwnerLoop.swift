import CWayland
import Dispatch
import Foundation
import LiveTextCore
import Synchronization

/// The thread of a `WaylandClipboardOwner`: its connection and data-control device, the sources
/// it set as the selections, and the commands other threads post to it. Also what keeps the live
/// surface's copy served after the surface closed, where the compositor takes a copy only from
/// the focused client (GNOME): made on the surface's connection with its core data device, it
/// copies on the surface's thread (`copyHere`) and, when the surface closes while a selection is
/// still ours, takes the connection over and serves it on a thread of its own (`startServing`)
/// until another program copies, as `wl-copy` stays behind.
///
/// The connection, the device and the sources are used on one thread at a time: the loop's
/// (after `startServing`), or before that the thread that dispatches the connection; other
/// threads reach the loop through `shared` and the wake pipe.
// `@unchecked Sendable`: the Wayland objects are confined to one thread (above); the rest is in a Mutex.
final class ClipboardOwnerLoop: @unchecked Sendable {
    enum Command: Sendable {
        case copy(ClipboardText, Set<SelectionName>, OwnerReply)
    }

    struct Shared: Sendable {
        var owned: Set<SelectionName> = []
        var commands: [Command] = []
        var stopping = false
        /// The loop has ended (closed, or the compositor went away): nothing is served any more.
        var ended = false
        /// Why it ended, when it was not closed: the compositor went away, or a protocol error.
        var failure: LiveTextError?

        /// Nothing of ours is on the clipboard any more: another program copied, or the loop ended.
        var isReplaced: Bool { owned.isEmpty || ended }
    }

    /// Blocks the calling thread until our copy is replaced (`Shared.isReplaced`), or `timeout`
    /// passes (nil: forever). True when it was replaced.
    func waitUntilReplaced(timeout: Duration?) -> Bool {
        guard let timeout else { return shared.wait(until: { $0.isReplaced }) { _ in true } }
        return shared.wait(until: { $0.isReplaced }, deadline: Date().addingTimeInterval(timeout.seconds)) { _, ready in ready }
    }

    /// Waitable, for a thread that blocks until our copy is replaced (`waitUntilReplaced`).
    let shared = WaitableMutex(Shared())
    /// How long a reader may take to read what it asked for.
    let sendLimit: Duration
    private let connection: WaylandConnection
    private let device: any SelectionDevice
    /// Whether the loop closes the connection when it ends: its own, or one handed over.
    private var ownsConnection: Bool
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    /// The source that holds each selection we own (the connection's thread only).
    private var sources: [SelectionName: OwnedSource] = [:]

    /// A loop with a connection and data-control device of its own.
    convenience init(socket: String?, runtimeDirectory: String?, sendLimit: Duration) throws {
        let connection = try WaylandConnection(socket: socket, runtimeDirectory: runtimeDirectory)
        do {
            try self.init(connection: connection, device: try DataControlDevice(connection: connection), owning: true,
                          sendLimit: sendLimit)
        } catch {
            connection.close()
            throw error
        }
    }

    /// A loop on `connection` (and `device`, bound on it), whose events the caller's thread
    /// dispatches: it copies with `copyHere` until it hands the connection over with `startServing`
    /// (then the loop closes it) or lets go with `endHere` (then the caller closes it).
    convenience init(sharing connection: WaylandConnection, device: any SelectionDevice, sendLimit: Duration) throws {
        try self.init(connection: connection, device: device, owning: false, sendLimit: sendLimit)
    }

    private init(connection: WaylandConnection, device: any SelectionDevice, owning: Bool, sendLimit: Duration) throws {
        self.sendLimit = sendLimit
        self.connection = connection
        self.device = device
        ownsConnection = owning
        wake = try ClipboardPipe.make()
        _ = fcntl(wake.read, F_SETFL, fcntl(wake.read, F_GETFL) | O_NONBLOCK)
        _ = fcntl(wake.write, F_SETFL, fcntl(wake.write, F_GETFL) | O_NONBLOCK)
    }

    /// Whether the device can own the primary selection.
    var hasPrimary: Bool { device.hasPrimary }
    var socketName: String { connection.socketName }

    /// Runs the loop on a thread of its own, which now has the connection (and closes it when the
    /// loop ends).
    func startServing() {
        ownsConnection = true
        let thread = Thread { [self] in run() }
        thread.name = "livetext-wayland-clipboard-owner"
        thread.start()
    }

    /// Copies on the calling thread, the one that dispatches a shared connection (before
    /// `startServing`); throws what `WaylandClipboardOwner.copy` throws.
    func copyHere(_ content: ClipboardContent, to selections: Set<SelectionName>) throws {
        if let error = copy(ClipboardText(content), to: selections) { throw error }
    }

    /// Lets go of what it owns and its device on the calling thread (before `startServing`),
    /// leaving the shared connection to its owner.
    func endHere() {
        end(nil)
    }

    /// Queues `command` for the loop's thread; false once the loop has ended or is stopping.
    func post(_ command: Command) -> Bool {
        shared.withLock { shared in
            guard !shared.ended, !shared.stopping else { return false }
            shared.commands.append(command)
            wakeUp()
            return true
        }
    }

    /// Asks the loop to stop and waits (up to `timeout`) until it has released everything (after
    /// `startServing`).
    func stop(timeout: Duration) {
        let running = shared.withLock { shared -> Bool in
            guard !shared.ended, !shared.stopping else { return false }
            shared.stopping = true
            wakeUp()
            return true
        }
        if running { _ = finished.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds * 1000))) }
    }

    /// Called with `shared` locked, so the pipe is not closed meanwhile.
    private func wakeUp() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    // MARK: The loop's thread

    func run() {
        var failure: LiveTextError?
        while failure == nil {
            let (commands, stopping) = shared.withLock { shared in
                defer { shared.commands = [] }
                return (shared.commands, shared.stopping)
            }
            for command in commands {
                switch command {
                case .copy(let text, let selections, let reply):
                    reply.finish(copy(text, to: selections))
                }
            }
            if stopping { break }
            do {
                try waitForEvents()
            } catch {
                failure = error as? LiveTextError ?? LiveTextError(.failed, "\(error)")
            }
        }
        end(failure)
    }

    /// Sets a new source holding `text` as each of `selections`, and waits until the compositor
    /// has taken them; the error when it could not.
    private func copy(_ text: ClipboardText, to selections: Set<SelectionName>) -> LiveTextError? {
        if selections.contains(.primary), !device.hasPrimary { return WaylandClipboardReader.noPrimary(connection.socketName) }
        var made: [OwnedSource] = []
        for selection in selections.sorted(by: { $0.rawValue < $1.rawValue }) {
            let source = OwnedSource(selection: selection, text: text, loop: self, device: device)
            if let proxy = source.proxy { device.set(selection, to: proxy) }
            // The one it replaces was cancelled by the compositor; it goes now.
            sources[selection]?.destroy()
            sources[selection] = source
            made.append(source)
            shared.withLock { _ = $0.owned.insert(selection) }
        }
        do {
            try connection.roundtrip(within: .seconds(5))
        } catch {
            return error as? LiveTextError ?? LiveTextError(.failed, "\(error)")
        }
        if let lost = made.first(where: \.isCancelled) { return device.refused(lost.selection) }
        return nil
    }

    /// Another program set `source`'s selection: it is no longer ours.
    func cancelled(_ source: OwnedSource) {
        if sources[source.selection] === source {
            sources[source.selection] = nil
            shared.withLock { _ = $0.owned.remove(source.selection) }
        }
        source.destroy()
    }

    /// Dispatches what has arrived, then waits (at most a second) for more or for a command.
    private func waitForEvents() throws {
        let display = connection.display
        if wl_display_dispatch_pending(display) < 0 { throw connection.connectionError() }
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw connection.connectionError() }
        }
        if wl_display_flush(display) < 0, errno != EAGAIN {
            wl_display_cancel_read(display)
            throw connection.connectionError()
        }
        var descriptors = [pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, 1000)
        if ready > 0, descriptors[0].revents != 0 {
            if wl_display_read_events(display) < 0 { throw connection.connectionError() }
        } else {
            wl_display_cancel_read(display)
            if ready < 0, errno != EINTR { throw connection.connectionError() }
        }
        if descriptors[1].revents != 0 {
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wake.read, &drain, drain.count) > 0 {}
        }
        if wl_display_dispatch_pending(display) < 0 { throw connection.connectionError() }
    }

    /// Releases everything: our sources go (and with them what we own), then the device and
    /// the connection when it is ours; commands still queued are answered `unavailable`.
    private func end(_ failure: LiveTextError?) {
        for source in sources.values { source.destroy() }
        sources = [:]
        device.close()
        connection.flush()
        if ownsConnection { connection.close() }
        let left = shared.withLock { shared -> [Command] in
            shared.ended = true
            shared.failure = failure
            shared.owned = []
            close(wake.read)
            close(wake.write)
            defer { shared.commands = [] }
            return shared.commands
        }
        let gone = failure ?? LiveTextError(.unavailable, "the clipboard owner was closed")
        for case .copy(_, _, let reply) in left { reply.finish(gone) }
        finished.signal()
    }
}

/// The answer to one posted command, waited for by the thread that posted it.
final class OwnerReply: Sendable {
    private let outcome = Mutex<LiveTextError?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ error: LiveTextError?) {
        outcome.withLock { $0 = error }
        done.signal()
    }

    /// nil when no answer came within `timeout`; else the error, or success.
    func wait(timeout: Duration) -> Result<Void, LiveTextError>? {
        guard done.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds * 1000))) == .success else { return nil }
        return outcome.withLock { error in error.map { .failure($0) } ?? .success(()) }
    }
}
