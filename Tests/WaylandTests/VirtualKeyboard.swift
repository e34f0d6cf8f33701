import CWayland
import CWaylandProtocols
import Foundation
import Glibc
import LiveTextCore
import TestSupport
import WaylandKit

@_silgen_name("memfd_create")
private func memfd_create(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32

/// `MFD_CLOEXEC` (linux/memfd.h), which the overlay lacks too.
private let memfdCloseOnExec: UInt32 = 1

/// A keyboard of the test's own on sway's seat (`zwp_virtual_keyboard_v1`) with a keymap of four
/// keys: Escape, a, x and Shift. It sets its modifiers itself, as the protocol wants (the
/// compositor does not derive them from the keys). Blocking: call it off the cooperative pool.
final class VirtualKeyboard: @unchecked Sendable {
    private let connection: WaylandConnection
    private let manager: OpaquePointer
    private let seat: OpaquePointer
    private let device: OpaquePointer
    private var time: UInt32 = 10_000

    /// Evdev codes (X keycodes less 8) of the keymap's keys.
    static let escape: UInt32 = 1, a: UInt32 = 30, shift: UInt32 = 42, x: UInt32 = 45

    static let keymap = """
        xkb_keymap {
            xkb_keycodes "livetext" { minimum = 8; maximum = 255; <ESC> = 9; <AC01> = 38; <LFSH> = 50; <AB02> = 53; };
            xkb_types "livetext" { include "complete" };
            xkb_compatibility "livetext" { include "complete" };
            xkb_symbols "livetext" {
                key <ESC> { [ Escape ] };
                key <AC01> { [ a, A ] };
                key <LFSH> { [ Shift_L ] };
                key <AB02> { [ x, X ] };
                modifier_map Shift { <LFSH> };
            };
        };
        """

    init(_ sway: SwayServer) throws {
        connection = try WaylandConnection(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
        guard let managerGlobal = connection.global("zwp_virtual_keyboard_manager_v1"),
              let seatGlobal = connection.global("wl_seat") else {
            connection.close()
            throw TestFailure("sway offers no virtual keyboard")
        }
        manager = connection.bind(managerGlobal, lt_zwp_virtual_keyboard_manager_v1_interface(), version: 1)
        seat = connection.bind(seatGlobal, lt_wl_seat_interface(), version: 1)
        device = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat)
        let text = Array(Self.keymap.utf8) + [0]
        let descriptor = memfd_create("livetext-test-keymap", memfdCloseOnExec)
        guard descriptor >= 0, text.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == text.count else {
            throw TestFailure("cannot write the test keymap")
        }
        defer { Glibc.close(descriptor) }
        zwp_virtual_keyboard_v1_keymap(device, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, descriptor, UInt32(text.count))
        try connection.roundtrip()
    }

    /// Presses and releases `key` (an evdev code), with Shift held when `shifted`.
    func type(_ key: UInt32, shifted: Bool = false) throws {
        if shifted {
            step { zwp_virtual_keyboard_v1_key(device, $0, Self.shift, 1) }
            // Shift is the keymap's first modifier: bit 0.
            zwp_virtual_keyboard_v1_modifiers(device, 1, 0, 0, 0)
        }
        step { zwp_virtual_keyboard_v1_key(device, $0, key, 1) }
        step { zwp_virtual_keyboard_v1_key(device, $0, key, 0) }
        if shifted {
            step { zwp_virtual_keyboard_v1_key(device, $0, Self.shift, 0) }
            zwp_virtual_keyboard_v1_modifiers(device, 0, 0, 0, 0)
        }
        try connection.roundtrip()
    }

    /// Presses `key` (an evdev code) and holds it until `release`.
    func press(_ key: UInt32) throws {
        step { zwp_virtual_keyboard_v1_key(device, $0, key, 1) }
        try connection.roundtrip()
    }

    func release(_ key: UInt32) throws {
        step { zwp_virtual_keyboard_v1_key(device, $0, key, 0) }
        try connection.roundtrip()
    }

    private func step(_ send: (UInt32) -> Void) {
        time += 30
        send(time)
    }

    func close() {
        zwp_virtual_keyboard_v1_destroy(device)
        wl_seat_destroy(seat)
        zwp_virtual_keyboard_manager_v1_destroy(manager)
        try? connection.roundtrip()
        connection.close()
    }
}
