import DBusKit
import Foundation
import Testing
import TestSupport

/// The daemon's log: one line a message whatever a caller sends, and no reason to stop when the
/// reader of stderr goes away.
@Suite("the daemon's log", .serialized)
struct DaemonLogTests {
    static let fixture = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path

    @Test("a daemon whose stderr reader went away keeps answering and analyzing")
    func readerGone() async throws {
        let pipe = Pipe()
        try await RunningDaemon.with(errors: pipe.fileHandleForWriting) { daemon in
            try pipe.fileHandleForWriting.close()
            // The daemon logs "livetext … serving" at start; read it, then leave.
            let first = pipe.fileHandleForReading.availableData
            #expect(String(decoding: first, as: UTF8.self).contains("serving org.livetext"))
            try pipe.fileHandleForReading.close()
            for _ in 0..<3 {
                // Each analysis logs lines: the first one after the reader left used to end the daemon.
                let reply = try await daemon.analyzer("AnalyzeFile", [.string(Self.fixture), .vardict([:])])
                let path = try #require(reply.first?.objectPath)
                _ = try await daemon.analysis(path, "Wait")
                #expect(try await daemon.property(path, "org.livetext.Analysis1", "Text").string != nil)
            }
            #expect(daemon.daemon.isRunning)
            let version = try await daemon.property("/org/livetext", "org.livetext.Analyzer1", "Version")
            #expect(version.uint32 == 1)
        }
    }

    @Test("a caller's path with a line break and a priority forges no log line")
    func forgedLine() async throws {
        try await RunningDaemon.with { daemon in
            // A file that exists (a missing one is refused before anything is logged), not an image.
            let path = daemon.configHome.appendingPathComponent("a\n<0>forged\r\u{1B}[2J.png").path
            try Data("not an image".utf8).write(to: URL(fileURLWithPath: path))
            let reply = try await daemon.analyzer("AnalyzeFile", [.string(path), .vardict([:])])
            if let object = reply.first?.objectPath { _ = try? await daemon.analysis(object, "Wait") }
            #expect(try await daemon.waitForLog(containing: #"a\x0a<0>forged\x0d\x1b[2J.png"#), "\(daemon.daemonLog)")
            let lines = daemon.daemonLog.split(separator: "\n")
            #expect(lines.allSatisfy { $0.hasPrefix("<3>") || $0.hasPrefix("<4>") || $0.hasPrefix("<6>") || $0.hasPrefix("<7>") },
                    "\(daemon.daemonLog)")
            #expect(!daemon.daemonLog.contains("\u{1B}"))
        }
    }
}
