import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that a reader (or a crash) sees either the old or the new text, never a
/// half-written one: a temporary file in the same directory (rename is only atomic within one
/// file system), written and synced, then renamed over the target.
enum AtomicFile {
    /// Writes `text` to `path`. An existing file keeps its mode, and a symlink (a dotfile
    /// manager's) stays a symlink: the file it points to is replaced. A new file gets 0600 (it
    /// may hold URLs the user considers private) in a directory created 0700.
    static func write(_ text: String, to path: String) throws(ConfigError) {
        let target = resolvedPath(path)
        let directory = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ConfigError(.io, "cannot create \(directory): \(error.localizedDescription)", file: path)
        }
        var info = stat()
        let mode: mode_t = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o600

        var template = Array((directory + "/.config.toml.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure("cannot create a temporary file in \(directory)", path) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = false
        defer {
            if !written { unlink(temporary) }
        }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { posixWrite(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure("cannot write \(temporary)", path)
                close(fd)
                throw error
            }
            offset += count
        }
        guard fchmod(fd, mode) == 0, fsync(fd) == 0 else {
            let error = failure("cannot write \(temporary)", path)
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temporary, target) == 0 else { throw failure("cannot replace \(target)", path) }
        written = true
        // Make the rename itself durable.
        let directoryFD = open(directory, O_RDONLY)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// The file a symlink chain ends at; `path` itself when it is not a link or does not exist.
    private static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func failure(_ what: String, _ path: String) -> ConfigError {
        ConfigError(.io, "\(what): \(String(cString: strerror(errno)))", file: path)
    }
}

/// `write(2)`, named apart from the static `write(_:to:)` that would shadow it.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
