import CWayland
import LiveTextCore

/// The live surface's pointer images, drawn here: a Wayland client sets its own cursor, and the
/// cursor-shape protocol (`wp_cursor_shape_manager_v1`, which would name the theme's `text`,
/// `pointer` and `default`) is missing from sway 1.7, while libwayland-cursor (the theme's
/// images) is not linked. So each `LiveCursor` is a small black-and-white picture of its own,
/// in a buffer made the first time it is shown and never written again (the compositor may read
/// it at any time). Used on the surface's thread only.
final class LiveCursorImages {
    private let shm: OpaquePointer
    private var surface: OpaquePointer?
    private var buffers: [LiveCursor: LayerSurfaceBuffer] = [:]
    /// The shape shown now.
    private(set) var shape: LiveCursor = .arrow

    init(compositor: OpaquePointer, shm: OpaquePointer) {
        self.shm = shm
        surface = wl_compositor_create_surface(compositor)
    }

    deinit { destroy() }

    /// Shows `shape` as `pointer`'s image, `serial` being that of the pointer's last enter.
    func show(_ shape: LiveCursor, on pointer: OpaquePointer, serial: UInt32) {
        self.shape = shape
        guard let surface, let buffer = buffer(shape) else { return }
        let art = Self.art(shape)
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
        wl_surface_commit(surface)
        wl_pointer_set_cursor(pointer, serial, surface, Int32(art.hotX), Int32(art.hotY))
    }

    /// Remembers `shape` for the next enter, when the pointer is elsewhere.
    func remember(_ shape: LiveCursor) {
        self.shape = shape
    }

    private func buffer(_ shape: LiveCursor) -> LayerSurfaceBuffer? {
        if let made = buffers[shape] { return made }
        let art = Self.art(shape)
        let width = art.rows.map(\.count).max() ?? 0, height = art.rows.count
        guard let made = try? LayerSurfaceBuffer(shm: shm, width: width, height: height, opaque: false) else { return nil }
        // '#' black, '.' white, anything else clear (premultiplied: all zero).
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (y, row) in art.rows.enumerated() {
            for (x, mark) in row.enumerated() where mark == "#" || mark == "." {
                let value: UInt8 = mark == "#" ? 0 : 255
                pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [value, value, value, 255])
            }
        }
        made.write(pixels, in: Bounds(x: 0, y: 0, width: width, height: height))
        buffers[shape] = made
        return made
    }

    /// Destroys the buffers and the cursor's surface (once).
    func destroy() {
        for buffer in buffers.values { buffer.destroy() }
        buffers.removeAll()
        if let surface { wl_surface_destroy(surface) }
        surface = nil
    }

    private static func art(_ shape: LiveCursor) -> (rows: [[Character]], hotX: Int, hotY: Int) {
        switch shape {
        case .arrow:
            (["#", "##", "#.#", "#..#", "#...#", "#....#", "#.....#", "#......#", "#.......#", "#........#",
              "#.....#####", "#..#..#", "#.# #..#", "##  #..#", "#    #..#", "     #..#", "      ##"].map(Array.init), 0, 0)
        case .iBeam:
            (([".......", ".##.##.", "...#..."] + Array(repeating: "  .#.", count: 11) + ["...#...", ".##.##.", "......."])
                .map(Array.init), 3, 8)
        case .hand:
            (["    ##", "   #..#", "   #..#", "   #..#", "   #..###", "   #..#..##", " ###..#..#.#", "#..#.......#",
              "#..........#", " #.........#", "  #........#", "  #.......#", "   #......#", "   #######"].map(Array.init), 4, 0)
        }
    }
}
