import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that a reader (or a crash) sees either the old or the new bytes, never
/// half-written ones: a temporary file in the same directory (rename is only atomic within one
/// file system), written and synced, then renamed over the target.
///
/// Only a regular file (or none) is replaced that way. Anything else at the path (a device such as
/// `/dev/null` or `/dev/full`, a FIFO, `/dev/stdout`) is written into as it is: renaming over it
/// would put a plain file where the device node was. A directory is refused.
enum AtomicFile {
    /// Why writing failed: what was tried and the system's reason, without the path asked for.
    struct Failure: Error {
        let message: String
    }

    /// Writes `bytes` to `path`. An existing file keeps its mode, and a symlink (a dotfile
    /// manager's) stays a symlink: the file it points to is replaced. A new file gets `mode` in a
    /// directory created 0700 when `createDirectory`.
    static func write(_ bytes: [UInt8], to path: String, mode newMode: mode_t = 0o600,
                      createDirectory: Bool = false) throws(Failure) {
        let target = resolvedPath(path)
        var info = stat()
        if stat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw Failure(message: "is a directory")
            default: return try writeInPlace(bytes, to: target)
            }
        }
        let directory = (target as NSString).deletingLastPathComponent
        if createDirectory {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw Failure(message: "cannot create \(directory): \(error.localizedDescription)")
            }
        }
        let mode: mode_t = stat(target, &info) == 0 ? info.st_mode & 0o7777 : newMode

        let name = (target as NSString).lastPathComponent
        var template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure("cannot create a temporary file in \(directory)") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            try writeAll(bytes, to: fd, what: temporary)
            guard fchmod(fd, mode) == 0, fsync(fd) == 0 else { throw failure("cannot write \(temporary)") }
        }
        guard rename(temporary, target) == 0 else { throw failure("cannot replace \(target)") }
        renamed = true
        // Make the rename itself durable.
        let directoryFD = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Writes into what is at `path` (a device, a FIFO), opened as it is, without truncating or
    /// replacing it.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw failure("cannot open") }
        defer { close(fd) }
        try writeAll(bytes, to: fd, what: path)
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, what: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { posixWrite(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write \(what)")
            }
            offset += count
        }
    }

    /// The file a symlink chain ends at; `path` itself when it is not a link or does not exist.
    private static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func failure(_ what: String) -> Failure {
        Failure(message: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// `write(2)`, named apart from the static `write(_:to:)` that would shadow it.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
