import Foundation
import LiveTextCore

/// A file a command writes its result to (`livetext preview -o`).
public enum OutputFile {
    /// Writes `data` to `path`: a regular file (or none yet) is replaced whole, by rename, so no
    /// reader sees half of it; a device or FIFO (`/dev/stdout`, `/dev/null`) is written into as
    /// it is; a directory is refused. Throws `unavailable` (exit 4: the environment failed, as for a
    /// stdout that cannot be written) naming the path and the reason.
    public static func write(_ data: Data, to path: String) throws(LiveTextError) {
        do {
            try AtomicFile.write(Array(data), to: path, mode: 0o644)
        } catch {
            throw LiveTextError(.unavailable, "cannot write \(path): \(error.message)")
        }
    }
}
