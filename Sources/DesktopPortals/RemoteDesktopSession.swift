import DBusKit
import LiveTextCore
import Synchronization

/// One started session of xdg-desktop-portal's RemoteDesktop with the keyboard granted, kept for
/// later typing: open until the portal closes it (its `org.freedesktop.portal.Session` `Closed`
/// signal: the user stopped it in the Shell's menu, or the desktop ended it) or the bus connection
/// it was made on ends (the portal closes the sessions of a caller that left).
final class RemoteDesktopSession: Sendable {
    static let interface = "org.freedesktop.portal.RemoteDesktop"
    static let sessionInterface = "org.freedesktop.portal.Session"
    /// `types` and `devices` bits.
    static let keyboard: UInt32 = 1

    let bus: DBusConnection
    let handle: DBusObjectPath
    private let closed = Atomic<Bool>(false)
    private let watcher = Mutex<Task<Void, Never>?>(nil)

    /// `closedSignals`: the `Closed` signals of `handle`, subscribed to before the session was made.
    init(bus: DBusConnection, handle: DBusObjectPath, closedSignals: AsyncStream<DBusIncomingSignal>) {
        self.bus = bus
        self.handle = handle
        let task = Task { [weak self] in
            // The stream ends with the connection, a signal with the session: either way it is gone.
            for await _ in closedSignals { break }
            self?.closed.store(true, ordering: .relaxed)
        }
        watcher.withLock { $0 = task }
    }

    deinit {
        watcher.withLock { $0?.cancel() }
    }

    /// Whether the portal still holds it.
    var isOpen: Bool { !closed.load(ordering: .relaxed) && bus.isConnected }

    /// Presses and releases each keysym in order, one round trip for each change (the portal
    /// forwards them in order, and an error comes back with the key that caused it).
    func press(_ keysyms: [UInt32], cancel: CancellationFlag) async throws {
        for (index, keysym) in keysyms.enumerated() {
            if cancel.isCancelled { throw LiveTextError(.cancelled, "typing cancelled") }
            for state: UInt32 in [1, 0] {
                do {
                    _ = try await bus.call(destination: PortalRequest.portalName, path: PortalRequest.portalPath,
                                           interface: Self.interface, member: "NotifyKeyboardKeysym",
                                           arguments: [.objectPath(handle), .vardict([:]), .int32(Int32(bitPattern: keysym)),
                                                       .uint32(state)],
                                           timeout: .seconds(5))
                } catch let error as DBusError {
                    close()
                    throw LiveTextError(.unavailable, "the RemoteDesktop portal stopped taking keys after \(index) of "
                                        + "\(keysyms.count) (\(error.name): \(error.message)); the next typing asks again")
                }
            }
        }
    }

    /// Closes it in the portal (the Shell's "remote control" indicator goes) and marks it closed.
    func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        Self.close(handle, on: bus)
    }

    /// Asks the portal to close the session at `handle`, not waiting for the answer.
    static func close(_ handle: DBusObjectPath, on bus: DBusConnection) {
        Task {
            _ = try? await bus.call(destination: PortalRequest.portalName, path: handle, interface: sessionInterface,
                                    member: "Close", timeout: .seconds(2))
        }
    }
}
