#if canImport(Glibc)
import Glibc
#endif
import LiveTextCore

/// The pipe a screenshot service writes raw pixels into: the write end goes to the service as
/// an `h` argument, the read end stays here, non-blocking, and is read while the call runs (the
/// reply may come before or after the data; a service that writes first would otherwise block
/// on a full pipe). Reads stop at a limit: a peer never makes it hold more than it allows.
final class PixelPipe {
    /// Ours, non-blocking; closed with this object.
    let readEnd: Int32
    /// The service's end, until `takeWriteEnd()`.
    private var writeEnd: Int32?
    private(set) var bytes: [UInt8] = []
    /// The writer closed its end (every copy of it).
    private(set) var ended = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)

    init() throws {
        let ends = try makePipe(flags: O_CLOEXEC, for: "for the screenshot")
        readEnd = ends.read
        writeEnd = ends.write
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        if let writeEnd { close(writeEnd) }
    }

    /// The write end, now the caller's to close (once sent, so that the pipe ends when the
    /// service closes its copy).
    func takeWriteEnd() -> Int32? {
        defer { writeEnd = nil }
        return writeEnd
    }

    /// Makes room for `count` bytes at once, once the reply has said how many come.
    func reserve(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// Reads what the pipe holds now, without waiting, until it is empty or ended. Throws when
    /// more than `limit` bytes came.
    func drain(limit: Int, what: String) throws {
        while !ended {
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                guard bytes.count + count <= limit else {
                    throw LiveTextError(.failed, "\(what) wrote more than the \(limit) bytes expected")
                }
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                ended = true
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else if errno != EINTR {
                throw LiveTextError.system("reading the pixels of \(what)")
            }
        }
    }
}
