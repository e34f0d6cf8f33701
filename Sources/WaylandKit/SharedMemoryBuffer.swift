import CWayland
import Foundation
import LiveTextCore

// Glibc's Swift overlay does not declare memfd_create (a GNU extension), though the C library has it.
@_silgen_name("memfd_create")
private func memfdCreate(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32

/// Files in memory (`memfd_create`), the way Wayland hands bulk data to the compositor: frames,
/// keymaps.
enum MemoryFile {
    /// A new memory file, closed on exec (MFD_CLOEXEC, which the overlay lacks too); `failed`
    /// naming `what` it was for.
    static func create(_ name: String, for what: String) throws -> Int32 {
        let descriptor = memfdCreate(name, 1)
        guard descriptor >= 0 else {
            throw LiveTextError(.failed, "cannot make a file in memory for \(what): \(String(cString: strerror(errno)))")
        }
        return descriptor
    }
}

/// A `wl_buffer` over a memory file mapped here: what the compositor copies a frame into
/// (screencopy) or shows (the live surface). `destroy()` releases the buffer and the mapping.
final class SharedMemoryBuffer {
    let buffer: OpaquePointer
    let memory: UnsafeMutableRawPointer
    let size: Int

    /// `stride`×`height` bytes in `format` (a wl_shm format code); `what` names its use in errors.
    init(shm: OpaquePointer, width: Int, height: Int, stride: Int, format: UInt32, for what: String) throws {
        size = stride * height
        guard width > 0, height > 0, size > 0, size <= Int(Int32.max) else {
            throw LiveTextError(.failed, "cannot share a \(width)×\(height) image (stride \(stride)) for \(what) with the "
                                + "Wayland compositor")
        }
        let descriptor = try MemoryFile.create("livetext-shm", for: what)
        // The pool request carries its own copy of the descriptor; ours is done with once the
        // buffer exists (the mapping stays).
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(size)) == 0,
              let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
            throw LiveTextError(.failed, "cannot map \(size) bytes of shared memory for \(what): \(String(cString: strerror(errno)))")
        }
        memory = mapped
        let pool = wl_shm_create_pool(shm, descriptor, Int32(size))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), format)
        // A buffer keeps the pool's memory: the pool itself is not needed again.
        wl_shm_pool_destroy(pool)
    }

    func destroy() {
        wl_buffer_destroy(buffer)
        munmap(memory, size)
    }
}
