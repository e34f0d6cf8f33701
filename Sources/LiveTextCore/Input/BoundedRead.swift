import Foundation

/// Reads a stream to its end without letting it grow without end: a pipe or a FIFO can deliver
/// more than any image or text we would accept.
public enum BoundedRead {
    /// Every byte of `handle`; `tooLarge` naming `name` once more than `limit` bytes of `what`
    /// have arrived, `invalidImage` when the read itself fails.
    public static func all(_ handle: FileHandle, limit: Int, name: String, what: String) throws -> Data {
        var data = Data()
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 20)
            } catch {
                throw LiveTextError(.invalidImage, "\(name): cannot read: \(error.localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else { return data }
            data.append(chunk)
            if data.count > limit {
                throw LiveTextError(.tooLarge, "\(name): more than \(limit >> 20) MiB of \(what)")
            }
        }
    }
}
