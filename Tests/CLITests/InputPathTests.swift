import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What `livetext analyze` does with the paths and streams a user can give it: links that go
/// nowhere, devices, FIFOs, a closed or endless stdin. A clear line and exit 3, or the image.
@Suite("livetext analyze on odd paths and streams")
struct InputPathTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `livetext` run by `sh -c script`, with `$LIVETEXT` naming the binary; on a thread of its
    /// own, not one of the cooperative pool that other tests of this process need.
    static func shell(_ script: String) async throws -> CLIProcess.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["LIVETEXT"] = CLIProcess.binary.path
        environment["LIVETEXT_LOCAL"] = "1"
        let outcome = try await ChildProcess.run("/bin/sh", ["-c", script], environment: environment)
        return CLIProcess.Outcome(status: outcome.status, stdout: String(decoding: outcome.stdout, as: UTF8.self),
                                  stderr: String(decoding: outcome.stderr, as: UTF8.self), signalled: outcome.signalled)
    }

    // It said "no such file".
    @Test("a symlink loop says so")
    func symlinkLoop() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.png").path, b = directory.appendingPathComponent("b.png").path
        try #require(symlink(b, a) == 0 && symlink(a, b) == 0)
        let result = try await CLIProcess.run(["analyze", a])
        #expect(result.status == 3)
        #expect(result.stderr.contains("too many levels of symbolic links"), "\(result.stderr)")
    }

    // /dev/zero was read to 1 GiB before it was refused.
    @Test("a device is refused before it is read", arguments: ["/dev/zero", "/dev/null"])
    func device(path: String) async throws {
        let result = try await CLIProcess.run(["analyze", path], timeout: 20)
        #expect(result.status == 3)
        #expect(result.stderr == "livetext: \(path): is a character device, not an image file\n")
    }

    // It said "NSCocoaErrorDomain error 256".
    @Test("stdin closed says so, exit 3")
    func closedStandardInput() async throws {
        let result = try await Self.shell(#"exec "$LIVETEXT" analyze - <&-"#)
        #expect(result.status == 3)
        #expect(result.stderr == "livetext: stdin: closed, nothing to read\n")
    }

    @Test("endless stdin that is no image is refused at its first bytes")
    func endlessStandardInput() async throws {
        let result = try await Self.shell(#"exec "$LIVETEXT" analyze - < /dev/zero"#)
        #expect(result.status == 3)
        #expect(result.stderr.contains("stdin: not an image"), "\(result.stderr)")
    }

    @Test("a FIFO is read as stdin is, waiting for its writer: `livetext analyze <(cat image.png)` works")
    func fifo() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("image").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = try await Self.shell("""
            (sleep 0.2; cat '\(CLIProcess.fixture("qr-url.png"))' > '\(fifo)') &
            "$LIVETEXT" analyze --types codes '\(fifo)'
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "https://example.org/livetext?q=1\n")
    }
}
