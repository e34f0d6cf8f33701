import CWayland
import CWaylandProtocols
import Foundation
import LiveTextCore
import TestSupport
import WaylandKit

/// A pointer of the test's own on sway's seat (`zwlr_virtual_pointer_v1`): the headless seat has
/// no pointer device, so this one, held for the whole test, is what moves the cursor and clicks.
/// Each action carries a time of its own (milliseconds, advanced by `after`), so double clicks do
/// not depend on how fast the test runs. Blocking: call it off the cooperative pool (`offPool`).
final class VirtualPointer: @unchecked Sendable {
    private let connection: WaylandConnection
    private let manager: OpaquePointer
    private let seat: OpaquePointer
    private let device: OpaquePointer
    private let width: UInt32
    private let height: UInt32
    private var time: UInt32 = 10_000

    /// The kernel's code of the left button.
    static let left: UInt32 = 0x110

    /// `extent`: the size of the layout the positions are in (the first output's when nil).
    init(_ sway: SwayServer, extent: (width: Int, height: Int)? = nil) throws {
        connection = try WaylandConnection(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
        guard let managerGlobal = connection.global("zwlr_virtual_pointer_manager_v1"),
              let seatGlobal = connection.global("wl_seat") else {
            connection.close()
            throw TestFailure("sway offers no virtual pointer")
        }
        manager = connection.bind(managerGlobal, lt_zwlr_virtual_pointer_manager_v1_interface(), version: 1)
        seat = connection.bind(seatGlobal, lt_wl_seat_interface(), version: 1)
        device = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat)
        (width, height) = (UInt32(extent?.width ?? sway.width), UInt32(extent?.height ?? sway.height))
        try connection.roundtrip()
    }

    /// Moves the pointer to `x`, `y` of the layout (`after` milliseconds after the last action).
    func move(_ x: Int, _ y: Int, after: UInt32 = 20) throws {
        time += after
        zwlr_virtual_pointer_v1_motion_absolute(device, time, UInt32(x), UInt32(y), width, height)
        zwlr_virtual_pointer_v1_frame(device)
        try connection.roundtrip()
    }

    /// Presses (`down`) or releases `button`.
    func button(_ down: Bool, _ button: UInt32 = VirtualPointer.left, after: UInt32 = 20) throws {
        time += after
        zwlr_virtual_pointer_v1_button(device, time, button, down ? 1 : 0)
        zwlr_virtual_pointer_v1_frame(device)
        try connection.roundtrip()
    }

    /// A press and release of the left button where the pointer is.
    func click(after: UInt32 = 20) throws {
        try button(true, after: after)
        try button(false, after: 30)
    }

    func close() {
        zwlr_virtual_pointer_v1_destroy(device)
        wl_seat_destroy(seat)
        zwlr_virtual_pointer_manager_v1_destroy(manager)
        try? connection.roundtrip()
        connection.close()
    }
}
