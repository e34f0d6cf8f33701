import Foundation
import Testing
import TestSupport

/// `livetext view`'s items: one click away, the viewer staying open.
@Suite("livetext view: items")
struct ViewItemTests {
    @Test("zoomed in, a click on the underlined phone shows its menu, whose Call runs the opener with its tel: target; the viewer stays open until q (exit 0)")
    func clickItemZoomed() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            let (opener, opened) = try LiveCommandTests.recordingOpener()
            defer { try? FileManager.default.removeItem(at: opened.deletingLastPathComponent()) }
            async let ended = XPeers.livetext(["view", LiveCommandTests.page], on: server,
                                              environment: ["LIVETEXT_OPENER": opener])
            try await XPeers.xdotool(["search", "--sync", "--onlyvisible", "--class", "livetext"], on: server)
            let all = LiveCommandTests.lines.joined(separator: "\n")
            for _ in 0..<300 {
                try await XPeers.xdotoolInWindow(["mousemove", "260", "100", "key", "ctrl+a", "key", "ctrl+c"], on: server)
                if try await XPeers.clipboardText(on: server) == all { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            // The 520×96 image in a 520×200 window, zoomed 1.25 about (260, 100): image (100, 65), on
            // "+1 415 555 0123", shows at (60, 121). Its menu once the double-click interval has
            // passed: Down highlights Call, Enter runs it.
            try await XPeers.xdotoolInWindow(["key", "plus", "mousemove", "60", "121", "click", "1", "sleep", "1", "key", "Down", "Return"],
                                     on: server)
            var target = ""
            for _ in 0..<100 where target.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                target = (try? String(contentsOf: opened, encoding: .utf8)) ?? ""
            }
            #expect(target.hasPrefix("tel:"), "\(target)")
            #expect(target.filter(\.isNumber).hasSuffix("4155550123"), "\(target)")
            // Still open: q ends it.
            try await XPeers.xdotool(["search", "--onlyvisible", "--class", "livetext"], on: server)
            try await XPeers.xdotoolInWindow(["mousemove", "260", "100", "key", "q"], on: server)
            let result = try await ended
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    @Test("zoomed in, the Live Text button is still at the window's bottom-right corner; its Copy Text chip copies all the text and the viewer stays")
    func buttonAndChipZoomed() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            async let ended = XPeers.livetext(["view", LiveCommandTests.page], on: server)
            try await XPeers.xdotool(["search", "--sync", "--onlyvisible", "--class", "livetext"], on: server)
            // Once read, a double click on "today" (image 200, 65; at 1:1 the image is 52 px down) copies it.
            for _ in 0..<300 {
                try await XPeers.xdotoolInWindow(["mousemove", "200", "117", "click", "--repeat", "2", "--delay", "60", "1",
                                          "key", "ctrl+c", "sleep", "0.5"], on: server)
                if try await XPeers.clipboardText(on: server) == "today" { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            // Zoomed twice; the button (22 px, 6 px from the corner of the 520×200 window) and, once
            // it is on, the first chip 6 px from the bottom-left corner.
            try await XPeers.xdotoolInWindow(["key", "plus", "key", "plus", "mousemove", "503", "183", "click", "1", "sleep", "0.3",
                                      "mousemove", "20", "183", "click", "1"], on: server)
            try await XPeers.waitForClipboard(containing: LiveCommandTests.lines.joined(separator: "\n"), on: server)
            try await XPeers.xdotool(["search", "--onlyvisible", "--class", "livetext"], on: server)
            try await XPeers.xdotoolInWindow(["mousemove", "260", "100", "key", "q"], on: server)
            let result = try await ended
            #expect(result.status == 0, "\(result.stderr)")
        }
    }
}
