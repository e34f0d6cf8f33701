import CWayland
import Glibc
import LiveTextCore

/// One `wl_shm` buffer of the live surface: pixels in a memory file shared with the compositor,
/// `XRGB8888` (opaque, for the frozen screen) or `ARGB8888` (premultiplied, for the pointer).
///
/// The compositor reads it from the commit that attached it until it sends `wl_buffer.release`:
/// `busy` says so, and nothing is written into a busy buffer. Used on the surface's thread only.
final class LayerSurfaceBuffer {
    let width: Int
    let height: Int
    /// The `wl_buffer` and its memory, nil once destroyed.
    private var shared: SharedMemoryBuffer?
    /// The `wl_buffer`, nil once destroyed.
    var buffer: OpaquePointer? { shared?.buffer }
    /// Attached and committed, not yet released: the compositor may read it.
    var busy = false
    /// The paints these pixels show over the frozen screen (what a redraw of this buffer starts from).
    var paints: [LivePaint] = []
    /// Whether the frozen pixels were written (the live surface's second buffer waits for its first redraw).
    var filled = false

    /// A buffer of `width`×`height` pixels on `shm`; `opaque` false for one with alpha.
    /// Throws `failed` when the memory cannot be had.
    init(shm: OpaquePointer, width: Int, height: Int, opaque: Bool = true) throws {
        self.width = width
        self.height = height
        let format = opaque ? WL_SHM_FORMAT_XRGB8888 : WL_SHM_FORMAT_ARGB8888
        let shared = try SharedMemoryBuffer(shm: shm, width: width, height: height, stride: width * 4,
                                            format: format.rawValue, for: "the live surface")
        self.shared = shared
        wl_buffer_add_listener(shared.buffer, Self.listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { destroy() }

    /// Writes rgba8 `pixels` (`area.width`×`area.height`, rows `bytesPerRow` apart) at `area` of
    /// the buffer, as the little-endian B, G, R, A bytes of the shm formats: a 32-bit load, swap
    /// and store a pixel.
    func write(_ pixels: UnsafeBufferPointer<UInt8>, bytesPerRow: Int, in area: Bounds) {
        guard let memory = shared?.memory, area.width > 0, area.height > 0, let source = pixels.baseAddress else { return }
        precondition(area.x >= 0 && area.y >= 0 && area.x + area.width <= width && area.y + area.height <= height
                     && pixels.count >= (area.height - 1) * bytesPerRow + area.width * 4, "a write outside the buffer")
        let raw = UnsafeRawPointer(source)
        for row in 0..<area.height {
            let from = raw.advanced(by: row * bytesPerRow)
            let to = memory.advanced(by: ((area.y + row) * width + area.x) * 4)
            for column in 0..<area.width {
                // R, G, B, A in memory is 0xAABBGGRR; the buffer wants 0xAARRGGBB.
                let value = from.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
                let swapped = (value & 0xFF00_FF00) | (value >> 16 & 0xFF) | (value & 0xFF) << 16
                to.storeBytes(of: swapped, toByteOffset: column * 4, as: UInt32.self)
            }
        }
    }

    /// Writes `crop` of `image` (rgba8; the crop is the buffer's size) over the whole buffer.
    func write(_ image: PixelImage, from crop: Bounds) {
        precondition(crop.width == width && crop.height == height && crop.x >= 0 && crop.y >= 0
                     && crop.x + crop.width <= image.width && crop.y + crop.height <= image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            let start = UnsafeBufferPointer(rebasing: pixels[(crop.y * image.bytesPerRow + crop.x * 4)...])
            write(start, bytesPerRow: image.bytesPerRow, in: Bounds(x: 0, y: 0, width: width, height: height))
        }
    }

    /// Writes the rgba8 `pixels` of `area` (tightly packed, `area.width` a row).
    func write(_ pixels: [UInt8], in area: Bounds) {
        pixels.withUnsafeBufferPointer { write($0, bytesPerRow: area.width * 4, in: area) }
    }

    /// Destroys the `wl_buffer` and unmaps the memory (once).
    func destroy() {
        shared?.destroy()
        shared = nil
    }

    private static let listener = ListenerTable(wl_buffer_listener(
        release: { data, _ in
            guard let data else { return }
            Unmanaged<LayerSurfaceBuffer>.fromOpaque(data).takeUnretainedValue().busy = false
        }))
}
