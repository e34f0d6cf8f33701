import CWayland
import LiveTextCore

/// What every surface of livetext's own (the live surface, the viewer's window) has around it: a
/// connection of its own to the compositor, the inbox other threads post to, the seat's pointer
/// and keyboard, the pointer images, and values sent for the handler. Used on the surface's
/// thread, but for `post` and `send`.
// `@unchecked Sendable`: only `send` (through the thread-safe inbox, whose work runs on the
// surface's thread) is used from other threads.
final class SurfaceClient: @unchecked Sendable {
    let connection: WaylandConnection
    let inbox: LiveInbox
    let input = LiveSeatInput()
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var cursors: LiveCursorImages?
    /// Values sent from other threads, not yet handed to the handler.
    private var messages: [any Sendable] = []
    private(set) var isClosed = false

    /// Connects to the compositor at `socket` (a name in `runtimeDirectory`, or a path), acting as
    /// if it did not offer the globals of `ignoring`; or takes `made`, a connection made before and
    /// used by nothing yet. Throws `unavailable` when it cannot be reached.
    init(socket: String, runtimeDirectory: String?, ignoring: Set<String> = [], made: WaylandConnection? = nil) throws {
        connection = try made ?? WaylandConnection(socket: socket, runtimeDirectory: runtimeDirectory, ignoring: ignoring)
        do {
            inbox = try LiveInbox()
        } catch {
            connection.close()
            throw error
        }
    }

    /// Binds the compositor, shared memory and the seat, and makes the pointer images. Throws
    /// `unavailable` when the compositor offers no surfaces or shared memory.
    func bindBasics() throws -> (compositor: OpaquePointer, shm: OpaquePointer) {
        guard let compositorGlobal = connection.global("wl_compositor"), let shmGlobal = connection.global("wl_shm") else {
            throw LiveTextError(.unavailable, "the Wayland compositor '\(connection.socketName)' offers no surfaces or shared memory")
        }
        let compositor = connection.bind(compositorGlobal, lt_wl_compositor_interface(), version: 4)
        let shm = connection.bind(shmGlobal, lt_wl_shm_interface(), version: 1)
        (self.compositor, self.shm) = (compositor, shm)
        if let seat = connection.global("wl_seat") {
            input.listen(to: connection.bind(seat, lt_wl_seat_interface(), version: 5))
        }
        let cursors = LiveCursorImages(compositor: compositor, shm: shm)
        self.cursors = cursors
        input.onEnter = { pointer, serial in cursors.show(cursors.shape, on: pointer, serial: serial) }
        return (compositor, shm)
    }

    /// Shows `shape` as the pointer over the surfaces (from the next enter when it is elsewhere).
    func setCursor(_ shape: LiveCursor) {
        guard !isClosed, let cursors, shape != cursors.shape else { return }
        if let pointer = input.pointer, let serial = input.enterSerial {
            cursors.show(shape, on: pointer, serial: serial)
            connection.flush()
        } else {
            cursors.remember(shape)
        }
    }

    /// Queues `value` for the handler, from any thread; false once closed.
    func send(_ value: any Sendable) -> Bool {
        inbox.post { [self] in messages.append(value) }
    }

    /// Runs the work posted, then hands the values sent to `handler` as `.message`, in order,
    /// until `finished` says so; true when it did.
    func handlePosted(_ handler: (LiveSurfaceEvent) throws -> Void, finished: () -> Bool) rethrows -> Bool {
        for work in inbox.take() {
            work()
            if finished() { return true }
        }
        while !messages.isEmpty {
            try handler(.message(messages.removeFirst()))
            if finished() { return true }
        }
        return false
    }

    /// Closes the inbox (returning the work still posted, for the caller to run once the rest is
    /// closed), the seat's devices and the pointer images; the caller then destroys its own
    /// objects and calls `disconnect`.
    func closeInput() -> [@Sendable () -> Void] {
        isClosed = true
        let pending = inbox.close()
        input.close()
        cursors?.destroy()
        cursors = nil
        return pending
    }

    /// Destroys shared memory and the compositor, waits (up to 1 s) until the compositor has read
    /// the destroys (the surfaces are gone from the screen then) and disconnects, unless `serving`
    /// (a clipboard owner's loop on this connection) takes the connection over, or `recycle` does
    /// (nothing of the surface is left on it then).
    func disconnect(handingTo serving: ClipboardOwnerLoop? = nil, recycle: ((WaylandConnection) -> Void)? = nil) {
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        (shm, compositor) = (nil, nil)
        var answered = false
        if !connection.isBroken { answered = (try? connection.roundtrip(within: .seconds(1))) != nil }
        if let serving, !connection.isBroken {
            serving.startServing()
        } else if serving == nil, answered, let recycle, !connection.isBroken {
            recycle(connection)
        } else {
            serving?.endHere()
            connection.close()
        }
    }
}
