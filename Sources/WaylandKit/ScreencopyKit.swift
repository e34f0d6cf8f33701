import CWayland
import CWaylandProtocols
import LiveTextCore

/// What captures on one connection keep between them: the screencopy manager and shared memory
/// bound once, and the buffers frames were copied into, one for each size and format asked for
/// (an output's), so that the next frame of that output is copied into memory already mapped on
/// both sides instead of a new file the compositor and this process fault in page by page.
/// `destroy()` lets go of all of it (the owner does after a while without captures: a 4K output's
/// buffer is 33 MB). Used on the connection's queue only.
final class ScreencopyKit {
    let manager: OpaquePointer
    let shm: OpaquePointer
    private var buffers: [Key: SharedMemoryBuffer] = [:]
    /// At most this many buffers are kept (the largest layouts have this many outputs).
    static let keptBuffers = 4

    struct Key: Hashable {
        let width: Int, height: Int, stride: Int, format: UInt32
    }

    /// Binds the manager and shared memory on `connection`; `unavailable` when it offers either not.
    init(connection: WaylandConnection) throws {
        guard let managerGlobal = connection.global("zwlr_screencopy_manager_v1") else {
            throw LiveTextError(.unavailable, WaylandScreenCapture.missingProtocol(connection.socketName))
        }
        guard let shmGlobal = connection.global("wl_shm") else {
            throw LiveTextError(.unavailable, "the Wayland display '\(connection.socketName)' offers no shared memory (wl_shm)")
        }
        manager = connection.bind(managerGlobal, lt_zwlr_screencopy_manager_v1_interface(), version: 3)
        shm = connection.bind(shmGlobal, lt_wl_shm_interface(), version: 1)
    }

    /// A buffer of that size and format: the one kept from an earlier frame, or a new one (kept,
    /// in place of another when `keptBuffers` are).
    func buffer(_ key: Key) throws -> SharedMemoryBuffer {
        if let kept = buffers[key] { return kept }
        let made = try SharedMemoryBuffer(shm: shm, width: key.width, height: key.height, stride: key.stride,
                                          format: key.format, for: "the screen capture")
        if buffers.count >= Self.keptBuffers, let any = buffers.first {
            any.value.destroy()
            buffers[any.key] = nil
        }
        buffers[key] = made
        return made
    }

    /// Forgets the buffer of `key` (after a frame that failed: the compositor may still hold it).
    func discard(_ key: Key) {
        buffers.removeValue(forKey: key)?.destroy()
    }

    /// Destroys the buffers and the bindings.
    func destroy() {
        buffers.values.forEach { $0.destroy() }
        buffers = [:]
        zwlr_screencopy_manager_v1_destroy(manager)
        wl_shm_destroy(shm)
    }
}
