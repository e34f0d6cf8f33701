import Foundation
import LiveTextCore
import Testing
@testable import LiveTextConfig

/// Output files (`livetext preview -o`): replaced by rename only when they are regular files.
@Suite("output files")
struct OutputFileTests {
    static let bytes = Data("\u{89}PNG and more".utf8)

    /// glibc's `makedev` (a macro Swift does not import), for small numbers.
    private static func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t(major << 8 | minor) }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test("a regular file is replaced whole and keeps its mode; a new one is 0644; a symlink stays a link")
    func regular() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.png"
        try OutputFile.write(Self.bytes, to: path)
        #expect(try directory.mode(of: path) == 0o644)
        #expect(chmod(path, 0o640) == 0)
        try OutputFile.write(Data("second".utf8), to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("second".utf8))
        #expect(try directory.mode(of: path) == 0o640)
        let link = directory.path + "/link.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        try OutputFile.write(Self.bytes, to: link)
        #expect(kind(link) == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.png", "out.png"])
    }

    @Test("a device is written into, never replaced: a null device takes the bytes, a full one fails naming the path")
    func devices() throws {
        let directory = try TemporaryDirectory()
        let null = directory.path + "/null", full = directory.path + "/full"
        #expect(mknod(null, S_IFCHR | 0o666, Self.device(1, 3)) == 0)
        #expect(mknod(full, S_IFCHR | 0o666, Self.device(1, 7)) == 0)
        try OutputFile.write(Self.bytes, to: null)
        #expect(kind(null) == S_IFCHR)
        do {
            try OutputFile.write(Self.bytes, to: full)
            Issue.record("wrote to a full device")
        } catch {
            #expect(error.code == .unavailable)
            #expect(error.message == "cannot write \(full): cannot write \(full): No space left on device")
        }
        #expect(kind(full) == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["full", "null"])
    }

    @Test("a FIFO is written into: its reader gets the bytes and the FIFO stays")
    func fifo() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/pipe"
        #expect(mkfifo(path, 0o600) == 0)
        let reader = Task.detached { try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).readToEnd() }
        try OutputFile.write(Self.bytes, to: path)
        #expect(try await reader.value == Self.bytes)
        #expect(kind(path) == S_IFIFO)
    }

    @Test("a directory, or a path in a missing one, is refused naming the path")
    func refused() throws {
        let directory = try TemporaryDirectory()
        for (path, reason) in [(directory.path, "is a directory"),
                               (directory.path + "/missing/out.png", "No such file or directory")] {
            do {
                try OutputFile.write(Self.bytes, to: path)
                Issue.record("wrote \(path)")
            } catch {
                #expect(error.message.hasPrefix("cannot write \(path): "), "\(error.message)")
                #expect(error.message.contains(reason), "\(error.message)")
            }
        }
    }
}
