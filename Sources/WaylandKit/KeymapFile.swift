import Foundation
import LiveTextCore

/// A keymap handed to the compositor as a file in memory (`memfd_create`): the virtual
/// keyboard protocol takes a file descriptor and a size, which the compositor maps.
enum KeymapFile {
    /// A new memory file holding `text` and its terminating NUL (the size the protocol wants),
    /// positioned at its start; the caller closes it.
    static func make(_ text: String) throws -> (fd: Int32, size: UInt32) {
        let fd = try MemoryFile.create("livetext-keymap", for: "the typing keymap")
        var bytes = Array(text.utf8)
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw LiveTextError(.failed, "cannot write the typing keymap: \(reason)")
            }
            written += count
        }
        lseek(fd, 0, SEEK_SET)
        return (fd, UInt32(bytes.count))
    }
}
