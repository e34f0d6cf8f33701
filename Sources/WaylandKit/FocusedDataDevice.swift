import CWayland
import Glibc
import LiveTextCore

/// The core clipboard of a client with a surface: the `wl_data_device` of the first seat, for
/// compositors without wlr-data-control (GNOME's mutter). Its `set_selection` is taken only from
/// the client whose surface has the keyboard (mutter checks the focus, wlroots that the serial is
/// one it sent the client), so the live surface copies through it while it has the focus, with
/// the serial of the latest key or button event (`serial`). The primary selection would need
/// another protocol (zwp_primary_selection_v1): not offered here.
///
/// The offers the compositor announces (what others copied, shown to the focused client) are
/// not read, only destroyed when replaced. Used on the thread that dispatches the connection.
final class FocusedDataDevice: SelectionDevice {
    /// The serial of the input event the next `set` names.
    var serial: UInt32 = 0
    private let manager: OpaquePointer
    private let seat: OpaquePointer
    private let device: OpaquePointer
    private let offers: Unmanaged<Offers>
    private var closed = false

    /// Throws `unavailable` when the compositor offers no data device manager or no seat.
    init(connection: WaylandConnection) throws {
        guard let managerGlobal = connection.global("wl_data_device_manager") else {
            throw LiveTextError(.unavailable, "the Wayland compositor '\(connection.socketName)' offers no clipboard at all "
                                + "(neither wl_data_device_manager nor zwlr_data_control_manager_v1)")
        }
        guard let seatGlobal = connection.global("wl_seat") else {
            throw LiveTextError(.unavailable, "the Wayland display '\(connection.socketName)' has no seat, so it has no clipboard")
        }
        manager = connection.bind(managerGlobal, lt_wl_data_device_manager_interface(), version: 3)
        seat = connection.bind(seatGlobal, lt_wl_seat_interface(), version: 1)
        device = wl_data_device_manager_get_data_device(manager, seat)
        offers = .passRetained(Offers())
        wl_data_device_add_listener(device, Self.deviceListener.pointer, offers.toOpaque())
    }

    deinit { close() }

    var hasPrimary: Bool { false }

    func makeSource(for owner: OwnedSource) -> OpaquePointer {
        let source = wl_data_device_manager_create_data_source(manager)!
        wl_data_source_add_listener(source, Self.sourceListener.pointer, owner.opaque)
        return source
    }

    func offer(_ type: String, on source: OpaquePointer) {
        wl_data_source_offer(source, type)
    }

    func set(_ selection: SelectionName, to source: OpaquePointer) {
        precondition(selection == .clipboard, "the core data device has no primary selection")
        wl_data_device_set_selection(device, source, serial)
    }

    func destroySource(_ source: OpaquePointer) {
        wl_data_source_destroy(source)
    }

    func refused(_ selection: SelectionName) -> LiveTextError {
        LiveTextError(.failed, "the Wayland compositor did not let livetext set \(selection.spokenName): it takes a copy only "
                      + "from the window that has the keyboard; click the frozen screen and copy again")
    }

    /// Destroys the offers, the device, the manager and the seat (not the connection).
    func close() {
        guard !closed else { return }
        closed = true
        offers.takeUnretainedValue().destroyAll()
        if wl_proxy_get_version(device) >= 2 { wl_data_device_release(device) } else { wl_data_device_destroy(device) }
        wl_data_device_manager_destroy(manager)
        wl_seat_destroy(seat)
        offers.release()
    }

    // MARK: Events

    /// The offers announced: each is destroyed once nothing holds it (a new selection, a drag
    /// that left), as the protocol leaves to the client.
    private final class Offers {
        var live: Set<OpaquePointer> = []
        var selection: OpaquePointer?

        /// Destroys every offer but the selection's.
        func dropAllBut(_ kept: OpaquePointer?) {
            for offer in live where offer != kept { wl_data_offer_destroy(offer) }
            live = kept.map { [$0] } ?? []
        }

        func destroyAll() {
            dropAllBut(nil)
            selection = nil
        }
    }

    private static func offers(_ data: UnsafeMutableRawPointer?) -> Offers? {
        data.map { Unmanaged<Offers>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let deviceListener = ListenerTable(wl_data_device_listener(
        data_offer: { data, _, offer in
            guard let offer else { return }
            offers(data)?.live.insert(offer)
        },
        enter: { _, _, _, _, _, _, _ in },
        leave: { data, _ in
            guard let offers = offers(data) else { return }
            offers.dropAllBut(offers.selection)
        },
        motion: { _, _, _, _, _ in },
        drop: { _, _ in },
        selection: { data, _, offer in
            guard let offers = offers(data) else { return }
            offers.selection = offer
            offers.dropAllBut(offer)
        }))

    private static let sourceListener = ListenerTable(wl_data_source_listener(
        target: { _, _, _ in },
        send: { data, _, type, fd in
            guard let source = OwnedSource.from(data) else {
                Glibc.close(fd)
                return
            }
            source.send(type, to: fd)
        },
        cancelled: { data, _ in OwnedSource.from(data)?.cancelled() },
        dnd_drop_performed: { _, _ in },
        dnd_finished: { _, _ in },
        action: { _, _, _ in }))
}
