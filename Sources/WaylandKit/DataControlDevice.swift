import CWayland
import CWaylandProtocols
import Glibc
import LiveTextCore

/// The wlr-data-control device of the first seat on one connection: the clipboard as a program
/// without a window sees it. It binds the seat and `zwlr_data_control_manager_v1` (version 2
/// when offered, which adds the primary selection), asks for the seat's device and keeps the
/// offers the compositor announces: each one's MIME types, and which is the selection and the
/// primary selection now.
///
/// Used from the thread that dispatches its connection; `close()` destroys every object it made.
final class DataControlDevice {
    let connection: WaylandConnection
    let manager: OpaquePointer
    let device: OpaquePointer
    /// The manager's version: 2 and up have the primary selection.
    let version: UInt32
    private let seat: OpaquePointer
    private let state: Unmanaged<Offers>
    private var closed = false

    /// Throws `unavailable` when the compositor offers no data-control manager or no seat.
    init(connection: WaylandConnection) throws {
        guard let managerGlobal = connection.global("zwlr_data_control_manager_v1") else {
            throw Self.noDataControl(connection.socketName)
        }
        guard let seatGlobal = connection.global("wl_seat") else {
            throw LiveTextError(.unavailable, "the Wayland display '\(connection.socketName)' has no seat, so it has no clipboard")
        }
        self.connection = connection
        seat = connection.bind(seatGlobal, lt_wl_seat_interface(), version: 1)
        manager = connection.bind(managerGlobal, lt_zwlr_data_control_manager_v1_interface(), version: 2)
        version = min(2, managerGlobal.version)
        device = zwlr_data_control_manager_v1_get_data_device(manager, seat)
        state = .passRetained(Offers())
        zwlr_data_control_device_v1_add_listener(device, Self.deviceListener.pointer, state.toOpaque())
    }

    /// What `unavailable` says when the compositor has no wlr-data-control.
    static func noDataControl(_ socketName: String) -> LiveTextError {
        LiveTextError(.unavailable, "the Wayland compositor '\(socketName)' offers no clipboard protocol for programs without a window "
                      + "(zwlr_data_control_manager_v1, which sway, Hyprland, river, Wayfire, labwc and KDE Plasma offer; GNOME does not)")
    }

    deinit { close() }

    /// Destroys the offers, the device, the manager and the seat (not the connection).
    func close() {
        guard !closed else { return }
        closed = true
        let offers = state.takeUnretainedValue()
        for offer in offers.types.keys { zwlr_data_control_offer_v1_destroy(offer) }
        offers.types = [:]
        zwlr_data_control_device_v1_destroy(device)
        zwlr_data_control_manager_v1_destroy(manager)
        wl_seat_destroy(seat)
        state.release()
    }

    /// Whether the compositor has said what `selection` holds since the device was made (it
    /// does at once, even when it holds nothing).
    func knows(_ selection: SelectionName) -> Bool {
        let offers = state.takeUnretainedValue()
        return selection == .clipboard ? offers.selectionKnown : offers.primaryKnown
    }

    /// The offer `selection` holds now; nil when it is empty.
    func offer(of selection: SelectionName) -> OpaquePointer? {
        let offers = state.takeUnretainedValue()
        return selection == .clipboard ? offers.selection : offers.primary
    }

    /// The MIME types `offer` was announced with.
    func types(of offer: OpaquePointer) -> [String] {
        state.takeUnretainedValue().types[offer] ?? []
    }

    /// True once the compositor ended the device (the seat went away).
    var finished: Bool { state.takeUnretainedValue().finished }

    // MARK: Events

    private final class Offers {
        var types: [OpaquePointer: [String]] = [:]
        var selection: OpaquePointer?
        var primary: OpaquePointer?
        var selectionKnown = false
        var primaryKnown = false
        var finished = false

        /// Makes `new` the offer of `selection` and destroys the one it replaces, unless the
        /// other selection still holds it (the protocol leaves destroying old offers to us).
        func set(_ selection: SelectionName, to new: OpaquePointer?) {
            let old = selection == .clipboard ? self.selection : primary
            if selection == .clipboard {
                self.selection = new
                selectionKnown = true
            } else {
                primary = new
                primaryKnown = true
            }
            if let old, old != new, old != self.selection, old != primary {
                types[old] = nil
                zwlr_data_control_offer_v1_destroy(old)
            }
        }
    }

    private static let deviceListener = ListenerTable(zwlr_data_control_device_v1_listener(
        data_offer: { data, _, offer in
            guard let data, let offer else { return }
            Unmanaged<Offers>.fromOpaque(data).takeUnretainedValue().types[offer] = []
            zwlr_data_control_offer_v1_add_listener(offer, offerListener.pointer, data)
        },
        selection: { data, _, offer in
            guard let data else { return }
            Unmanaged<Offers>.fromOpaque(data).takeUnretainedValue().set(.clipboard, to: offer)
        },
        finished: { data, _ in
            guard let data else { return }
            Unmanaged<Offers>.fromOpaque(data).takeUnretainedValue().finished = true
        },
        primary_selection: { data, _, offer in
            guard let data else { return }
            Unmanaged<Offers>.fromOpaque(data).takeUnretainedValue().set(.primary, to: offer)
        }))

    private static let offerListener = ListenerTable(zwlr_data_control_offer_v1_listener(
        offer: { data, offer, type in
            guard let data, let offer, let type else { return }
            Unmanaged<Offers>.fromOpaque(data).takeUnretainedValue().types[offer, default: []].append(String(cString: type))
        }))
}

/// A program without a window owns the selections through data-control.
extension DataControlDevice: SelectionDevice {
    var hasPrimary: Bool { version >= 2 }

    func makeSource(for owner: OwnedSource) -> OpaquePointer {
        let source = zwlr_data_control_manager_v1_create_data_source(manager)!
        zwlr_data_control_source_v1_add_listener(source, Self.sourceListener.pointer, owner.opaque)
        return source
    }

    func offer(_ type: String, on source: OpaquePointer) {
        zwlr_data_control_source_v1_offer(source, type)
    }

    func set(_ selection: SelectionName, to source: OpaquePointer) {
        if selection == .clipboard {
            zwlr_data_control_device_v1_set_selection(device, source)
        } else {
            zwlr_data_control_device_v1_set_primary_selection(device, source)
        }
    }

    func destroySource(_ source: OpaquePointer) {
        zwlr_data_control_source_v1_destroy(source)
    }

    func refused(_ selection: SelectionName) -> LiveTextError {
        LiveTextError(.failed, "another program took \(selection.spokenName) at the same moment; copy again")
    }

    private static let sourceListener = ListenerTable(zwlr_data_control_source_v1_listener(
        send: { data, _, type, fd in
            guard let source = OwnedSource.from(data) else {
                Glibc.close(fd)
                return
            }
            source.send(type, to: fd)
        },
        cancelled: { data, _ in OwnedSource.from(data)?.cancelled() }))
}
