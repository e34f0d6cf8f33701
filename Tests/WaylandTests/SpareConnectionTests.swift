import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import WaylandKit

/// The connection a daemon's backend keeps ready for the next live surface: a new connection can
/// cost the compositor seconds (KWin hashes the binary its desktop file grants), so the surface
/// takes one made ahead.
@Suite("the Wayland connection kept for the next live surface", .serialized)
struct SpareConnectionTests {
    @Test("kept: the next live surface is shown on it and gives it back when it closed, for the one after; one whose compositor went away is not handed out")
    func spareForTheNextSurface() async throws {
        let sway = try await SwayServer.start(width: 640, height: 480, xwayland: false)
        let backend = WaylandBackend(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
        defer { backend.close() }
        do {
            #expect(backend.spareConnection == nil, "none without being asked (a short-lived CLI)")
            backend.keepSpareConnection()
            let made = try #require(try await Self.spare(of: backend))

            let harness = WaylandLiveHarness.start {
                try backend.liveCanvas(.screen, maxPixels: .max) as! WaylandLiveSurface
            }
            let surface = try await harness.surface()
            #expect(surface.connection === made, "the surface connects again instead of taking the spare")
            try await Task.sleep(for: .milliseconds(300))
            #expect(backend.spareConnection == nil, "the next one is not made while the surface is up")
            _ = try await harness.onSurface { $0.finish() }
            #expect(try await harness.ending()?.get() == .finished)
            let next = try #require(try await Self.spare(of: backend), "kept again once the surface closed")
            #expect(next === made, "the surface's connection, all of its objects gone, is kept for the next one")
            // The next surface is shown on it, and works as on a new one.
            let again = WaylandLiveHarness.start {
                try backend.liveCanvas(.screen, maxPixels: .max) as! WaylandLiveSurface
            }
            let second = try await again.surface()
            #expect(second.connection === made)
            #expect(try await again.onSurface { try $0.frozen().image.width } == 640)
            _ = try await again.onSurface { $0.finish() }
            #expect(try await again.ending()?.get() == .finished)
            #expect(try await Self.spare(of: backend) === made)
        } catch {
            await sway.stop()
            throw error
        }
        await sway.stop()
        // The spare's compositor is gone: it is closed, not given to a surface.
        #expect(backend.spareConnection != nil)
        #expect(backend.takeSpare() == nil)
    }

    @Test("a clipboard read takes the spare and gives it back when it ended cleanly; one that did not closes it and another is made")
    func clipboardReadTakesTheSpare() async throws {
        try await SwayServer.with(width: 640, height: 480, xwayland: false) { sway in
            let backend = WaylandBackend(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
            defer { backend.close() }
            let bytes = Data("not decoded here".utf8)
            let copier = try await WaylandPeers.copy(bytes, arguments: ["--type", "image/png"], expectedType: "image/png", on: sway)
            defer { copier.terminate() }
            backend.keepSpareConnection()
            let made = try #require(try await Self.spare(of: backend))
            for _ in 0..<3 {
                let read = try await backend.clipboardImage(maxBytes: 1 << 20, within: .seconds(10))
                #expect(read.data == bytes && read.mimeType == "image/png")
                #expect(backend.spareConnection === made && !made.isClosed, "the read's connection was not given back")
            }
            // Cut short (more bytes than allowed): the connection is not trusted again.
            let error = await #expect(throws: LiveTextError.self) { try await backend.clipboardImage(maxBytes: 4, within: .seconds(10)) }
            #expect(error?.code == .tooLarge)
            #expect(made.isClosed)
            let next = try #require(try await Self.spare(of: backend), "made again after the read")
            #expect(next !== made)
            // Without a spare kept (a CLI), a read connects itself.
            let plain = WaylandBackend(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
            defer { plain.close() }
            #expect(try await plain.clipboardImage(maxBytes: 1 << 20, within: .seconds(10)).data == bytes)
            #expect(plain.spareConnection == nil)
        }
    }

    /// The backend's spare connection once made (10 s at most).
    static func spare(of backend: WaylandBackend) async throws -> WaylandConnection? {
        for _ in 0..<200 {
            if let made = backend.spareConnection { return made }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }
}
