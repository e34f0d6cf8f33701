import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// The clipboard reader against an owner that drips its image a byte every 2 s
/// (`DrippingClipboardOwner`): each piece comes well within the 3 s a step may take, so only the
/// deadline of the whole read, its byte cap and cancellation can end it.
@Suite("reading the clipboard from a slow owner")
struct ClipboardDeadlineTests {
    /// A read of the clipboard's image (up to 1 MiB) on a connection of its own, off the pool.
    private func imageRead(on server: TestDisplay, within: Duration, cancel: WaitCancellation? = nil)
        -> Task<ClipboardImage, any Error> {
        Task {
            try await offPool {
                let display = try X11Display(name: server.name)
                defer { display.close() }
                return try ClipboardReader(display: display, cancel: cancel).image(maxBytes: 1 << 20, within: within)
            }
        }
    }

    @Test("a dripping owner is given up on at the deadline, naming its window, WM_CLASS and what it sent; the clipboard keeps its owner")
    func deadline() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try await DrippingClipboardOwner.start(on: server)
            defer { owner.stop() }
            let started = ContinuousClock.now
            let read = imageRead(on: server, within: .seconds(3))
            let outcome = await result(of: read, within: .seconds(30), what: "the read of a dripping owner")
            guard let outcome else { return }
            // The owner would drip for 55 hours; the read ends at its 3 s deadline, which a loaded
            // machine may notice a few seconds late.
            #expect(ContinuousClock.now - started < .seconds(20))
            if case .failure(let error as LiveTextError) = outcome {
                #expect(error.code == .failed)
                for words in ["in 3 s: gave up", hexID(owner.window), "WM_CLASS " + DrippingClipboardOwner.wmClass] {
                    #expect(error.message.contains(words), "\(error.message)")
                }
            } else {
                Issue.record("expected the deadline's error, got \(outcome)")
            }
            // The owner says so once it sees our window destroyed: on a loaded machine a moment later.
            for _ in 0..<50 where !owner.lines.contains(where: { $0.hasPrefix("gone ") }) {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(owner.lines.contains { $0.hasPrefix("gone ") }, "our window was left to the owner: \(owner.lines)")
            #expect(try ownerWindow(of: "CLIPBOARD", on: server) == owner.window)
        }
    }

    @Test("an INCR size over maxBytes is tooLarge by the deadline, though the owner drips the rest")
    func announcedTooLarge() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try await DrippingClipboardOwner.start(on: server, announced: 10 << 20)
            defer { owner.stop() }
            let started = ContinuousClock.now
            let read = imageRead(on: server, within: .seconds(3))
            let outcome = await result(of: read, within: .seconds(60), what: "the read of an oversized dripping owner")
            owner.stop()
            guard let outcome else { return }
            #expect(ContinuousClock.now - started < .seconds(20))
            if case .failure(let error as LiveTextError) = outcome {
                #expect(error.code == .tooLarge, "\(error)")
            } else {
                Issue.record("expected tooLarge, got \(outcome)")
            }
        }
    }

    @Test("raising the cancellation from another thread ends a read of a dripping owner at once")
    func cancelled() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try await DrippingClipboardOwner.start(on: server)
            defer { owner.stop() }
            let cancel = WaitCancellation()
            let read = imageRead(on: server, within: .seconds(60), cancel: cancel)
            _ = try await owner.waitForLine(startingWith: "byte ")
            let raised = ContinuousClock.now
            cancel.cancel()
            let outcome = await result(of: read, within: .seconds(30), what: "the cancelled read")
            owner.stop()
            guard let outcome else { return }
            // Cancelled, not the 60 s deadline: well before it, whatever the machine's load.
            #expect(ContinuousClock.now - raised < .seconds(20))
            #expect(throws: LiveTextError.cancelled) { _ = try outcome.get() }
        }
    }

    @Test("readImage reads over a connection of its own: xclip's large image by INCR, and a cancelled task ends at once")
    func ownConnection() async throws {
        let png = try await makeImage(["-size", "1500x1000", "xc:", "+noise", "Random"], suffix: ".png")
        defer { try? FileManager.default.removeItem(at: png) }
        try await TestDisplay.with(width: 320, height: 200) { server in
            let xclip = try await xclipServe(server, file: png, target: "image/png")
            let image = try await ClipboardReader.readImage(displayName: server.name, maxBytes: 64 << 20)
            #expect(image.mimeType == "image/png")
            #expect(image.data == (try Data(contentsOf: png)))
            xclip.kill()

            let owner = try await DrippingClipboardOwner.start(on: server)
            defer { owner.stop() }
            let read = Task { try await ClipboardReader.readImage(displayName: server.name, maxBytes: 1 << 20) }
            let requestor = try await owner.waitForLine(startingWith: "incr ").dropFirst("incr ".count)
            read.cancel()
            let outcome = await result(of: read, within: .seconds(30), what: "the cancelled readImage")
            #expect(throws: LiveTextError.cancelled) { _ = try outcome?.get() }
            // The thread closed its connection: the server destroyed our window.
            _ = try await owner.waitForLine(startingWith: "gone \(requestor)", within: .seconds(5))
        }
    }
}
