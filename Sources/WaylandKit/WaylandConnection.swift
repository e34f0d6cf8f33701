import CWayland
import Foundation
import LiveTextCore

/// One connection to a Wayland compositor and the globals it announced.
///
/// A connection is not thread-safe: its owner uses it from one thread at a time (libwayland's
/// default queue is dispatched by `dispatch(until:within:cancel:)` on the caller's thread). Every
/// wait has a deadline and a cancellation flag, and a protocol error of the compositor is thrown
/// as `failed` naming the interface and the code, never an abort.
// `@unchecked Sendable`: handed between threads, used from one at a time (the owner's rule).
public final class WaylandConnection: @unchecked Sendable {
    /// One global object of the compositor: its numeric name, interface and version.
    public struct Global: Sendable, Hashable {
        public var name: UInt32
        public var interface: String
        public var version: UInt32
    }

    /// The socket this connection reached, as the user would name it (`wayland-1` or a path).
    public let socketName: String
    let display: OpaquePointer
    private let registry: OpaquePointer
    private let registryState: Unmanaged<RegistryState>

    /// Connects to `socket` (`$WAYLAND_DISPLAY` when nil; a name is looked up in
    /// `runtimeDirectory`, `$XDG_RUNTIME_DIR` when nil) and reads the compositor's globals, but
    /// those of the interfaces in `ignoring`, which this connection acts as if the compositor did
    /// not offer (`WaylandBackend`'s `withoutProtocols`). Throws `unavailable` saying which socket
    /// could not be reached and why.
    public init(socket: String? = nil, runtimeDirectory: String? = nil, ignoring: Set<String> = [],
                within deadline: Duration = .seconds(5)) throws {
        let environment = ProcessInfo.processInfo.environment
        let path = try Self.socketPath(socket: socket ?? environment["WAYLAND_DISPLAY"],
                                       runtimeDirectory: runtimeDirectory ?? environment["XDG_RUNTIME_DIR"])
        socketName = socket ?? environment["WAYLAND_DISPLAY"] ?? path
        guard let display = wl_display_connect(path) else {
            let reason = String(cString: strerror(errno))
            throw LiveTextError(.unavailable, "cannot connect to the Wayland display '\(socketName)' (\(path)): \(reason)")
        }
        self.display = display
        guard let registry = wl_display_get_registry(display) else {
            wl_display_disconnect(display)
            throw LiveTextError(.unavailable, "the Wayland display '\(socketName)' gave no registry")
        }
        self.registry = registry
        registryState = Unmanaged.passRetained(RegistryState(ignoring: ignoring))
        wl_registry_add_listener(registry, Self.registryListener.pointer, registryState.toOpaque())
        do {
            try roundtrip(within: deadline)
        } catch {
            close()
            throw error
        }
    }

    /// The absolute path of the socket: `socket` itself when it is a path, else in the runtime
    /// directory; `unavailable` when neither says where.
    static func socketPath(socket: String?, runtimeDirectory: String?) throws -> String {
        guard let socket, !socket.isEmpty else {
            throw LiveTextError(.unavailable, "no Wayland display: WAYLAND_DISPLAY is not set")
        }
        if socket.hasPrefix("/") { return socket }
        guard let runtimeDirectory, !runtimeDirectory.isEmpty else {
            throw LiveTextError(.unavailable, "no Wayland display: XDG_RUNTIME_DIR is not set, so '\(socket)' cannot be found")
        }
        return runtimeDirectory + "/" + socket
    }

    private var closed = false

    /// Whether `close` was called (nothing may be asked of it then).
    var isClosed: Bool { closed }

    /// Destroys the registry and disconnects; the connection's objects must be destroyed first.
    public func close() {
        guard !closed else { return }
        closed = true
        wl_registry_destroy(registry)
        wl_display_disconnect(display)
        registryState.release()
    }

    deinit { close() }

    /// The globals announced so far (and not removed), in the order announced.
    public var globals: [Global] { registryState.takeUnretainedValue().globals }

    /// The first global of `interface`, if the compositor offers it.
    public func global(_ interface: String) -> Global? {
        globals.first { $0.interface == interface }
    }

    /// Every global of `interface` (outputs, seats).
    public func globals(_ interface: String) -> [Global] {
        globals.filter { $0.interface == interface }
    }

    /// Binds `global` as `interface` at `version` (at most what it offers).
    public func bind(_ global: Global, _ interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer {
        let proxy = wl_registry_bind(registry, global.name, interface, min(version, global.version))
        return OpaquePointer(proxy!)
    }

    /// `kept`, or the global of `name` bound now as `interface` and kept there: an object bound on
    /// first need. Throws `missing` when the compositor does not offer it.
    func bound(_ kept: inout OpaquePointer?, _ name: String, as interface: UnsafePointer<wl_interface>, version: UInt32,
               missing: @autoclosure () -> LiveTextError) throws -> OpaquePointer {
        if let kept { return kept }
        guard let global = global(name) else { throw missing() }
        let made = bind(global, interface, version: version)
        kept = made
        return made
    }

    // MARK: Dispatching

    /// Dispatches events until `done` is true: `failed` after `deadline` (naming `waitingFor`),
    /// `cancelled` once `cancel` is raised, `failed` when the compositor reports a protocol error
    /// or goes away.
    public func dispatch(until done: () -> Bool, within deadline: Duration, waitingFor: String = "the compositor",
                         cancel: CancellationFlag? = nil) throws {
        let end = ContinuousClock.now.advanced(by: deadline)
        while true {
            if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
            if done() { return }
            try cancel?.check()
            let remaining = ContinuousClock.now.duration(to: end)
            guard remaining > .zero else {
                throw LiveTextError(.failed, "the Wayland compositor did not answer within \(deadline) (waiting for \(waitingFor))")
            }
            while wl_display_prepare_read(display) != 0 {
                if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
            }
            if wl_display_flush(display) < 0, errno != EAGAIN {
                wl_display_cancel_read(display)
                throw connectionError()
            }
            var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            let slice = min(remaining, cancel == nil ? remaining : .milliseconds(50))
            let ready = poll(&descriptor, 1, slice.pollMilliseconds)
            if ready > 0 {
                if wl_display_read_events(display) < 0 { throw connectionError() }
            } else {
                wl_display_cancel_read(display)
                if ready < 0, errno != EINTR { throw connectionError() }
            }
        }
    }

    /// Sends what is queued and waits until the compositor has handled it (`wl_display_sync`).
    public func roundtrip(within deadline: Duration = .seconds(5), cancel: CancellationFlag? = nil) throws {
        let box = Unmanaged.passRetained(DoneFlag())
        defer { box.release() }
        let callback = wl_display_sync(display)
        defer { wl_callback_destroy(callback) }
        wl_callback_add_listener(callback, Self.doneListener.pointer, box.toOpaque())
        try dispatch(until: { box.takeUnretainedValue().done }, within: deadline, waitingFor: "a round trip", cancel: cancel)
    }

    /// True once the connection failed (the compositor went away or reported a protocol error):
    /// it can do nothing more, and its owner opens a new one.
    public var isBroken: Bool { wl_display_get_error(display) != 0 }

    /// Reads what the compositor sent since the last request, without waiting: a compositor that
    /// went away meanwhile (restarted, as KWin is after a crash) leaves the socket closed, which
    /// this makes `isBroken` before a request is spent on it.
    public func noticeIfGone() {
        guard !isBroken else { return }
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return }
        if wl_display_prepare_read(display) == 0 {
            guard wl_display_read_events(display) == 0 else { return }
        }
        _ = wl_display_dispatch_pending(display)
    }

    /// Sends what is queued without waiting.
    public func flush() {
        _ = wl_display_flush(display)
    }

    /// What went wrong with the connection, as the compositor or the socket said it.
    func connectionError() -> LiveTextError {
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &id)
        if let interface {
            let name = String(cString: interface.pointee.name)
            return LiveTextError(.failed, "the Wayland compositor reported a protocol error on \(name)@\(id) (code \(code))")
        }
        let number = wl_display_get_error(display)
        return LiveTextError(.unavailable, "the Wayland compositor '\(socketName)' went away"
                             + (number != 0 ? " (\(String(cString: strerror(number))))" : ""))
    }

    // MARK: Listeners

    private final class RegistryState {
        var globals: [Global] = []
        let ignoring: Set<String>

        init(ignoring: Set<String>) { self.ignoring = ignoring }
    }

    final class DoneFlag {
        var done = false
    }

    private static let registryListener = ListenerTable(wl_registry_listener(
        global: { data, _, name, interface, version in
            guard let data, let interface else { return }
            let state = Unmanaged<RegistryState>.fromOpaque(data).takeUnretainedValue()
            let named = String(cString: interface)
            guard !state.ignoring.contains(named) else { return }
            state.globals.append(Global(name: name, interface: named, version: version))
        },
        global_remove: { data, _, name in
            guard let data else { return }
            Unmanaged<RegistryState>.fromOpaque(data).takeUnretainedValue().globals.removeAll { $0.name == name }
        }))

    /// Sets a `DoneFlag` (the callback's data) when the callback fires: a round trip's, a frame's.
    static let doneListener = ListenerTable(wl_callback_listener(
        done: { data, _, _ in
            guard let data else { return }
            Unmanaged<DoneFlag>.fromOpaque(data).takeUnretainedValue().done = true
        }))
}

/// A listener struct at a fixed address for as long as the process runs, as libwayland keeps
/// the pointer it is given.
// `@unchecked Sendable`: written once at initialization, then only read.
struct ListenerTable<Listener>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Listener>

    init(_ listener: Listener) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: listener)
    }
}
