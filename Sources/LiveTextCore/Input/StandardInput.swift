import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Standard input as the process found it. Started with it closed (`livetext analyze - <&-`), the
/// next descriptor opened would become 0 (the bus socket, a file) and be read as stdin: fd 0
/// holds /dev/null instead, and reading stdin says it was closed.
public enum StandardInput {
    private static let closed = Atomic<Bool>(false)

    /// Whether stdin was closed when `reserveIfClosed` ran.
    public static var wasClosed: Bool { closed.load(ordering: .relaxed) }

    /// Call first thing, before anything opens a descriptor.
    public static func reserveIfClosed() {
        guard fcntl(STDIN_FILENO, F_GETFD) < 0, errno == EBADF else { return }
        closed.store(true, ordering: .relaxed)
        let null = open("/dev/null", O_RDONLY)
        if null > STDIN_FILENO { close(null) }  // 0 was taken meanwhile: nothing to hold
    }
}
