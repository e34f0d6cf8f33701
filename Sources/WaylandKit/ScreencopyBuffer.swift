import CWayland
import Foundation
import LiveTextCore

@_silgen_name("memfd_create")
private func memfdCreate(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32

/// A `wl_buffer` in shared memory (a memfd mapped here) that the compositor copies a frame into.
/// Released with `destroy()` on every path: the buffer, the pool, the mapping and the descriptor.
final class ScreencopyBuffer {
    let buffer: OpaquePointer
    let memory: UnsafeMutableRawPointer
    let size: Int
    private let pool: OpaquePointer
    private let descriptor: Int32

    init(shm: OpaquePointer, width: Int, height: Int, stride: Int, format: UInt32) throws {
        size = stride * height
        guard size > 0, size <= Int(Int32.max) else {
            throw LiveTextError(.failed, "the compositor asked for a frame buffer of \(width)×\(height), stride \(stride)")
        }
        let fd = memfdCreate("livetext-screencopy", 1 /* MFD_CLOEXEC */)
        guard fd >= 0 else {
            throw LiveTextError(.failed, "cannot create a shared-memory buffer for the capture: \(String(cString: strerror(errno)))")
        }
        guard ftruncate(fd, off_t(size)) == 0,
              let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw LiveTextError(.failed, "cannot map \(size) bytes of shared memory for the capture: \(reason)")
        }
        descriptor = fd
        memory = mapped
        pool = wl_shm_create_pool(shm, fd, Int32(size))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), format)
    }

    func destroy() {
        wl_buffer_destroy(buffer)
        wl_shm_pool_destroy(pool)
        munmap(memory, size)
        close(descriptor)
    }
}
