import DBusKit
import Foundation
import LiveTextCore
import LiveTextInteraction
import LiveTextNotifications
import Testing

/// A NUL in a payload no longer suppresses the notification, and a bidi override no longer
/// reverses what it shows: both are written out, as are other controls and invisible formatting.
@Suite("notification text made safe to show")
struct NotificationTextTests {
    @Test("controls written out: NUL as \\0, ESC as \\x1b; a body keeps its line breaks and tabs, a summary does not")
    func controls() {
        #expect(NotificationText.summary("a\u{0}b\u{1B}[2J\u{7F}\u{85}c\nd\te\r") == "a\\0b\\x1b[2J\\x7f\\x85c\\nd\\te\\r")
        #expect(NotificationText.body("a\u{0}b\nc\td\u{9B}", markup: false) == "a\\0b\nc\td\\x9b")
        #expect(NotificationText.summary("plain “text” ✓ 東京") == "plain “text” ✓ 東京")
    }

    @Test("bidi controls and other invisible formatting written out as <U+XXXX>; joiners kept for scripts and emoji")
    func invisible() {
        let spoofs: [Unicode.Scalar] = ["\u{061C}", "\u{200B}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}",
                                        "\u{202D}", "\u{202E}", "\u{2060}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
                                        "\u{FEFF}", "\u{00AD}", "\u{2028}", "\u{2029}", "\u{3164}", "\u{E0041}"]
        for scalar in spoofs {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let written = "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
            #expect(NotificationText.summary("a\(scalar)b") == "a\(written)b")
            #expect(NotificationText.body("a\(scalar)b", markup: false) == "a\(written)b")
            #expect(NotificationText.body("a\(scalar)b", markup: true) == "a&lt;\(written.dropFirst().dropLast())&gt;b")
        }
        #expect(NotificationText.summary("invoice\u{202E}fdp.exe") == "invoice<U+202E>fdp.exe")
        #expect(NotificationText.summary("👨‍👩‍👧 می‌خواهم") == "👨‍👩‍👧 می‌خواهم")
    }

    @Test("markup escaped only for servers that read it")
    func markup() {
        #expect(NotificationText.body("<i>a</i> & <b>", markup: true) == "&lt;i&gt;a&lt;/i&gt; &amp; &lt;b&gt;")
        #expect(NotificationText.body("<i>a</i> & <b>", markup: false) == "<i>a</i> & <b>")
        #expect(NotificationText.summary("<i>a</i>") == "<i>a</i>")
    }

    static let hostile = AnalysisSamples.analysis(lines: ["Scan <i>me</i> & pay\u{0}now"], codes: [
        MachineReadableCode(symbology: "QR-Code", payload: "Pay\u{0}me\u{202E}gpj.exe",
                            bounds: Bounds(x: 300, y: 20, width: 120, height: 120)),
    ])

    func offer(_ analysis: ImageAnalysis) -> InteractionOffer {
        InteractionOffer(analysis: analysis, types: [.automatic], allowDataDetectorsInTextMode: false)!
    }

    @Test("the composer passes everything from the image through NotificationText: summary, body, labels")
    func composer() throws {
        for markup in [true, false] {
            for actions in [true, false] {
                let text = NotificationComposer(supportsActions: actions, supportsMarkup: markup)
                    .compose(Self.hostile, offer: offer(Self.hostile))
                #expect(text.summary == "QR code: Pay\\0me<U+202E>gpj.exe", "\(text.summary)")
                #expect(markup ? text.body.contains("&lt;i&gt;me&lt;/i&gt; &amp;") : text.body.contains("<i>me</i> &"),
                        "\(text.body)")
                for part in [text.summary, text.body] + text.actions.map(\.label) {
                    #expect(!part.unicodeScalars.contains { $0.value == 0 || $0 == "\u{202E}" }, "\(part)")
                }
                var request = NotificationRequest(summary: text.summary, body: text.body, actions: text.actions)
                request.expireTimeout = 0
                #expect(throws: Never.self) { try request.validate() }
            }
        }
    }

    @Test("dunst shows a notification for a payload holding NUL and U+202E, written out, the body's markup escaped")
    func dunstShowsIt() async throws {
        try await NotificationFixture.with { f in
            let capabilities = try await f.client.capabilities()
            #expect(capabilities.bodyMarkup)
            let monitor = try await f.dunst.monitorNotifyCalls()
            let text = NotificationComposer(supportsActions: capabilities.actions, supportsMarkup: capabilities.bodyMarkup)
                .compose(Self.hostile, offer: offer(Self.hostile))
            var request = NotificationRequest(summary: text.summary, body: text.body, actions: text.actions)
            request.expireTimeout = 0
            let id = try await f.client.notify(request)
            let seen = try await monitor.lastNotify()
            await monitor.stop()
            #expect(seen.summary == "QR code: Pay\\0me<U+202E>gpj.exe")
            #expect(seen.body.contains("Scan &lt;i&gt;me&lt;/i&gt; &amp; pay\\0now"), "\(seen.body)")
            try await f.dunst.waitForDisplayed(1)
            try await f.dunst.closeAll()
            try await f.events.first("NotificationClosed") { $0 == .closed(id: id, reason: .dismissed) }
            let entry = try #require(try await f.dunst.history().first)
            #expect(entry.summary.contains("Pay\\0me"), "\(entry.summary)")
            #expect(!entry.summary.contains("\u{202E}") && !entry.body.contains("\u{202E}"))
            #expect(!entry.body.contains("<i>"), "\(entry.body)")
        }
    }
}
