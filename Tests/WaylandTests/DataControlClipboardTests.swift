import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import WaylandKit

@Suite("the clipboard through wlr-data-control", .serialized)
struct DataControlClipboardTests {
    /// Reads `selection` of `sway` as livetext does.
    private static func read(_ sway: SwayServer, from selection: SelectionName = .clipboard, maxBytes: Int = 1 << 20,
                             within deadline: Duration = .seconds(10)) async throws -> ClipboardImage {
        try await WaylandClipboardReader.readImage(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path,
                                                   from: selection, maxBytes: maxBytes, within: deadline)
    }

    @Test("an image copied with wl-copy is read back byte for byte, as image/png")
    func readsImage() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let png = try WaylandPeers.samplePNG()
            try await WaylandPeers.withCopy(png, arguments: ["--type", "image/png"], expectedType: "image/png", on: sway) { copier in
                let image = try await Self.read(sway)
                #expect(image.mimeType == "image/png")
                #expect(image.data == png, "read \(image.data.count) bytes, copied \(png.count)")
            }
        }
    }

    @Test("the primary selection is read with data-control version 2")
    func readsPrimary() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let png = try WaylandPeers.samplePNG()
            try await WaylandPeers.withCopy(png, arguments: ["--primary", "--type", "image/png"], expectedType: "image/png",
                                             primary: true, on: sway) { _ in
                let image = try await Self.read(sway, from: .primary)
                #expect(image.data == png)
                // The clipboard itself was left alone.
                let clipboard = await #expect(throws: LiveTextError.self) { try await Self.read(sway) }
                #expect(clipboard?.message == "the clipboard is empty; copy something first")
            }
        }
    }

    @Test("text on the clipboard is notFound, saying what it offers")
    func textIsNoImage() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            try await WaylandPeers.withCopy(Data("just words".utf8), arguments: [], expectedType: "text/plain", on: sway) { copier in
                let error = await #expect(throws: LiveTextError.self) { try await Self.read(sway) }
                #expect(error?.code == .notFound)
                #expect(error?.message.hasPrefix("the clipboard holds no image (it offers: ") == true, "\(String(describing: error))")
                #expect(error?.message.contains("text/plain") == true, "\(String(describing: error))")
                #expect(error?.message.hasSuffix("); copy an image first") == true, "\(String(describing: error))")
            }
        }
    }

    @Test("nothing copied is notFound: the clipboard is empty")
    func emptyClipboard() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let error = await #expect(throws: LiveTextError.self) { try await Self.read(sway) }
            #expect(error?.code == .notFound)
            #expect(error?.message == "the clipboard is empty; copy something first")
        }
    }

    @Test("an image larger than maxBytes is tooLarge, in X11's words")
    func tooLarge() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let png = try WaylandPeers.samplePNG()
            #expect(png.count > 1000)
            try await WaylandPeers.withCopy(png, arguments: ["--type", "image/png"], expectedType: "image/png", on: sway) { copier in
                let error = await #expect(throws: LiveTextError.self) { try await Self.read(sway, maxBytes: 1000) }
                #expect(error?.code == .tooLarge)
                #expect(error?.message.hasPrefix("the clipboard holds at least ") == true, "\(String(describing: error))")
                #expect(error?.message.hasSuffix(", more than the 1000 bytes allowed; copy something smaller") == true,
                        "\(String(describing: error))")
                // At the limit exactly, it is read.
                let exact = try await Self.read(sway, maxBytes: png.count)
                #expect(exact.data == png)
            }
        }
    }

    @Test("an owner that never sends is given up at the deadline, saying how much arrived; a cancelled read ends at once")
    func stalledOwner() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let png = try WaylandPeers.samplePNG()
            try await WaylandPeers.withCopy(png, arguments: ["--type", "image/png"], expectedType: "image/png", on: sway) { copier in
                // Stopped, wl-copy still owns the clipboard but never writes into our pipe.
                kill(copier.processIdentifier, SIGSTOP)
                let started = ContinuousClock.now
                let error = await #expect(throws: LiveTextError.self) { try await Self.read(sway, within: .seconds(2)) }
                #expect(ContinuousClock.now - started < .seconds(6))
                #expect(error?.code == .failed)
                #expect(error?.message == "the owner of the clipboard sent 0 bytes in 2 s: gave up; copy again, or from another program")

                let reading = Task { try await Self.read(sway, within: .seconds(30)) }
                try await Task.sleep(for: .milliseconds(500))
                let cancelledAt = ContinuousClock.now
                reading.cancel()
                let outcome = await result(of: reading, within: .seconds(5))
                #expect(ContinuousClock.now - cancelledAt < .seconds(2))
                if case .failure(let failure)? = outcome {
                    #expect((failure as? LiveTextError)?.code == .cancelled, "\(failure)")
                } else {
                    Issue.record("the cancelled read did not end as cancelled: \(String(describing: outcome))")
                }
                kill(copier.processIdentifier, SIGCONT)
            }
        }
    }
}
