import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a stream to its end without letting it grow without end: a pipe or a FIFO can deliver
/// more than any image or text we would accept.
public enum BoundedRead {
    /// Every byte of `handle`, blocking; `tooLarge` naming `name` once more than `limit` bytes of
    /// `what` have arrived, an error saying why when the read itself fails (`stdin: closed`).
    /// `checkStart` sees the first bytes once 16 have come (or all, when fewer): a stream that
    /// cannot be what is wanted is refused then, not at its end.
    public static func all(_ handle: FileHandle, limit: Int, name: String, what: String,
                           checkStart: ((Data) throws -> Void)? = nil) throws -> Data {
        let fd = handle.fileDescriptor
        if fd == STDIN_FILENO, StandardStream.closedAtStart.contains(STDIN_FILENO) { throw closed(name) }
        var collected = Collected(limit: limit, name: name, what: what, checkStart: checkStart)
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                try collected.append(buffer[..<count])
            } else if count == 0 {
                return try collected.finish()
            } else if errno != EINTR {
                throw failure(errno, name: name)
            }
        }
    }

    /// A file's bytes from its start (`pread`: the offset of a descriptor shared with another
    /// process stays as it was), into our own memory: refused at once when `size` (from `fstat`)
    /// is over `limit`; a file that grows meanwhile is read to its end, bounded the same.
    public static func file(_ fd: Int32, size: Int, limit: Int, name: String, what: String) throws -> Data {
        guard size <= limit else { throw tooLarge(name, limit: limit, what: what) }
        let data = try start(of: fd, count: size, name: name)
        guard data.count == size else { return data }
        var collected = Collected(limit: limit, name: name, what: what, data: data)
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = pread(fd, &buffer, buffer.count, off_t(collected.data.count))
            if count > 0 {
                try collected.append(buffer[..<count])
            } else if count == 0 {
                return collected.data
            } else if errno != EINTR {
                throw failure(errno, name: name)
            }
        }
    }

    /// The first `count` bytes of a file, with `pread`, into our own memory: never mapped, so a
    /// file truncated meanwhile reads short instead of raising SIGBUS. Fewer when it is shorter.
    public static func start(of fd: Int32, count: Int, name: String) throws -> Data {
        var data = Data(count: count)
        let filled = try data.withUnsafeMutableBytes { raw -> Int in
            var offset = 0
            while offset < count {
                let got = pread(fd, raw.baseAddress! + offset, count - offset, off_t(offset))
                if got > 0 {
                    offset += got
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    throw failure(errno, name: name)
                }
            }
            return offset
        }
        data.count = filled
        return data
    }

    static let chunkSize = 1 << 20

    /// Bytes read so far, with the limit and the check of the first bytes.
    struct Collected {
        let limit: Int
        let name: String
        let what: String
        var checkStart: ((Data) throws -> Void)?
        var data = Data()

        init(limit: Int, name: String, what: String, data: Data = Data(), checkStart: ((Data) throws -> Void)? = nil) {
            self.limit = limit
            self.name = name
            self.what = what
            self.data = data
            self.checkStart = checkStart
        }

        mutating func append(_ bytes: ArraySlice<UInt8>) throws {
            data.append(contentsOf: bytes)
            if data.count > limit { throw BoundedRead.tooLarge(name, limit: limit, what: what) }
            if data.count >= 16 { try runCheck() }
        }

        /// All of it, once the stream has ended.
        mutating func finish() throws -> Data {
            if !data.isEmpty { try runCheck() }
            return data
        }

        private mutating func runCheck() throws {
            guard let check = checkStart else { return }
            checkStart = nil
            do {
                try check(data)
            } catch let error as LiveTextError {
                throw error.about(name)
            }
        }
    }

    static func tooLarge(_ name: String, limit: Int, what: String) -> LiveTextError {
        let amount = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return LiveTextError(.tooLarge, "\(name): more than \(amount) of \(what)")
    }

    static func closed(_ name: String) -> LiveTextError {
        LiveTextError(.notFound, "\(name): closed, nothing to read")
    }

    /// A failed read, said as a person would.
    static func failure(_ code: Int32, name: String) -> LiveTextError {
        if code == EBADF { return LiveTextError(.notFound, "\(name): not open for reading") }
        return LiveTextError(.invalidImage, "\(name): cannot read: \(String(cString: strerror(code)))")
    }
}
