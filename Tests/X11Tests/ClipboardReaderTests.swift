import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// The properties left on the reader's requestor window (none after a finished call).
private func leftoverProperties(_ reader: ClipboardReader, _ display: X11Display) -> Int32 {
    guard reader.window != 0 else { return 0 }
    var count: Int32 = 0
    if let list = XListProperties(display.handle, reader.window, &count) { XFree(list) }
    return count
}

private func expectError(_ code: LiveTextError.Code, containing words: [String] = [],
                         _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        try body()
        Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
    } catch let error as LiveTextError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        for word in words { #expect(error.message.contains(word), "\(error.message)", sourceLocation: sourceLocation) }
    } catch {
        Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
    }
}

@Suite("reading the clipboard")
struct ClipboardReaderTests {
    @Test("a PNG and a JPEG that xclip offers come back byte-identical with their MIME type, leaving nothing on our window")
    func smallImages() async throws {
        let png = try await makeImage(["-size", "64x32", "xc:red"], suffix: ".png")
        let jpeg = try await makeImage(["-size", "64x32", "gradient:red-blue"], suffix: ".jpg")
        defer { try? FileManager.default.removeItem(at: png); try? FileManager.default.removeItem(at: jpeg) }
        try await TestDisplay.with(width: 320, height: 200) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let reader = ClipboardReader(display: display)
            for (file, type) in [(png, "image/png"), (jpeg, "image/jpeg")] {
                let peer = try await xclipServe(server, file: file, target: type)
                defer { peer.kill() }
                #expect(try reader.targets().contains(type))
                let image = try reader.image(maxBytes: 1 << 20)
                #expect(image.mimeType == type)
                #expect(image.data == (try Data(contentsOf: file)))
                #expect(leftoverProperties(reader, display) == 0)
                peer.kill()
                _ = try await eventually { try ownerWindow(of: "CLIPBOARD", on: server) == 0 }
            }
        }
    }

    @Test("a multi-megabyte image comes through INCR byte-identical; under a smaller limit it is tooLarge and the next read still works")
    func largeImageByIncr() async throws {
        // Random noise does not compress: several MB of PNG, far over one request.
        let png = try await makeImage(["-size", "1500x1000", "xc:", "+noise", "Random"], suffix: ".png")
        defer { try? FileManager.default.removeItem(at: png) }
        let expected = try Data(contentsOf: png)
        #expect(expected.count > 3 << 20)
        try await TestDisplay.with(width: 320, height: 200) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let reader = ClipboardReader(display: display)
            let peer = try await xclipServe(server, file: png, target: "image/png")
            defer { peer.kill() }
            let image = try reader.image(maxBytes: 64 << 20)
            #expect(image.mimeType == "image/png")
            #expect(image.data == expected)
            #expect(leftoverProperties(reader, display) == 0)

            expectError(.tooLarge, containing: ["clipboard"]) { _ = try reader.image(maxBytes: 1 << 20) }
            // The owner (xclip serves one requestor at a time) was let finish the unwanted
            // transfer, so it answers the next read.
            #expect(try reader.image(maxBytes: 64 << 20).data == expected)
        }
    }

    @Test("text on the clipboard is notFound for an image, naming what it offers; text() reads it")
    func textIsNoImage() async throws {
        let file = try temporaryFile(Data("just some text".utf8), suffix: ".txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try await TestDisplay.with(width: 320, height: 200) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let reader = ClipboardReader(display: display)
            let peer = try await xclipServe(server, file: file)
            defer { peer.kill() }
            expectError(.notFound, containing: ["no image", "UTF8_STRING"]) { _ = try reader.image(maxBytes: 1 << 20) }
            #expect(try reader.text() == "just some text")
        }
    }

    @Test("an empty clipboard is notFound 'empty', for images, text and targets")
    func emptyClipboard() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let reader = ClipboardReader(display: display)
            expectError(.notFound, containing: ["clipboard is empty"]) { _ = try reader.image(maxBytes: 1 << 20) }
            expectError(.notFound, containing: ["empty"]) { _ = try reader.text(from: .primary) }
            expectError(.notFound, containing: ["empty"]) { _ = try reader.targets() }
        }
    }

    @Test("an image over maxBytes is tooLarge and leaves no property behind")
    func smallLimit() async throws {
        let png = try await makeImage(["-size", "64x32", "xc:red"], suffix: ".png")
        defer { try? FileManager.default.removeItem(at: png) }
        try await TestDisplay.with(width: 320, height: 200) { server in
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let reader = ClipboardReader(display: display)
            let peer = try await xclipServe(server, file: png, target: "image/png")
            defer { peer.kill() }
            expectError(.tooLarge) { _ = try reader.image(maxBytes: 16) }
            #expect(leftoverProperties(reader, display) == 0)
        }
    }

    @Test("an owner that never answers is 'failed' after the timeout, naming its window, and does not hang")
    func silentOwner() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            // Takes CLIPBOARD and never reads its events.
            let silent = try X11Display(name: server.name)
            defer { silent.close() }
            let silentWindow = XCreateSimpleWindow(silent.handle, silent.root, 0, 0, 1, 1, 0, 0, 0)
            XSetSelectionOwner(silent.handle, silent.atom("CLIPBOARD"), silentWindow, 0)
            silent.sync()

            let display = try X11Display(name: server.name)
            defer { display.close() }
            let reader = ClipboardReader(display: display)
            expectError(.failed, containing: ["did not answer within 500 ms", hexID(silentWindow)]) {
                _ = try reader.image(maxBytes: 1 << 20, timeout: .milliseconds(500))
            }
            expectError(.failed, containing: ["did not answer"]) { _ = try reader.text(timeout: .milliseconds(300)) }
        }
    }

    @Test("a display that went away is unavailable")
    func displayGone() async throws {
        let server = try await TestDisplay.start(width: 100, height: 100)
        let display = try X11Display(name: server.name)
        let reader = ClipboardReader(display: display)
        await server.stop()
        expectError(.unavailable) { _ = try reader.image(maxBytes: 1 << 20, timeout: .seconds(2)) }
        display.close()
        expectError(.unavailable) { _ = try reader.text() }
    }

    @Test("image targets are chosen PNG first, then JPEG, BMP, ..., then any other image/*")
    func imagePreference() {
        #expect(ClipboardWording.bestImageType(in: ["TARGETS", "image/gif", "image/png", "image/jpeg"]) == "image/png")
        #expect(ClipboardWording.bestImageType(in: ["image/gif", "image/bmp", "image/tiff"]) == "image/bmp")
        #expect(ClipboardWording.bestImageType(in: ["text/plain", "image/x-xpixmap"]) == "image/x-xpixmap")
        #expect(ClipboardWording.bestImageType(in: ["UTF8_STRING", "STRING"]) == nil)
    }
}
