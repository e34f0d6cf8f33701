import CWayland
import CWaylandProtocols
import Dispatch
import Foundation
import LiveTextCore
import Synchronization

/// The thread of a `WaylandClipboardOwner`: its connection and data-control device, the sources
/// it set as the selections, and the commands other threads post to it.
///
/// The connection, the device and the sources are used on the loop's thread only (after `init`
/// hands them over); other threads reach the loop through `shared` and the wake pipe.
// `@unchecked Sendable`: the Wayland objects are confined to the loop's thread; the rest is in a Mutex.
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
    }

    /// Waitable, for a thread that blocks until our copy is replaced (`waitUntilReplaced`).
    let shared = WaitableMutex(Shared())
    /// How long a reader may take to read what it asked for.
    let sendLimit: Duration
    private let connection: WaylandConnection
    private let device: DataControlDevice
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    /// The source that holds each selection we own (loop thread only).
    private var sources: [SelectionName: Source] = [:]

    init(socket: String?, runtimeDirectory: String?, sendLimit: Duration) throws {
        self.sendLimit = sendLimit
        connection = try WaylandConnection(socket: socket, runtimeDirectory: runtimeDirectory)
        do {
            device = try DataControlDevice(connection: connection)
            wake = try ClipboardPipe.make()
        } catch {
            connection.close()
            throw error
        }
        _ = fcntl(wake.read, F_SETFL, fcntl(wake.read, F_GETFL) | O_NONBLOCK)
        _ = fcntl(wake.write, F_SETFL, fcntl(wake.write, F_GETFL) | O_NONBLOCK)
    }

    /// The manager's version: 2 and up have the primary selection.
    var version: UInt32 { device.version }
    var socketName: String { connection.socketName }

    /// Queues `command` for the loop's thread; false once the loop has ended or is stopping.
    func post(_ command: Command) -> Bool {
        shared.withLock { shared in
            guard !shared.ended, !shared.stopping else { return false }
            shared.commands.append(command)
            wakeUp()
            return true
        }
    }

    /// Asks the loop to stop and waits (up to `timeout`) until it has released everything.
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
        if selections.contains(.primary), device.version < 2 { return WaylandClipboardReader.noPrimary(connection.socketName) }
        var made: [Source] = []
        for selection in selections.sorted(by: { $0.rawValue < $1.rawValue }) {
            let source = Source(selection: selection, text: text, loop: self,
                                proxy: zwlr_data_control_manager_v1_create_data_source(device.manager))
            for type in ClipboardText.offeredTypes { zwlr_data_control_source_v1_offer(source.proxy, type) }
            if selection == .clipboard {
                zwlr_data_control_device_v1_set_selection(device.device, source.proxy)
            } else {
                zwlr_data_control_device_v1_set_primary_selection(device.device, source.proxy)
            }
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
        if let lost = made.first(where: \.isCancelled) {
            return LiveTextError(.failed, "another program took \(lost.selection.spokenName) at the same moment; copy again")
        }
        return nil
    }

    /// Another program set `source`'s selection: it is no longer ours.
    fileprivate func cancelled(_ source: Source) {
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
    /// the connection; commands still queued are answered `unavailable`.
    private func end(_ failure: LiveTextError?) {
        for source in sources.values { source.destroy() }
        sources = [:]
        device.close()
        connection.flush()
        connection.close()
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

/// One data-control source: the text it offers for one selection.
private final class Source {
    let selection: SelectionName
    let text: ClipboardText
    let proxy: OpaquePointer
    unowned let loop: ClipboardOwnerLoop
    private(set) var isCancelled = false
    private var destroyed = false
    /// The listener's hold on us, until the proxy is destroyed.
    private var retained: Unmanaged<Source>?

    init(selection: SelectionName, text: ClipboardText, loop: ClipboardOwnerLoop, proxy: OpaquePointer) {
        self.selection = selection
        self.text = text
        self.loop = loop
        self.proxy = proxy
        let retained = Unmanaged.passRetained(self)
        self.retained = retained
        zwlr_data_control_source_v1_add_listener(proxy, Self.listener.pointer, retained.toOpaque())
    }

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        zwlr_data_control_source_v1_destroy(proxy)
        retained?.release()
        retained = nil
    }

    private static let listener = ListenerTable(zwlr_data_control_source_v1_listener(
        send: { data, _, type, fd in
            guard let data else {
                close(fd)
                return
            }
            let source = Unmanaged<Source>.fromOpaque(data).takeUnretainedValue()
            guard let type, let bytes = source.text.bytes(for: String(cString: type)) else {
                close(fd)
                return
            }
            ClipboardSend.start(bytes, to: fd, within: source.loop.sendLimit)
        },
        cancelled: { data, _ in
            guard let data else { return }
            let source = Unmanaged<Source>.fromOpaque(data).takeUnretainedValue()
            source.isCancelled = true
            source.loop.cancelled(source)
        }))
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
