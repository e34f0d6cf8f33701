import CWayland
import Glibc
import LiveTextCore

// Glibc's Swift overlay does not declare memfd_create (Linux-only, behind _GNU_SOURCE), though
// the C library has it.
@_silgen_name("memfd_create")
private func memfd_create(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32

/// `MFD_CLOEXEC` (linux/memfd.h), which the overlay lacks too.
private let memfdCloseOnExec: UInt32 = 1

/// One `wl_shm` buffer of the live surface: pixels in a memory file shared with the compositor,
/// `XRGB8888` (opaque, for the frozen screen) or `ARGB8888` (premultiplied, for the pointer).
///
/// The compositor reads it from the commit that attached it until it sends `wl_buffer.release`:
/// `busy` says so, and nothing is written into a busy buffer. Used on the surface's thread only.
final class LayerSurfaceBuffer {
    let width: Int
    let height: Int
    /// The `wl_buffer`, nil once destroyed.
    private(set) var buffer: OpaquePointer?
    private var memory: UnsafeMutableRawPointer?
    private let size: Int
    /// Attached and committed, not yet released: the compositor may read it.
    var busy = false
    /// The paints these pixels show over the frozen screen (what a redraw of this buffer starts from).
    var paints: [LivePaint] = []

    /// A buffer of `width`×`height` pixels on `shm`; `opaque` false for one with alpha.
    /// Throws `failed` when the memory cannot be had.
    init(shm: OpaquePointer, width: Int, height: Int, opaque: Bool = true) throws {
        self.width = width
        self.height = height
        size = width * height * 4
        guard width > 0, height > 0, size <= Int(Int32.max) else {
            throw LiveTextError(.failed, "cannot share a \(width)×\(height) image with the Wayland compositor")
        }
        let descriptor = memfd_create("livetext-live", memfdCloseOnExec)
        guard descriptor >= 0 else { throw Self.systemError("create a memory file") }
        // The compositor gets its own copy of the descriptor when the pool is sent; ours is
        // closed once the buffer exists (the mapping stays).
        defer { Glibc.close(descriptor) }
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw Self.systemError("size a memory file") }
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { throw Self.systemError("map a memory file") }
        memory = mapped
        let pool = wl_shm_create_pool(shm, descriptor, Int32(size))
        let format = opaque ? WL_SHM_FORMAT_XRGB8888 : WL_SHM_FORMAT_ARGB8888
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4), format.rawValue)
        // A buffer keeps the pool's memory: the pool itself is not needed again.
        wl_shm_pool_destroy(pool)
        wl_buffer_add_listener(buffer, Self.listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { destroy() }

    private static func systemError(_ what: String) -> LiveTextError {
        LiveTextError(.failed, "cannot \(what) for the live surface: \(String(cString: strerror(errno)))")
    }

    /// Writes rgba8 `pixels` (`area.width`×`area.height`, tightly packed) at `area` of the buffer,
    /// as the little-endian B, G, R, A bytes of the shm formats.
    func write(_ pixels: UnsafeBufferPointer<UInt8>, bytesPerRow: Int, in area: Bounds) {
        guard let memory else { return }
        let target = memory.assumingMemoryBound(to: UInt8.self)
        for row in 0..<area.height {
            var from = row * bytesPerRow
            var to = ((area.y + row) * width + area.x) * 4
            for _ in 0..<area.width {
                target[to] = pixels[from + 2]
                target[to + 1] = pixels[from + 1]
                target[to + 2] = pixels[from]
                target[to + 3] = pixels[from + 3]
                from += 4
                to += 4
            }
        }
    }

    /// Writes the whole of `image` (rgba8, the buffer's size).
    func write(_ image: PixelImage) {
        image.pixels.withUnsafeBufferPointer { pixels in
            write(pixels, bytesPerRow: image.bytesPerRow, in: Bounds(x: 0, y: 0, width: width, height: height))
        }
    }

    /// Writes the rgba8 `pixels` of `area` (tightly packed, `area.width` a row).
    func write(_ pixels: [UInt8], in area: Bounds) {
        pixels.withUnsafeBufferPointer { write($0, bytesPerRow: area.width * 4, in: area) }
    }

    /// Destroys the `wl_buffer` and unmaps the memory (once).
    func destroy() {
        if let buffer { wl_buffer_destroy(buffer) }
        buffer = nil
        if let memory { munmap(memory, size) }
        memory = nil
    }

    private static let listener = ListenerTable(wl_buffer_listener(
        release: { data, _ in
            guard let data else { return }
            Unmanaged<LayerSurfaceBuffer>.fromOpaque(data).takeUnretainedValue().busy = false
        }))
}
