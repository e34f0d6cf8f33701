import CWayland
import CWaylandProtocols
import Foundation

/// The keyboard layout a seat's keyboard speaks, as its `wl_keyboard` tells every client: the
/// keymap's text and the active layout (group). A typer that sends key codes needs it to know
/// which code types which character. Touched on the connection's thread only.
final class SeatKeymap {
    private(set) var capabilities: UInt32 = 0
    private(set) var text: String?
    private(set) var group: UInt32 = 0

    var hasKeyboard: Bool { capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 }

    /// The keymap's text from `descriptor` (the compositor's memory file, `size` bytes, a NUL
    /// at its end), read with `pread` so a short file is an empty keymap rather than a fault.
    fileprivate func received(format: UInt32, descriptor: Int32, size: UInt32) {
        defer { close(descriptor) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, size > 0, size < 16 << 20 else { return }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            guard count > 0 else { break }
            offset += count
        }
        text = String(decoding: bytes[..<(bytes[..<offset].firstIndex(of: 0) ?? offset)], as: UTF8.self)
    }

    private static func state(_ data: UnsafeMutableRawPointer?) -> SeatKeymap? {
        data.map { Unmanaged<SeatKeymap>.fromOpaque($0).takeUnretainedValue() }
    }

    static let seatListener = ListenerTable(wl_seat_listener(
        capabilities: { data, _, capabilities in state(data)?.capabilities = capabilities },
        name: { _, _, _ in }))

    static let keyboardListener = ListenerTable(wl_keyboard_listener(
        keymap: { data, _, format, descriptor, size in
            guard let keymap = state(data) else { close(descriptor); return }
            keymap.received(format: format, descriptor: descriptor, size: size)
        },
        enter: { _, _, _, _, _ in },
        leave: { _, _, _, _ in },
        key: { _, _, _, _, _, _ in },
        modifiers: { data, _, _, _, _, _, group in state(data)?.group = group },
        repeat_info: { _, _, _, _ in }))
}
