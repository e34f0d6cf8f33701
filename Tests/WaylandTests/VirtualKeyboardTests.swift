import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import WaylandKit

@Suite("typing through the virtual keyboard", .serialized)
struct VirtualKeyboardTests {
    /// Types `text` into a foot window running `cat > file` and returns what the file holds
    /// once it holds `expected` (or after 10 s).
    private static func typed(_ text: String, expecting expected: String, on sway: SwayServer,
                              intoXterm: Bool = false, cancel: CancellationFlag? = nil) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-typed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let foot = intoXterm ? try await WaylandPeers.xtermRecording(to: file, on: sway)
                             : try await WaylandPeers.footRecording(to: file, on: sway)
        return try await stopping(foot, with: { await WaylandPeers.stop($0) }) { _ in
            try await offPool {
                try VirtualKeyboardTyper.type(text, socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path,
                                              cancel: cancel)
            }
            return try await WaylandPeers.contents(of: file, becoming: expected)
        }
    }

    @Test("the focused window receives exactly the text, Unicode and all")
    func typesText() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let text = "Hello, wörld! ✓ 123\n"
            let received = try await Self.typed(text, expecting: text, on: sway)
            #expect(received == text)
        }
    }

    @Test("an X client through Xwayland receives the text too")
    func typesIntoXwayland() async throws {
        try await SwayServer.with(xwayland: true) { sway in
            let text = "Hello, wörld! ✓ 123\n"
            let received = try await Self.typed(text, expecting: text, on: sway, intoXterm: true)
            #expect(received == text)
        }
    }

    @Test("an X client gets a long text's every chunk, each read with its own keymap")
    func typesChunksIntoXwayland() async throws {
        try await SwayServer.with(xwayland: true) { sway in
            let scalars = (0..<300).map { Character(Unicode.Scalar(0x4E00 + $0)!) }
            let text = String(scalars) + String(scalars.prefix(20)) + "\n"
            let received = try await Self.typed(text, expecting: text, on: sway, intoXterm: true)
            #expect(received == text)
        }
    }

    @Test("with a keyboard on the seat already (wtype holding one), nothing is waited for and nothing is lost")
    func typesBesideAnotherKeyboard() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            // wtype makes its virtual keyboard (with its own keymap) at once, then sleeps: the seat
            // has a keyboard, and foot its wl_keyboard, before ours appears.
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/wtype")
            holder.arguments = ["-s", "20000"]
            holder.environment = ProcessInfo.processInfo.environment.merging(sway.environment) { $1 }
            holder.standardOutput = FileHandle.nullDevice
            holder.standardError = FileHandle.nullDevice
            try holder.run()
            try await stopping(holder, with: { await WaylandPeers.stop($0) }) { _ in
                try await Task.sleep(for: .milliseconds(500))
                let text = "Zwölf Boxkämpfer ✓\n"
                let started = ContinuousClock.now
                let received = try await Self.typed(text, expecting: text, on: sway)
                #expect(received == text)
                #expect(ContinuousClock.now - started < .seconds(15))
            }
        }
    }

    @Test("a text with more distinct characters than a keymap holds is typed in chunks, whole")
    func typesManyCharacters() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            // 300 distinct CJK characters, some twice, across the chunk boundary.
            let scalars = (0..<300).map { Character(Unicode.Scalar(0x4E00 + $0)!) }
            let text = String(scalars) + String(scalars.prefix(20)) + "\n"
            let chunks = try TypingKeymap.plan(TypingKeymap.keysyms(typing: text))
            #expect(chunks.count == 2)
            let received = try await Self.typed(text, expecting: text, on: sway)
            #expect(received == text)
        }
    }

    @Test("a raised cancel flag types nothing and says cancelled")
    func cancelled() async throws {
        try await SwayServer.with(xwayland: false) { sway in
            let cancel = CancellationFlag()
            cancel.cancel()
            let error = await #expect(throws: LiveTextError.self) {
                try await offPool {
                    try VirtualKeyboardTyper.type("never\n", socket: sway.waylandDisplay,
                                                  runtimeDirectory: sway.runtimeDirectory.path, cancel: cancel)
                }
            }
            #expect(error?.code == .cancelled)
        }
    }
}

@Suite("the typing keymap")
struct TypingKeymapTests {
    @Test("each character gets one key, in order of first use; \\r\\n is one Return; other controls are left out")
    func keys() throws {
        let keysyms = TypingKeymap.keysyms(typing: "aé一\r\na\u{7}\t")
        #expect(keysyms == [0x61, 0xE9, 0x100_4E00, 0xFF0D, 0x61, 0xFF09])
        let chunks = try TypingKeymap.plan(keysyms)
        #expect(chunks.count == 1)
        #expect(chunks[0].map.keysyms == [0x61, 0xE9, 0x100_4E00, 0xFF0D, 0xFF09])
        #expect(chunks[0].map.key(for: 0xE9) == 2)
        #expect(chunks[0].map.text.contains("key <K3> { [ U4E00 ] };"), "\(chunks[0].map.text)")
    }

    @Test("a map holds 247 keys (keycodes 9…255); the 248th distinct character starts a new one")
    func chunks() throws {
        let keysyms = (0..<(TypingKeymap.capacity + 1)).map { UInt32(0x100_4E00 + $0) }
        let chunks = try TypingKeymap.plan(keysyms + [keysyms[0]])
        #expect(chunks.map(\.map.keysyms.count) == [TypingKeymap.capacity, 2])
        #expect(chunks.map(\.keysyms.count) == [TypingKeymap.capacity, 2])
        #expect(chunks[0].map.text.contains("<K247> = 255;"))
    }
}
