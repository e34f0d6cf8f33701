import CWayland
import CWaylandProtocols
import Foundation
import LiveTextCore

extension LayoutKeys {
    /// The keyboard layout of the display's seat, as its `wl_keyboard` tells every client: waits
    /// (5 s at most) for the seat to announce a keyboard and for its keymap. `hadKeyboard`: whether
    /// the seat had one when asked (one made just now, by a typer's device, reaches clients a
    /// little later). On the connection's thread.
    static func ofSeat(on connection: WaylandConnection, cancel: CancellationFlag?) throws
        -> (layout: LayoutKeys, hadKeyboard: Bool)
    {
        guard let found = try ofSeat(on: connection, waitingForKeyboard: true, cancel: cancel) else {
            throw LiveTextError(.failed, "the seat of '\(connection.socketName)' announced no keyboard")
        }
        return found
    }

    /// The same; nil, at once, when the seat has no keyboard and `waitingForKeyboard` is false.
    static func ofSeat(on connection: WaylandConnection, waitingForKeyboard: Bool, cancel: CancellationFlag?) throws
        -> (layout: LayoutKeys, hadKeyboard: Bool)?
    {
        let seatProxy = connection.bind(try connection.typingSeat(), lt_wl_seat_interface(), version: 1)
        let keymap = Unmanaged.passRetained(SeatKeymap())
        wl_seat_add_listener(seatProxy, SeatKeymap.seatListener.pointer, keymap.toOpaque())
        var keyboard: OpaquePointer?
        defer {
            if let keyboard { wl_keyboard_destroy(keyboard) }
            wl_seat_destroy(seatProxy)
            connection.flush()
            keymap.release()
        }
        try connection.roundtrip(within: .seconds(5), cancel: cancel)
        let state = keymap.takeUnretainedValue()
        let hadKeyboard = state.hasKeyboard
        if !hadKeyboard, !waitingForKeyboard { return nil }
        try connection.dispatch(until: { state.hasKeyboard }, within: .seconds(5),
                                waitingFor: "the seat to announce a keyboard", cancel: cancel)
        keyboard = wl_seat_get_keyboard(seatProxy)
        wl_keyboard_add_listener(keyboard, SeatKeymap.keyboardListener.pointer, keymap.toOpaque())
        try connection.dispatch(until: { state.text != nil }, within: .seconds(5),
                                waitingFor: "the seat's keyboard layout", cancel: cancel)
        return (try LayoutKeys(keymapText: state.text ?? "", layout: state.group), hadKeyboard)
    }
}
