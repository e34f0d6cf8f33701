import DBusKit
import Foundation
import Synchronization
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Descriptors and paths a careless or hostile client hands the daemon: none may kill it, hold
/// a thread or a descriptor for ever, or make it read without end.
@Suite("descriptors and files the daemon cannot be hurt by", .serialized)
struct HostileDescriptorTests {
    static func file(_ name: String) -> String { RunningDaemon.fixtures.appendingPathComponent(name).path }
    static let codesOnly: DBusValue = .vardict(["types": .strings(["codes"])])
    /// Writers here may outlive their reader: a failed write must not end the test process.
    static let ignoringSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    static func pipe() throws -> (Int32, Int32) { try closeOnExecPipe() }

    /// Waits (up to 10 s) until nobody holds the pipe's read end any more: the daemon let go.
    static func readEndClosed(_ writeEnd: Int32) async throws -> Bool {
        for _ in 0..<200 {
            var poller = pollfd(fd: writeEnd, events: Int16(POLLOUT), revents: 0)
            if poll(&poller, 1, 0) == 1, poller.revents & Int16(POLLERR) != 0 { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// The error name `Wait` ends with, bounded: a read that hangs is a failure, not a hung test.
    static func waitError(_ daemon: RunningDaemon, _ path: DBusObjectPath, on client: DBusConnection? = nil) async -> String? {
        await RunningDaemon.errorName {
            _ = try await (client ?? daemon.client).call(destination: "org.livetext", path: path,
                                                         interface: "org.livetext.Analysis1", member: "Wait",
                                                         timeout: .seconds(15))
        }
    }

    static func analyzeFd(_ daemon: RunningDaemon, _ fd: Int32, on client: DBusConnection? = nil) async throws -> DBusObjectPath {
        let reply = try await (client ?? daemon.client).call(
            destination: "org.livetext", path: "/org/livetext", interface: "org.livetext.Analyzer1",
            member: "AnalyzeImageFd", arguments: [.unixFD(try DBusFileDescriptor(duplicating: fd)), codesOnly])
        return try #require(reply.first?.objectPath)
    }

    static func expectServing(_ daemon: RunningDaemon, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(daemon.daemon.isRunning, "the daemon died: \(daemon.daemonLog)", sourceLocation: sourceLocation)
        let items = try await daemon.analyzer("Detect", [.string("mail me at a@example.com"), .vardict([:])])
        #expect(items.first?.array?.first?["type"]?.string == "email", sourceLocation: sourceLocation)
    }

    // Mapped, a memfd truncated under the daemon's copy raised SIGBUS and killed it.
    @Test("a memfd truncated while the daemon copies it: an error at worst, and the daemon serves on")
    func truncatedMemfd() async throws {
        try await RunningDaemon.with { daemon in
            let (width, height) = (2000, 2000)
            let size = off_t(width * height * 4)
            let memory = try DBusKit.makeMemoryFile(contents: [])
            let fd = try #require(memory.rawValue)
            try #require(ftruncate(fd, size) == 0)
            let stop = Atomic<Bool>(false)
            let toggler = Thread {
                while !stop.load(ordering: .relaxed) {
                    _ = ftruncate(fd, 0)
                    _ = ftruncate(fd, size)
                }
            }
            toggler.start()
            for _ in 0..<20 where daemon.daemon.isRunning {
                let name = await RunningDaemon.errorName {
                    let reply = try await daemon.analyzer("AnalyzePixels", [
                        .unixFD(try DBusFileDescriptor(duplicating: fd)), .uint32(UInt32(width)), .uint32(UInt32(height)),
                        .uint32(UInt32(width * 4)), .string("RGBA8"), Self.codesOnly,
                    ])
                    if let path = reply.first?.objectPath { _ = try await daemon.analysis(path, "Release") }
                }
                // Refused when the daemon saw it short; the connection answers either way.
                #expect(name == nil || name == "org.livetext.Error.InvalidArgs")
            }
            stop.store(true, ordering: .relaxed)
            while !toggler.isFinished { try await Task.sleep(for: .milliseconds(10)) }
            memory.close()
            try await Self.expectServing(daemon)
        }
    }

    @Test("a memfd sealed against shrinking and writes is analyzed")
    func sealedMemfd() async throws {
        try await RunningDaemon.with { daemon in
            let (width, height) = (64, 32)
            let fd = memfdCreate("sealed", 1 | 2)  // MFD_CLOEXEC | MFD_ALLOW_SEALING
            try #require(fd >= 0)
            defer { close(fd) }
            let pixels = [UInt8](repeating: 255, count: width * height * 4)
            try #require(write(fd, pixels, pixels.count) == pixels.count)
            try #require(fcntl(fd, 1033 /* F_ADD_SEALS */, 0x0002 | 0x0004 | 0x0008) == 0)  // SHRINK, GROW, WRITE
            let reply = try await daemon.analyzer("AnalyzePixels", [
                .unixFD(try DBusFileDescriptor(duplicating: fd)), .uint32(UInt32(width)), .uint32(UInt32(height)),
                .uint32(UInt32(width * 4)), .string("RGBA8"), Self.codesOnly,
            ])
            let path = try #require(reply.first?.objectPath)
            #expect(await Self.waitError(daemon, path) == nil)
            #expect(try await daemon.property(path, "org.livetext.Analysis1", "ImageSize").fields?.compactMap(\.uint32) == [64, 32])
        }
    }

    // Read with a blocking read on a thread of its own, a pipe whose writer never closed it
    // held that thread and the descriptor for ever; Cancel and leaving the bus freed neither.
    @Test("a pipe whose writer never closes: Cancel, Release or leaving the bus ends the read and closes it")
    func neverClosingPipe() async throws {
        try await RunningDaemon.with { daemon in
            // Cancel.
            let (r1, w1) = try Self.pipe()
            defer { close(w1) }
            let cancelled = try await Self.analyzeFd(daemon, r1)
            close(r1)
            _ = try await daemon.analysis(cancelled, "Cancel")
            #expect(await Self.waitError(daemon, cancelled) == "org.livetext.Error.Cancelled")
            #expect(try await Self.readEndClosed(w1), "the daemon still holds the cancelled pipe")

            // Release.
            let (r2, w2) = try Self.pipe()
            defer { close(w2) }
            let released = try await Self.analyzeFd(daemon, r2)
            close(r2)
            _ = try await daemon.analysis(released, "Release")
            #expect(try await Self.readEndClosed(w2), "the daemon still holds the released pipe")

            // The caller leaves the bus.
            let (r3, w3) = try Self.pipe()
            defer { close(w3) }
            let other = try await DBusConnection.connect(address: daemon.bus.address)
            _ = try await Self.analyzeFd(daemon, r3, on: other)
            close(r3)
            other.close()
            #expect(try await Self.readEndClosed(w3), "the daemon still holds the pipe of a caller that left")
            try await Self.expectServing(daemon)
        }
    }

    @Test("a pipe that delivers no end within limits.read_timeout_seconds fails, and is closed")
    func readDeadline() async throws {
        try await RunningDaemon.with(config: "[limits]\nread_timeout_seconds = 1\n") { daemon in
            let (r, w) = try Self.pipe()
            defer { close(w) }
            _ = write(w, "GIF89a", 6)
            let path = try await Self.analyzeFd(daemon, r)
            close(r)
            #expect(await Self.waitError(daemon, path) == "org.livetext.Error.InvalidImage")
            let error = try await daemon.property(path, "org.livetext.Analysis1", "Error").string ?? ""
            #expect(error.contains("no end"), "\(error)")
            #expect(try await Self.readEndClosed(w))
        }
    }

    /// A writer of zeros that never stops, on a thread: a stream that is no image.
    static func zeroWriter(_ w: Int32) -> Thread {
        Thread {
            let zeros = [UInt8](repeating: 0, count: 1 << 16)
            while write(w, zeros, zeros.count) > 0 {}
        }
    }

    // /dev/zero was read to 1 GiB before it was refused (six at once: the daemon over 2 GiB);
    // a FIFO path hung the analysis for ever.
    @Test("devices, FIFO paths and streams of no image are refused at once")
    func refusedAtOnce() async throws {
        try await RunningDaemon.with { daemon in
            let zero = open("/dev/zero", O_RDONLY | O_CLOEXEC)
            defer { close(zero) }
            let zeroFd = try await Self.analyzeFd(daemon, zero)
            #expect(await Self.waitError(daemon, zeroFd) == "org.livetext.Error.InvalidArgs")
            #expect((try await daemon.property(zeroFd, "org.livetext.Analysis1", "Error").string ?? "")
                .contains("character device"))

            Self.ignoringSIGPIPE
            let (r, w) = try Self.pipe()
            let writer = Self.zeroWriter(w)
            writer.start()
            let zeros = try await Self.analyzeFd(daemon, r)
            close(r)
            #expect(await Self.waitError(daemon, zeros) == "org.livetext.Error.InvalidImage")
            #expect(try await Self.readEndClosed(w))
            while !writer.isFinished { try await Task.sleep(for: .milliseconds(10)) }  // its write failed
            close(w)

            let fifo = daemon.configHome.appendingPathComponent("fifo").path
            try #require(mkfifo(fifo, 0o600) == 0)
            for (path, expected) in [(fifo, "InvalidArgs"), ("/dev/zero", "InvalidImage")] {
                // Known from a stat: the call's error.
                let refused = await RunningDaemon.errorName { _ = try await daemon.analyzer("AnalyzeFile", [.string(path), Self.codesOnly]) }
                #expect(refused == "org.livetext.Error." + expected, "\(path)")
            }
            try await Self.expectServing(daemon)
        }
    }

    @Test("an image through a pipe or a stream socket is read to its end and analyzed")
    func streams() async throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.file("qr-url.png")))
        Self.ignoringSIGPIPE
        try await RunningDaemon.with { daemon in
            let (r, w) = try Self.pipe()
            let ends = try closeOnExecSocketPair()
            for (readEnd, writeEnd) in [(r, w), ends] {
                let path = try await Self.analyzeFd(daemon, readEnd)
                close(readEnd)
                // Written after the call: the daemon waits for it, then for the end.
                let writer = Thread {
                    png.withUnsafeBytes { raw in
                        var offset = 0
                        while offset < raw.count {
                            let n = write(writeEnd, raw.baseAddress! + offset, raw.count - offset)
                            if n <= 0 { break }
                            offset += n
                        }
                    }
                    close(writeEnd)
                }
                writer.start()
                #expect(await Self.waitError(daemon, path) == nil)
                let codes = try await daemon.property(path, "org.livetext.Analysis1", "Codes").array ?? []
                #expect(codes.first?["payload"]?.string == "https://example.org/livetext?q=1")
            }
        }
    }

    // The daemon refuses FIFO paths: the CLI reads one itself, as it reads stdin.
    @Test("livetext analyze with a daemon: a FIFO is read by the CLI; stdin closed says so")
    func cliStreams() async throws {
        try await RunningDaemon.with { daemon in
            let fifo = daemon.configHome.appendingPathComponent("image").path
            try #require(mkfifo(fifo, 0o600) == 0)
            let environment = ["DBUS_SESSION_BUS_ADDRESS": daemon.bus.address, "LIVETEXT_LOCAL": "0",
                               "LIVETEXT": RunningDaemon.binary.path]
            let throughFifo = try await runCommand("/usr/bin/timeout", ["30", "/bin/sh", "-c", """
                cat '\(Self.file("qr-url.png"))' > '\(fifo)' &
                "$LIVETEXT" analyze --types codes '\(fifo)'
                """], environment: environment)
            #expect(throughFifo.status == 0, "\(throughFifo.stderr)")
            #expect(throughFifo.stdout == "https://example.org/livetext?q=1\n")
            #expect(daemon.daemonLog.contains(": bytes"))
            let closed = try await runCommand("/usr/bin/timeout", ["30", "/bin/sh", "-c", #"exec "$LIVETEXT" analyze - <&-"#],
                                              environment: environment)
            #expect(closed.status == 3)
            #expect(closed.stderr == "livetext: stdin: closed, nothing to read\n")
        }
    }
}

@_silgen_name("memfd_create")
private func memfdCreate(_ name: UnsafePointer<CChar>, _ flags: UInt32) -> Int32
