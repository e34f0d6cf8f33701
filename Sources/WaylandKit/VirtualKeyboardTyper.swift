import CWayland
import CWaylandProtocols
import Foundation
import LiveTextCore

/// Types text into the focused window of a wlroots compositor as key presses of a virtual
/// keyboard (`zwp_virtual_keyboard_manager_v1`), as if the user typed it.
///
/// Each call makes a keyboard of its own whose keymap holds exactly the text's characters
/// (`TypingKeymap`): any Unicode character types, whatever the user's layout, with no modifier
/// involved. Every key is released as soon as it is pressed; the keyboard is gone when the call
/// ends. Uses the caller's connection from the calling thread.
// `@unchecked Sendable`: it may move between threads with its connection, never be shared by them.
public final class VirtualKeyboardTyper: @unchecked Sendable {
    private let connection: WaylandConnection
    private let manager: WaylandConnection.Global
    private let seat: WaylandConnection.Global

    /// Throws `unavailable` when the compositor offers no virtual keyboard (or no seat).
    public init(connection: WaylandConnection) throws {
        guard let manager = connection.global("zwp_virtual_keyboard_manager_v1") else {
            throw LiveTextError(.unavailable, "the Wayland compositor '\(connection.socketName)' offers no virtual keyboard to type with "
                                + "(zwp_virtual_keyboard_manager_v1, which sway, Hyprland, river, Wayfire and labwc offer; GNOME and KDE Plasma do not)")
        }
        (self.connection, self.manager, self.seat) = (connection, manager, try connection.typingSeat())
    }

    /// Types `text` over a connection of its own to `socket` (`$WAYLAND_DISPLAY` when nil) in
    /// `runtimeDirectory` (`$XDG_RUNTIME_DIR` when nil), closed when done. Blocks the caller.
    public static func type(_ text: String, socket: String? = nil, runtimeDirectory: String? = nil,
                            cancel: CancellationFlag? = nil) throws {
        let connection = try WaylandConnection(socket: socket, runtimeDirectory: runtimeDirectory)
        defer { connection.close() }
        try VirtualKeyboardTyper(connection: connection).type(text, cancel: cancel)
    }

    /// Types `text` into the focused window. Newlines are Return, tabs Tab; other control
    /// characters are skipped. Checks `cancel` between keys (`cancelled`); throws `failed` when
    /// the compositor does not keep up (5 s for each round trip) or reports an error,
    /// `unavailable` when it goes away.
    public func type(_ text: String, cancel: CancellationFlag? = nil) throws {
        try TypingPace.check(cancel)
        let chunks = try TypingKeymap.plan(TypingKeymap.keysyms(typing: text))
        guard !chunks.isEmpty else { return }
        let seatProxy = connection.bind(seat, lt_wl_seat_interface(), version: 1)
        let seatState = Unmanaged.passRetained(SeatState())
        wl_seat_add_listener(seatProxy, Self.seatListener.pointer, seatState.toOpaque())
        let managerProxy = connection.bind(manager, lt_zwp_virtual_keyboard_manager_v1_interface(), version: 1)
        defer {
            zwp_virtual_keyboard_manager_v1_destroy(managerProxy)
            wl_seat_destroy(seatProxy)
            connection.flush()
            seatState.release()
        }
        // What the seat had before our keyboard: the compositor says so at once.
        try connection.roundtrip(within: .seconds(5), cancel: cancel)
        let seatHadKeyboard = seatState.takeUnretainedValue().hasKeyboard
        let keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(managerProxy, seatProxy)
        defer { zwp_virtual_keyboard_v1_destroy(keyboard) }
        var clock = EventClock()
        for (number, chunk) in chunks.enumerated() {
            try TypingPace.check(cancel)
            if number > 0 { try TypingPace.pause(Self.keymapSettle, cancel: cancel) }
            let file = try KeymapFile.make(chunk.map.text)
            zwp_virtual_keyboard_v1_keymap(keyboard, UInt32(WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue), file.fd, file.size)
            // libwayland sent a copy of the descriptor; ours is no longer needed.
            close(file.fd)
            zwp_virtual_keyboard_v1_modifiers(keyboard, 0, 0, 0, 0)
            // The compositor has our keymap before the first key (a key before any keymap is a
            // protocol error), and any error it found in it is reported here, not after typing.
            try connection.roundtrip(within: .seconds(5), cancel: cancel)
            if number == 0, !seatHadKeyboard {
                try waitForClientsKeyboards(seatState.takeUnretainedValue(), cancel: cancel)
            }
            for (index, keysym) in chunk.keysyms.enumerated() {
                try TypingPace.check(cancel)
                guard let key = chunk.map.key(for: keysym) else { continue }
                zwp_virtual_keyboard_v1_key(keyboard, clock.next(), key, UInt32(WL_KEYBOARD_KEY_STATE_PRESSED.rawValue))
                zwp_virtual_keyboard_v1_key(keyboard, clock.next(), key, UInt32(WL_KEYBOARD_KEY_STATE_RELEASED.rawValue))
                // Pace the keys a little, so that the compositor and slow clients keep up.
                if index % 16 == 15 {
                    try connection.roundtrip(within: .seconds(5), cancel: cancel)
                } else {
                    connection.flush()
                }
            }
            // Every key of this map handled before the next map replaces it.
            try connection.roundtrip(within: .seconds(5), cancel: cancel)
        }
    }

    /// How long clients are given to read the keys typed with one keymap before the next
    /// replaces it. An X client (through Xwayland) looks a key's meaning up when it handles the
    /// key, from the server's mapping of that moment: a new keymap that comes first turns the
    /// keys still queued into the new map's characters, or none (xterm lost a whole chunk of 247
    /// in 2 runs of 8 without it, none in 6 with it). X11Kit waits as long before it rebinds its
    /// spare keys, for the same reason.
    static let keymapSettle: Duration = .milliseconds(400)

    /// How long the focused client is given to make its keyboard once the seat has one: one
    /// dispatch and one request of its own, which 300 ms covered on an idle machine; more for a
    /// loaded one, paid only by a seat that had no keyboard.
    static let keyboardSettle: Duration = .milliseconds(500)

    /// Lets clients make their keyboards when ours is the seat's first one.
    ///
    /// The first keys typed were lost (wtype's "first character lost"; the focused foot got
    /// "123\n" of "Hello, wörld! ✓ 123\n") when the seat had no keyboard before ours — a
    /// headless compositor, a kiosk, a session whose only keyboard was unplugged. A client holds
    /// no `wl_keyboard` then: it makes one only once the seat announces the keyboard capability,
    /// which happens when our keyboard appears, and the compositor sends keys only to keyboards
    /// that exist, so every key that comes before the client's own round trip is dropped. We
    /// cannot see another client's requests; we wait until the seat has announced the keyboard
    /// (to us, and so to every client at once), then give the clients `keyboardSettle` to ask for
    /// theirs. With a keyboard on the seat already, clients have theirs and nothing is waited for:
    /// a new keyboard's keymap reaches the focused client ahead of its first key.
    private func waitForClientsKeyboards(_ seat: SeatState, cancel: CancellationFlag?) throws {
        try connection.dispatch(until: { seat.hasKeyboard }, within: .seconds(5),
                                waitingFor: "the seat to announce our keyboard", cancel: cancel)
        try TypingPace.pause(Self.keyboardSettle, cancel: cancel)
    }

    private final class SeatState {
        var capabilities: UInt32 = 0
        var hasKeyboard: Bool { capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 }
    }

    private static let seatListener = ListenerTable(wl_seat_listener(
        capabilities: { data, _, capabilities in
            guard let data else { return }
            Unmanaged<SeatState>.fromOpaque(data).takeUnretainedValue().capabilities = capabilities
        },
        name: { _, _, _ in }))
}

/// Key event times in milliseconds, always increasing: clients drop or reorder key events
/// whose times go backwards, and read two events with one time as one chord.
private struct EventClock {
    private var last: UInt32 = 0

    mutating func next() -> UInt32 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let milliseconds = UInt32(truncatingIfNeeded: Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000)
        last = max(milliseconds, last &+ 1)
        return last
    }
}
