import Foundation
import LiveTextCore
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Descriptors as another process hands them over: files, pipes whose writers misbehave,
/// sockets, devices. No read may block a thread or outlive its deadline or its task.
@Suite("reading a descriptor handed over by another process")
struct DescriptorReadTests {
    static let hour = Duration.seconds(3600)

    static func pipe() throws -> (Int32, Int32) { try closeOnExecPipe() }

    static func read(_ fd: Int32, limit: Int = 1 << 20, timeout: Duration = hour,
                     checkStart: (@Sendable (Data) throws -> Void)? = nil) async throws -> Data {
        try await DescriptorRead.all(fd, limit: limit, timeout: timeout, name: "fd", what: "image data",
                                     checkStart: checkStart)
    }

    static func expectError(_ code: LiveTextError.Code, containing text: String = "",
                            sourceLocation: SourceLocation = #_sourceLocation,
                            _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
        } catch let error as LiveTextError {
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
            #expect(text.isEmpty || error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("a pipe is read until its writer closes it, in pieces as they come")
    func pipeToItsEnd() async throws {
        let (r, w) = try Self.pipe()
        defer { close(r) }
        let bytes = [UInt8]((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        // More than a pipe holds: the writer blocks until the reader drains it.
        let writer = Thread {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = write(w, raw.baseAddress! + offset, min(7000, raw.count - offset))
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(w)
        }
        writer.start()
        #expect(try await Self.read(r) == Data(bytes))
    }

    @Test("a pipe whose writer never closes ends at the deadline, with a message saying so")
    func deadline() async throws {
        let (r, w) = try Self.pipe()
        defer { close(r); close(w) }
        _ = write(w, "GIF89a", 6)
        await Self.expectError(.invalidImage, containing: "no end of the image data") {
            _ = try await Self.read(r, timeout: .milliseconds(200))
        }
    }

    @Test("cancelling the task ends a read that waits, and lets go of the descriptor")
    func cancelled() async throws {
        let (r, w) = try Self.pipe()
        defer { close(w) }
        let reading = Task { try await Self.read(r) }
        try await Task.sleep(for: .milliseconds(50))
        reading.cancel()
        await #expect(throws: CancellationError.self) { _ = try await reading.value }
        // Nothing else holds the pipe's read end: once ours is closed, the write end says so (a
        // program another test starts may hold a copy until its exec: a moment).
        close(r)
        var closed = false
        for _ in 0..<100 where !closed {
            var writeEnd = pollfd(fd: w, events: Int16(POLLOUT), revents: 0)
            closed = poll(&writeEnd, 1, 0) == 1 && writeEnd.revents & Int16(POLLERR) != 0
            if !closed { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(closed)
    }

    // Read with a blocking read on a thread each, 20 such pipes held 20 threads of the daemon.
    @Test("reads that wait hold no thread: none of this process is blocked reading their pipes")
    func noThreadPerWait() async throws {
        var pipes = [(Int32, Int32)]()
        for _ in 0..<40 { pipes.append(try Self.pipe()) }
        let inodes = Set(pipes.map { Self.inode($0.0) })
        let readers = pipes.map { pipe in Task { try await Self.read(pipe.0) } }
        try await Task.sleep(for: .milliseconds(300))
        let blocked = Self.descriptorsBeingRead().filter { inodes.contains(Self.inode($0)) }
        #expect(blocked.isEmpty, "threads blocked reading fds \(blocked.sorted())")
        for reader in readers { reader.cancel() }
        // Their ends, so that a read blocked after all ends too.
        for (_, w) in pipes { close(w) }
        for reader in readers { _ = try? await reader.value }
        for (r, _) in pipes { close(r) }
    }

    static func inode(_ fd: Int32) -> UInt {
        var info = stat()
        return fstat(fd, &info) == 0 ? UInt(info.st_ino) : 0
    }

    /// The descriptors that threads of this process are blocked reading, from the system call
    /// each is in (`/proc/self/task/*/syscall`: its number, then its arguments in hex).
    static func descriptorsBeingRead() -> Set<Int32> {
        #if arch(x86_64)
        let readCall = "0"
        #else
        let readCall = "63"  // aarch64
        #endif
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(tasks.compactMap { task -> Int32? in
            guard let call = try? String(contentsOfFile: "/proc/self/task/\(task)/syscall", encoding: .utf8) else { return nil }
            let fields = call.split(separator: " ")
            guard fields.count > 1, fields[0] == readCall else { return nil }
            return Int32(fields[1].dropFirst(2), radix: 16)
        })
    }

    @Test("a stream past the limit is refused without reading on")
    func limit() async throws {
        let (r, w) = try Self.pipe()
        defer { close(r); close(w) }
        _ = write(w, [UInt8](repeating: 1, count: 5000), 5000)
        await Self.expectError(.tooLarge, containing: "fd: more than") {
            _ = try await Self.read(r, limit: 4096)
        }
    }

    @Test("the first bytes are checked as soon as they come, not at the end")
    func checkStart() async throws {
        let (r, w) = try Self.pipe()
        defer { close(r); close(w) }
        _ = write(w, [UInt8](repeating: 0, count: 64), 64)
        await Self.expectError(.invalidImage, containing: "fd: not an image") {
            _ = try await Self.read(r) { start in
                if start.first == 0 { throw LiveTextError(.invalidImage, "not an image") }
            }
        }
    }

    @Test("the pipe a client shares stays blocking for the client")
    func clientFlags() async throws {
        let (r, w) = try Self.pipe()
        defer { close(r) }
        _ = write(w, "GIF89a", 6)
        close(w)
        _ = try await Self.read(r)
        #expect(fcntl(r, F_GETFL) & O_NONBLOCK == 0)
    }

    @Test("a stream socket is read like a pipe")
    func socket() async throws {
        let ends = try closeOnExecSocketPair()
        defer { close(ends.0) }
        _ = write(ends.1, "BM hello", 8)
        close(ends.1)
        #expect(try await Self.read(ends.0) == Data("BM hello".utf8))
    }

    @Test("a file is read from its start, whatever its offset, and the offset stays")
    func file() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("descriptor-\(UUID()).bin").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        lseek(fd, 4, SEEK_SET)
        #expect(try await Self.read(fd) == Data("0123456789".utf8))
        #expect(lseek(fd, 0, SEEK_CUR) == 4)
        await Self.expectError(.tooLarge, containing: "more than 9 bytes") { _ = try await Self.read(fd, limit: 9) }
    }

    @Test("devices and descriptors of other kinds are refused before any read", arguments: [
        "/dev/zero", "/dev/null", "/tmp",
    ])
    func refused(path: String) async throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        await Self.expectError(.invalidArgs, containing: "fd is a") { _ = try await Self.read(fd) }
    }

    @Test("a closed descriptor is refused")
    func closedDescriptor() async throws {
        await Self.expectError(.invalidArgs, containing: "closed") { _ = try await Self.read(987_654) }
    }
}
