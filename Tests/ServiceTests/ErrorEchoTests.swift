import DBusKit
import Foundation
import Testing
import TestSupport

/// Error replies quote what the caller sent, but never send its megabytes back.
@Suite("error replies echo a bounded part of the caller's input", .serialized)
struct ErrorEchoTests {
    static let huge = String(repeating: "x", count: 5 << 20)

    /// The message of the D-Bus error `body` fails with.
    static func message(_ body: () async throws -> Void) async -> String {
        do {
            try await body()
            return "(no error)"
        } catch let error as DBusError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    static func expectBounded(_ message: String, start: String, end: String) {
        #expect(message.unicodeScalars.count <= DBusError.maxSentMessageScalars + 40, "\(message.prefix(200))")
        #expect(message.hasPrefix(start), "\(message.prefix(200))")
        #expect(message.hasSuffix(end), "\(message.suffix(200))")
        #expect(message.contains("characters left out]"))
    }

    @Test("a 5 MB Copy id and a 10 MB pixel format come back as a few hundred characters")
    func methodErrors() async throws {
        try await RunningDaemon.with { daemon in
            let reply = try await daemon.analyzer("AnalyzeFile", [.string(RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path),
                                                                  .vardict([:])])
            let path = try #require(reply.first?.objectPath)
            _ = try await daemon.analysis(path, "Wait")
            let copy = await Self.message { _ = try await daemon.analysis(path, "Copy", [.string(Self.huge)]) }
            Self.expectBounded(copy, start: "nothing called 'xxx", end: "xxx' to copy (text, or an action id)")

            let memory = try DBusKit.makeMemoryFile(contents: [UInt8](repeating: 255, count: 64 * 4 * 32))
            defer { memory.close() }
            let fd = try #require(memory.rawValue)
            let format = await Self.message {
                _ = try await daemon.analyzer("AnalyzePixels", [.unixFD(try DBusFileDescriptor(duplicating: fd)), .uint32(64),
                                                                .uint32(32), .uint32(256), .string(Self.huge + Self.huge),
                                                                .vardict([:])])
            }
            Self.expectBounded(format, start: "unknown pixel format 'xxx", end: ")")
        }
    }

    @Test("the Error property of an analysis that failed on a 4000-character path is bounded too")
    func errorProperty() async throws {
        try await RunningDaemon.with { daemon in
            // A long path that exists (a missing one is the call's error), to a file that is no image.
            var directory = daemon.configHome
            for _ in 0..<15 { directory.appendPathComponent(String(repeating: "y", count: 250)) }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("x.png")
            try Data("not an image".utf8).write(to: file)
            let reply = try await daemon.analyzer("AnalyzeFile", [.string(file.path), .vardict([:])])
            let path = try #require(reply.first?.objectPath)
            _ = try? await daemon.analysis(path, "Wait")
            let error = try #require(try await daemon.property(path, "org.livetext.Analysis1", "Error").string)
            #expect(error.hasPrefix("org.livetext.Error."), "\(error.prefix(200))")
            #expect(error.unicodeScalars.count <= DBusError.maxSentMessageScalars + 80, "\(error.prefix(200))")
        }
    }
}
