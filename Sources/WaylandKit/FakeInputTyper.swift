import CWayland
import CWaylandProtocols
import CXKBCommon
import Foundation
import LiveTextCore

/// Types text into the focused window of KDE Plasma as key presses through KWin's fake input
/// (`org_kde_kwin_fake_input`), which KWin offers instead of a virtual keyboard, and only to the
/// binaries its installed desktop files list it for in `X-KDE-Wayland-Interfaces`
/// (`org.livetext.desktop`).
///
/// Version 4 of the protocol (KWin 5.27) sends evdev key codes through KWin's own keyboard
/// layout: each character is typed by the key (and Shift or AltGr) that types it in the seat's
/// keymap, read from the seat's keyboard, and a character the layout lacks is refused before
/// any key is sent. Uses the caller's connection from the calling thread.
// `@unchecked Sendable`: it may move between threads with its connection, never be shared by them.
public final class FakeInputTyper: @unchecked Sendable {
    static let interface = "org_kde_kwin_fake_input"
    private let connection: WaylandConnection
    private let manager: WaylandConnection.Global

    /// Throws `unavailable` when the compositor offers no fake input with keys (or no seat).
    public init(connection: WaylandConnection) throws {
        guard let manager = connection.global(Self.interface) else {
            throw LiveTextError(.unavailable, Self.missing(connection.socketName))
        }
        guard manager.version >= 4 else {
            throw LiveTextError(.unavailable, "KWin on '\(connection.socketName)' offers fake input version \(manager.version), "
                                + "which has no keys (version 4, KWin 5.23 and later, has them)")
        }
        _ = try connection.typingSeat()
        (self.connection, self.manager) = (connection, manager)
    }

    /// Why a compositor without the global cannot type this way: KWin hides it from binaries
    /// no desktop file grants it to.
    static func missing(_ socket: String) -> String {
        "the Wayland compositor '\(socket)' offers this program no fake input (\(interface)): KDE Plasma's KWin offers it "
            + "to binaries an installed desktop file lists it for in X-KDE-Wayland-Interfaces — install org.livetext.desktop "
            + "(`make install` and the Debian package do)"
    }

    /// Types `text` into the focused window. Newlines are Return, tabs Tab; other control
    /// characters are skipped. Throws `unavailable` naming a character the layout has no key for
    /// (before typing anything), `cancelled` between keys, `failed` when KWin does not keep up
    /// (5 s a round trip).
    public func type(_ text: String, cancel: CancellationFlag? = nil) throws {
        try TypingPace.check(cancel)
        let keysyms = TypingKeymap.keysyms(typing: text)
        guard !keysyms.isEmpty else { return }
        let fakeInput = connection.bind(manager, lt_org_kde_kwin_fake_input_interface(), version: 4)
        org_kde_kwin_fake_input_authenticate(fakeInput, "livetext", "types the text you chose from a screenshot")
        defer {
            org_kde_kwin_fake_input_destroy(fakeInput)
            connection.flush()
        }
        // KWin's fake input device is a keyboard: the seat has one once it is bound.
        let (layout, seatHadKeyboard) = try LayoutKeys.ofSeat(on: connection, cancel: cancel)
        let strokes = try Self.strokes(for: keysyms, layout: layout)
        // Clients make their keyboards once the seat announces one (see VirtualKeyboardTyper).
        if !seatHadKeyboard { try TypingPace.pause(VirtualKeyboardTyper.keyboardSettle, cancel: cancel) }
        for (index, stroke) in strokes.enumerated() {
            try TypingPace.check(cancel)
            for modifier in stroke.modifiers { org_kde_kwin_fake_input_keyboard_key(fakeInput, modifier, Self.pressed) }
            org_kde_kwin_fake_input_keyboard_key(fakeInput, stroke.code, Self.pressed)
            org_kde_kwin_fake_input_keyboard_key(fakeInput, stroke.code, Self.released)
            for modifier in stroke.modifiers.reversed() { org_kde_kwin_fake_input_keyboard_key(fakeInput, modifier, Self.released) }
            // Pace the keys a little, so that KWin and slow clients keep up.
            if index % 16 == 15 {
                try connection.roundtrip(within: .seconds(5), cancel: cancel)
            } else {
                connection.flush()
            }
        }
        try connection.roundtrip(within: .seconds(5), cancel: cancel)
    }

    private static let pressed = UInt32(WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
    private static let released = UInt32(WL_KEYBOARD_KEY_STATE_RELEASED.rawValue)

    /// The stroke of each keysym, or `unavailable` naming the first character the layout lacks.
    static func strokes(for keysyms: [UInt32], layout: LayoutKeys) throws -> [LayoutKeys.Stroke] {
        try layout.check(keysyms, through: "KWin's fake input", because: "KWin 5.27 types only what the layout has")
        return keysyms.compactMap { layout.strokes[$0] }
    }
}
