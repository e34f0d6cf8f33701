import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

@Suite("owning the clipboard")
struct ClipboardOwnerTests {
    static let sample = "héllo wörld €"

    @Test("copied text reads back exactly as UTF-8, Latin-1 with '?' as STRING, ASCII as text/plain; TARGETS lists what we serve")
    func targetsAndEncodings() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try ClipboardOwner(displayName: server.name)
            defer { owner.close() }
            #expect(!owner.isOwner)
            try owner.copy(Self.sample)
            #expect(owner.isOwner)

            #expect(try await xclipOut(server).output == Data(Self.sample.utf8))
            #expect(try await xclipOut(server, target: "text/plain;charset=utf-8").output == Data(Self.sample.utf8))
            #expect(try await xclipOut(server, target: "STRING").output == Data("h\u{E9}llo w\u{F6}rld ?".unicodeScalars.map { UInt8($0.value) }))
            #expect(try await xclipOut(server, target: "text/plain").output == Data("h?llo w?rld ?".utf8))
            // TEXT: the owner picks; "€" is not Latin-1, so UTF-8.
            #expect(try await xclipOut(server, target: "TEXT").output == Data(Self.sample.utf8))

            let targets = String(decoding: try await xclipOut(server, target: "TARGETS").output, as: UTF8.self)
                .split(separator: "\n").map(String.init)
            #expect(Set(targets) == ["TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "UTF8_STRING",
                                     "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT"])
            // An unknown target is refused.
            #expect(try await xclipOut(server, target: "image/png").status != 0)

            // Our own reader agrees, and TEXT of pure Latin-1 text comes as STRING.
            let display = try X11Display(name: server.name)
            defer { display.close() }
            #expect(try ClipboardReader(display: display).text() == Self.sample)
            try owner.copy("naïve café")
            #expect(try await xclipOut(server, target: "TEXT").output == Data("na\u{EF}ve caf\u{E9}".unicodeScalars.map { UInt8($0.value) }))
        }
    }

    @Test("TIMESTAMP is the server time we took the selection at, not CurrentTime")
    func timestamp() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try ClipboardOwner(displayName: server.name)
            defer { owner.close() }
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let window = XCreateSimpleWindow(display.handle, display.root, 0, 0, 1, 1, 0, 0, 0)
            XSelectInput(display.handle, window, PropertyChangeMask)
            let before = try #require(try display.serverTime(on: window, property: display.atom("PROBE")))
            try owner.copy("x")
            let after = try #require(try display.serverTime(on: window, property: display.atom("PROBE")))
            let transfer = SelectionTransfer(display: display, window: window, property: display.atom("OUT"),
                                             selection: .clipboard, owner: 0, deadline: .now + .seconds(5), cancel: nil)
            let value = try #require(try transfer.run(target: display.atom("TIMESTAMP"), maxBytes: 64, timeout: .seconds(5)))
            let stamp = try #require(value.longs?.first)
            #expect(value.type == display.atom("INTEGER"))
            #expect(stamp != 0)
            #expect(serverTime(Time(stamp), isAtOrAfter: before) && serverTime(after, isAtOrAfter: Time(stamp)))
        }
    }

    @Test("PRIMARY is taken only when asked: a clipboard copy leaves what another program had there")
    func primaryOnlyWhenAsked() async throws {
        let file = try temporaryFile(Data("selected before".utf8), suffix: ".txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try await TestDisplay.with(width: 320, height: 200) { server in
            let peer = try await xclipServe(server, file: file, selection: "primary")
            defer { peer.kill() }
            let owner = try ClipboardOwner(displayName: server.name)
            defer { owner.close() }
            try owner.copy(Self.sample)
            #expect(owner.ownedSelections == [.clipboard])
            #expect(try await xclipOut(server, selection: "primary").output == Data("selected before".utf8))
            #expect(try await xclipOut(server).output == Data(Self.sample.utf8))

            try owner.copy("now primary", to: [.primary])
            #expect(owner.ownedSelections == [.clipboard, .primary])
            #expect(try await xclipOut(server, selection: "primary").output == Data("now primary".utf8))
            // The clipboard keeps what it had.
            #expect(try await xclipOut(server).output == Data(Self.sample.utf8))
        }
    }

    @Test("5 MB of text goes by INCR to two xclip readers at once, byte-identical, and to our own reader")
    func largeTextByIncr() async throws {
        let text = Self.largeText(megabytes: 5)
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try ClipboardOwner(displayName: server.name)
            defer { owner.close() }
            try owner.copy(text)
            async let first = xclipOut(server)
            async let second = xclipOut(server)
            let (a, b) = try await (first, second)
            #expect(a.output.count == text.utf8.count)
            #expect(a.output == Data(text.utf8))
            #expect(b.output == Data(text.utf8))
            let display = try X11Display(name: server.name)
            defer { display.close() }
            #expect(try ClipboardReader(display: display).text(timeout: .seconds(10)) == text)
            #expect(try await eventually { owner.activeTransfers == 0 })
        }
    }

    @Test("a requestor that vanishes mid-INCR and one that stalls are dropped without disturbing another")
    func vanishingAndStalledRequestors() async throws {
        let text = Self.largeText(megabytes: 2)
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try ClipboardOwner(displayName: server.name, stallTimeout: .seconds(2))
            defer { owner.close() }
            try owner.copy(text)

            // Stalls: gets the INCR answer and never deletes the property.
            let stalled = try RawRequestor(server)
            defer { stalled.display.close() }
            #expect(stalled.requestIncr())
            // Vanishes: asks for the first piece, then its connection (and window) goes away.
            let vanishing = try RawRequestor(server)
            #expect(vanishing.requestIncr())
            XDeleteProperty(vanishing.display.handle, vanishing.window, vanishing.property)
            vanishing.display.close()

            #expect(try await xclipOut(server).output == Data(text.utf8))
            // Both dropped in the end; our event selection on the stalled window is gone with it.
            #expect(try await eventually { owner.activeTransfers == 0 })
            #expect(try stalled.allEventMasks(server) == 0)
            #expect(owner.isOwner)
            #expect(try await xclipOut(server).output == Data(text.utf8))
        }
    }

    @Test("when another program copies, isOwner turns false and waitUntilReplaced returns")
    func replacedByAnotherProgram() async throws {
        let file = try temporaryFile(Data("x\n".utf8), suffix: ".txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try ClipboardOwner(displayName: server.name)
            defer { owner.close() }
            try owner.copy("ours")
            #expect(!owner.waitUntilReplaced(timeout: .milliseconds(100)))
            let waiter = Task.detached { owner.waitUntilReplaced(timeout: .seconds(30)) }
            let peer = try BackgroundPeer("/usr/bin/xclip", ["-selection", "clipboard", "-quiet", "-i", file.path],
                                          environment: server.environment)
            defer { peer.kill() }
            #expect(await waiter.value)
            #expect(!owner.isOwner)
            #expect(try await xclipOut(server).output == Data("x\n".utf8))
        }
    }

    @Test("close releases what we own; a closed owner refuses to copy")
    func closeReleases() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try ClipboardOwner(displayName: server.name)
            try owner.copy("bye", to: [.clipboard, .primary])
            #expect(try ownerWindow(of: "CLIPBOARD", on: server) != 0)
            owner.close()
            #expect(!owner.isOwner)
            #expect(try ownerWindow(of: "CLIPBOARD", on: server) == 0)
            #expect(try ownerWindow(of: "PRIMARY", on: server) == 0)
            #expect(throws: LiveTextError.self) { try owner.copy("again") }
            #expect(owner.waitUntilReplaced(timeout: nil))
        }
    }

    @Test("closing twice writes nothing to descriptors the process reused (other connections keep working)")
    func closeTwice() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try ClipboardOwner(displayName: server.name)
            try owner.copy("x")
            owner.close()
            // These likely get the descriptor numbers of the owner's closed connection and pipe.
            let others = try (0..<4).map { _ in try X11Display(name: server.name) }
            owner.close()
            // A stray byte in one of them would leave the server waiting for the rest of a
            // "request": its round trip would never return (a thread waits for it, the test does not).
            let done = DispatchSemaphore(value: 0)
            Thread { others.forEach { $0.sync() }; done.signal() }.start()
            let answered = try await offPool { done.wait(timeout: .now() + 20) == .success }
            #expect(answered)
            // A connection stuck in XSync on another thread must not be closed under it.
            if answered { others.forEach { $0.close() } }
        }
    }

    @Test("handOffToManager is false at once without a clipboard manager, or without owning the clipboard")
    func noManager() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try ClipboardOwner(displayName: server.name)
            defer { owner.close() }
            #expect(!owner.handOffToManager(timeout: .seconds(30)))
            try owner.copy("keep me")
            let started = ContinuousClock.now
            #expect(!owner.handOffToManager(timeout: .seconds(30)))
            // A hang guard, far below the 30 s it was allowed: it did not wait for anybody.
            #expect(ContinuousClock.now - started < .seconds(15))
            #expect(owner.isOwner)
        }
    }

    @Test("a clipboard manager (a minimal one in the test: none is installed) takes the text over by SAVE_TARGETS and MULTIPLE")
    func handOffToTestManager() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let manager = try TestClipboardManager(server)
            defer { manager.stop() }
            let owner = try ClipboardOwner(displayName: server.name)
            try owner.copy(Self.sample)
            #expect(owner.handOffToManager(timeout: .seconds(10)))
            #expect(Set(manager.saved) == ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT"])
            #expect(try await eventually { !owner.isOwner })
            owner.close()
            // The manager serves it now that we are gone.
            #expect(try await xclipOut(server).output == Data(Self.sample.utf8))
        }
    }

    @Test("a copy with HTML (a table): text/html beside the text in TARGETS, read back exactly, saved by a clipboard manager with the text and served by it; a plain copy refuses text/html")
    func htmlBesideText() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let manager = try TestClipboardManager(server)
            defer { manager.stop() }
            let owner = try ClipboardOwner(displayName: server.name)
            let table = ClipboardContent(plain: "PID\tCMD\n74\tps\n", html: "<table>\n<tr><td>PID</td><td>CMD</td></tr>\n</table>\n")
            try owner.copy(table)
            let targets = String(decoding: try await xclipOut(server, target: "TARGETS").output, as: UTF8.self)
            #expect(targets.split(separator: "\n").contains("text/html"), "\(targets)")
            #expect(try await xclipOut(server, target: "text/html").output == Data((table.html ?? "").utf8))
            #expect(try await xclipOut(server).output == Data(table.plain.utf8))
            #expect(owner.handOffToManager(timeout: .seconds(10)))
            #expect(Set(manager.saved) == ["text/html", "UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "STRING", "TEXT"])
            #expect(try await eventually { !owner.isOwner })
            owner.close()
            #expect(try await xclipOut(server, target: "text/html").output == Data((table.html ?? "").utf8))
            // A plain copy has no HTML to give.
            let plain = try ClipboardOwner(displayName: server.name)
            defer { plain.close() }
            try plain.copy(Self.sample)
            #expect(try await xclipOut(server, target: "text/html").status != 0)
        }
    }

    /// Lines of mixed text, `megabytes` MB of UTF-8, different everywhere (a shifted chunk shows).
    static func largeText(megabytes: Int) -> String {
        var text = ""
        text.reserveCapacity(megabytes << 20)
        var line = 0
        while text.utf8.count < megabytes << 20 {
            text += "line \(line): grüße, ünïcödé €\(line * 7919 % 10007) and some ASCII to pad it out\n"
            line += 1
        }
        return text
    }
}
