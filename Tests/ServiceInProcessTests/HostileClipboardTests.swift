import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextEngines
import Testing
import TestSupport
import X11Kit

/// The desktop reading the clipboard from an owner that drips its image a byte every 2 s
/// (`DrippingClipboardOwner`): the read gives up at its deadline, ends when cancelled, and never
/// holds up what else the desktop does meanwhile.
@Suite("the desktop's clipboard read against a slow owner")
struct HostileClipboardTests {
    /// A decode for reads that must not succeed.
    private static let noDecode: @Sendable (Data) throws -> PixelImage = { _ in PixelImage(width: 1, height: 1, gray: 0) }

    /// Starts a clipboard read on `desktop` and waits until the owner has begun its INCR transfer.
    private func startRead(_ desktop: Desktop, owner: DrippingClipboardOwner)
        async throws -> (task: Task<PixelImage, any Error>, requestor: String) {
        let task = Task { try await desktop.clipboardImage(maxBytes: 64 << 20, decode: Self.noDecode) }
        let line = try await owner.waitForLine(startingWith: "incr ")
        return (task, String(line.dropFirst("incr ".count)))
    }

    @Test("a read of an owner that drips a byte every 2 s fails at the 10 s deadline, naming the owner and what it sent; the clipboard keeps its owner")
    func deadline() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try await DrippingClipboardOwner.start(on: server)
            defer { owner.stop() }
            try await Desktop.using(displayName: server.name) { desktop in
                // Before the desktop closes: a read still going would hold up its closing.
                defer { owner.stop() }
                let started = ContinuousClock.now
                let (read, requestor) = try await startRead(desktop, owner: owner)
                let outcome = await result(of: read, within: .seconds(40))
                let elapsed = ContinuousClock.now - started
                guard let outcome else {
                    read.cancel()
                    Issue.record("the read was still going after 40 s")
                    return
                }
                #expect(elapsed < .seconds(15), "\(elapsed)")
                do {
                    _ = try outcome.get()
                    Issue.record("a dripping owner's image was read")
                } catch let error as LiveTextError {
                    #expect(error.code == .failed)
                    for words in ["gave up", "in 10 s", "0x" + String(owner.window, radix: 16), DrippingClipboardOwner.wmClass] {
                        #expect(error.message.contains(words), "\(error.message)")
                    }
                }
                // Our window is gone, so the owner's transfer ends; the clipboard still holds its image.
                _ = try await owner.waitForLine(startingWith: "gone \(requestor)", within: .seconds(10))
                let display = try X11Display(name: server.name)
                defer { display.close() }
                #expect(try ClipboardReader(display: display).targets().contains("image/png"))
            }
        }
    }

    @Test("cancelling the task that reads a dripping owner ends it at once with cancelled, and closes its connection")
    func cancel() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try await DrippingClipboardOwner.start(on: server)
            defer { owner.stop() }
            try await Desktop.using(displayName: server.name) { desktop in
                defer { owner.stop() }
                let (read, requestor) = try await startRead(desktop, owner: owner)
                // Past a byte or two, so that the transfer is well under way.
                _ = try await owner.waitForLine(startingWith: "byte \(requestor) 1")
                let cancelled = ContinuousClock.now
                read.cancel()
                guard let outcome = await result(of: read, within: .seconds(30)) else {
                    Issue.record("the cancelled read was still going after 30 s")
                    return
                }
                // Cancelled (the error says so), not the read's 10 s deadline, nor the owner's
                // drip, which would go on for hours; in seconds even on a loaded machine.
                #expect(ContinuousClock.now - cancelled < .seconds(8))
                #expect(throws: LiveTextError.cancelled) { _ = try outcome.get() }
                // Its connection is closed: the server destroyed its window, the owner saw it go.
                _ = try await owner.waitForLine(startingWith: "gone \(requestor)", within: .seconds(5))
            }
        }
    }

    @Test("while a dripping owner holds up a clipboard read, a screen capture and a copy through the same desktop complete")
    func othersGoOn() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try await DrippingClipboardOwner.start(on: server)
            defer { owner.stop() }
            try await Desktop.using(displayName: server.name) { desktop in
                defer { owner.stop() }
                let (read, _) = try await startRead(desktop, owner: owner)
                let readEnded: Task<ContinuousClock.Instant, any Error> = Task {
                    _ = await read.result
                    return ContinuousClock.now
                }
                let capture = Task { try await desktop.capture(.screen) }
                let captured = try await result(of: capture, within: .seconds(40))?.get()
                #expect(captured?.image.width == 320, "the capture did not come back")
                let copy = Task { try await desktop.copy("copied meanwhile") }
                #expect(try await result(of: copy, within: .seconds(40))?.get() != nil, "the copy did not come back")
                let othersDone = ContinuousClock.now
                #expect(try await XPeers.clipboardText(on: server) == "copied meanwhile")
                // Both came back while the read still waited for the owner.
                read.cancel()
                owner.stop()
                let ended = try #require(await result(of: readEnded, within: .seconds(30))?.get())
                #expect(othersDone < ended, "the read ended before the capture and the copy")
            }
        }
    }

    @Test("xclip's image, small and large (INCR), comes through the desktop byte for byte")
    func xclipImages() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let small = directory.appendingPathComponent("small.png"), large = directory.appendingPathComponent("large.png")
        // Random noise does not compress: several MB of PNG, far over one X request.
        for (file, arguments) in [(small, ["-size", "64x32", "xc:red"]), (large, ["-size", "1500x1000", "xc:", "+noise", "Random"])] {
            let made = try await runCommand("/usr/bin/convert", arguments + [file.path])
            try #require(made.status == 0, "\(made.stderr)")
        }
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await Desktop.using(displayName: server.name) { desktop in
                for (file, size) in [(small, (64, 32)), (large, (1500, 1000))] {
                    let expected = try Data(contentsOf: file)
                    let xclip = try XPeers.xclipOwning(file: file.path, type: "image/png", on: server)
                    defer { xclip.terminate() }
                    // This xclip's bytes, not the last one's (its exit may not have reached the
                    // server yet): what another reader gets first.
                    var offered = 0
                    for _ in 0..<200 where offered != expected.count {
                        let read = try await ChildProcess.run(
                            "/usr/bin/xclip", ["-selection", "clipboard", "-o", "-t", "image/png"],
                            environment: ProcessInfo.processInfo.environment.merging(server.environment) { $1 })
                        offered = read.status == 0 ? read.stdout.count : 0
                        if offered != expected.count { try await Task.sleep(for: .milliseconds(50)) }
                    }
                    let image = try await desktop.clipboardImage(maxBytes: 64 << 20) { data in
                        // Not `data == expected` in #expect: on a mismatch it would diff megabytes byte by byte.
                        let same = data == expected
                        let firstDifference = zip(data, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        #expect(same, "\(data.count) bytes read, \(expected.count) expected, first difference at \(firstDifference.map(String.init) ?? "the end")")
                        return try await ImageInput().decode(data)
                    }
                    #expect((image.width, image.height) == size)
                    xclip.terminate()
                }
            }
        }
    }
}
