import Foundation
import Testing
import TestSupport

/// `capture`, `clipboard`, `--copy` and `--type` as a user runs them, on a private Xvfb with the
/// real peers: ImageMagick paints the root window, xclip owns and reads the clipboard, xdotool
/// drags and presses keys, xterm receives typed text.
@Suite("livetext on an X display")
struct DesktopCommandTests {
    static let page = CLIProcess.fixture("text-light-15px.png")  // 520×96: an invoice line, an email, a phone

    @Test("capture --region reads the screen exactly as analyze reads the same pixels from the file")
    func captureRegion() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            let captured = try await XPeers.livetext(["capture", "--region", "0,0,520,96", "--json"], on: server)
            let file = try await XPeers.livetext(["analyze", "--json", Self.page], on: server)
            #expect(captured.status == 0, "\(captured.stderr)")
            let screen = try XPeers.document(captured.stdout), reference = try XPeers.document(file.stdout)
            #expect(screen["text"] as? String == reference["text"] as? String)
            #expect((screen["text"] as? String)?.contains("billing@example.com") == true)
            let image = try #require(screen["image"] as? [String: Any])
            #expect(image["source"] as? String == "screen:0,0,520,96")
            #expect(image["width"] as? Int == 520 && image["height"] as? Int == 96)
        }
    }

    @Test("a region off the screen is bad usage; a malformed one too; no display is exit 4 saying what to set")
    func badTargets() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let outside = try await XPeers.livetext(["capture", "--region", "400,300,10,10"], on: server)
            #expect(outside.status == 2)
            #expect(outside.stderr.contains("320"), "\(outside.stderr)")
            let malformed = try await XPeers.livetext(["capture", "--region", "1,2,3"], on: server)
            #expect(malformed.status == 2)
            let gone = try await XPeers.livetext(["capture", "--window", "0x7fffff1"], on: server)
            #expect(gone.status == 3, "\(gone.stderr)")
        }
        let noDisplay = try await CLIProcess.run(["capture", "--screen"], environment: ["DISPLAY": ""])
        #expect(noDisplay.status == 4)
        #expect(noDisplay.stderr.contains("DISPLAY"))
        let noServer = try await CLIProcess.run(["clipboard"], environment: ["DISPLAY": ":998"])
        #expect(noServer.status == 4)
        #expect(noServer.stderr.contains(":998"))
    }

    @Test("clipboard reads the PNG xclip offers; text on the clipboard is exit 3 naming what it holds")
    func clipboardImage() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let owner = try XPeers.xclipOwning(file: Self.page, type: "image/png", on: server)
            defer { owner.terminate() }
            try await XPeers.waitForClipboard(on: server)
            let result = try await XPeers.livetext(["clipboard", "--only", "email"], on: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "billing@example.com\n")

            let text = try XPeers.xclipOwning(text: "just words", on: server)
            defer { text.terminate() }
            try await XPeers.waitForClipboard(containing: "just words", on: server)
            let none = try await XPeers.livetext(["clipboard"], on: server)
            #expect(none.status == 3)
            #expect(none.stderr.contains("no image"), "\(none.stderr)")
        }
    }

    @Test("--copy leaves the result on the clipboard after livetext exits; nothing found leaves the user's clipboard alone")
    func copySurvivesExit() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let before = try XPeers.xclipOwning(text: "the user's own words", on: server)
            defer { before.terminate() }
            try await XPeers.waitForClipboard(containing: "the user's own words", on: server)
            // Nothing found: exit 1, and what the user had is still there.
            let nothing = try await XPeers.livetext(["analyze", "--only", "flight", "--copy", Self.page], on: server)
            #expect(nothing.status == 1)
            #expect(try await XPeers.clipboardText(on: server) == "the user's own words")

            let copied = try await XPeers.livetext(["analyze", "--only", "phone", "--copy", Self.page], on: server)
            #expect(copied.status == 0, "\(copied.stderr)")
            // livetext has exited; a process it left behind serves the copy.
            #expect(try await XPeers.clipboardText(on: server) == "+1 415 555 0123")
            #expect(try await XPeers.clipboardText(on: server, selection: "primary") != "+1 415 555 0123")
            // Copying something else ends that process's job.
            let next = try XPeers.xclipOwning(text: "next", on: server)
            defer { next.terminate() }
            try await XPeers.waitForClipboard(containing: "next", on: server)
        }
    }

    @Test("capture --select reads the rectangle dragged with xdotool; Esc cancels with exit 5")
    func interactiveSelection() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            let selected = try await XPeers.livetextSelecting(["capture", "--only", "email"], on: server)
            try await XPeers.xdotool(["mousemove", "0", "30", "mousedown", "1", "mousemove", "300", "50",
                                       "mousemove", "520", "66", "mouseup", "1"], on: server)
            let result = try await selected.value
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "billing@example.com\n")

            let cancelled = try await XPeers.livetextSelecting(["capture"], on: server)
            try await XPeers.xdotool(["key", "Escape"], on: server)
            let escaped = try await cancelled.value
            #expect(escaped.status == 5)
            #expect(escaped.stdout.isEmpty)
        }
    }

    @Test("--only phone --type types the phone number into a real xterm")
    func typeIntoWindow() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("typed-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: output) }
            let terminal = try XPeers.xterm(writingTo: output, on: server)
            defer { terminal.terminate() }
            try await XPeers.xdotool(["search", "--sync", "--onlyvisible", "--class", "xterm",
                                      "windowfocus", "--sync"], on: server)
            let typed = try await XPeers.livetext(["analyze", "--only", "phone", "--type", Self.page], on: server)
            #expect(typed.status == 0, "\(typed.stderr)")
            try await XPeers.xdotool(["key", "Return", "ctrl+d"], on: server)
            var text = ""
            for _ in 0..<100 {
                text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                if text.hasSuffix("\n") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(text == "+1 415 555 0123\n")
        }
    }
}
