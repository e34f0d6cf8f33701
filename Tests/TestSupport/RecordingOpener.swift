import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An opener for quick actions that writes each argument it is given on a line of `argv.log`,
/// in a fresh directory, under the file name an opener has (`gio`, `xdg-open`): the performer
/// decides by that name whether `--` goes before the target.
///
/// The script is written through a descriptor closed on exec: tests run side by side in one
/// process, and a program another test forks meanwhile must not hold it open for writing (its
/// exec would fail with ETXTBSY).
public struct RecordingOpener {
    public let path: String
    public let directory: URL
    public let log: URL

    public init(named name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-opener-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        log = directory.appendingPathComponent("argv.log")
        path = directory.appendingPathComponent(name).path
        let script = "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '\(log.path)'; done\n"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw TestFailure("cannot create \(path): errno \(errno)") }
        defer { close(fd) }
        let bytes = Array(script.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw TestFailure("cannot write \(path)") }
    }

    /// What the opener was given, one argument a line, every run one after the other.
    public var logged: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    public func remove() { try? FileManager.default.removeItem(at: directory) }
}
