import LiveTextCore
import LiveTextInteraction
import LiveTextNotifications
import Testing

@Suite("Notification wording")
struct NotificationComposerTests {
    func offer(_ analysis: ImageAnalysis, _ types: [InteractionType] = [.automatic]) -> InteractionOffer {
        InteractionOffer(analysis: analysis, types: types, allowDataDetectorsInTextMode: false)!
    }

    @Test("a Wi-Fi QR code: its network in the summary and body, Copy Password by default")
    func wifi() {
        let analysis = AnalysisSamples.wifiCode
        let text = NotificationComposer().compose(analysis, offer: offer(analysis))
        #expect(text.summary == "QR code: Wi-Fi “Home”")
        #expect(text.body.contains("Network: Home (WPA)"), "\(text.body)")
        #expect(text.actions.first == NotificationAction(key: "default", label: "Copy Password"))
        #expect(text.actionIDs["default"] == "copy-wifi-0")
        // The raw payload is still there, not first.
        #expect(text.actions.contains { $0.label == "Copy QR Code Payload" })
    }

    @Test("many kinds of items: the summary names two and counts the rest")
    func manyKinds() {
        let analysis = AnalysisSamples.analysis(lines: [
            "Call +1 415 555 0123 or mail a@example.com about https://example.org",
            "Flight UA 1234 costs $120.50 and weighs 5 kg",
        ])
        let text = NotificationComposer().compose(analysis, offer: offer(analysis, [.dataDetectors]))
        let kinds = Set(analysis.items.map(\.kind))
        #expect(kinds.count > 3, "\(analysis.items.map(\.kind))")
        #expect(text.summary == "1 phone number, 1 email address and \(analysis.items.count - 2) more", "\(text.summary)")
        // Three kinds are still named.
        let three = AnalysisSamples.invoice
        #expect(NotificationComposer().compose(three, offer: offer(three)).summary == "1 link, 1 email address, 1 phone number")
    }

    @Test("a date already past is not the first thing offered: its calendar action comes last")
    func pastDate() throws {
        let analysis = AnalysisSamples.analysis(lines: ["Party on March 3, 2020", "Meeting on March 3, 2031"])
        let past = try #require(analysis.actions.first { $0.kind == .calendar && $0.title.contains("2020") })
        let offer = offer(analysis, [.dataDetectors])
        #expect(offer.primary?.title.contains("2031") == true, "\(offer.actions.map(\.title))")
        #expect(offer.actions.last == past, "\(offer.actions.map(\.title))")
        let onlyPast = AnalysisSamples.analysis(lines: ["Party on March 3, 2020"])
        #expect(self.offer(onlyPast, [.dataDetectors]).primary?.kind != .calendar)
    }

    @Test("detectors counted by kind in the summary; the text's first lines in the body")
    func detectors() {
        let analysis = AnalysisSamples.invoice
        let text = NotificationComposer().compose(analysis, offer: offer(analysis))
        #expect(text.summary == "1 link, 1 email address, 1 phone number")
        #expect(text.body.hasPrefix("Invoice 4471 see https://example.org/pay\nMail billing@example.com"))
        #expect(text.actions.first == NotificationAction(key: "default", label: "Copy Text"))
        // The default plus at most four more.
        #expect(text.actions.count == 5)
        #expect(Set(text.actions.map(\.key)).count == text.actions.count)
    }

    @Test("copied or typed: the summary says so and counts the lines")
    func delivered() {
        let analysis = AnalysisSamples.invoice
        let copied = NotificationComposer().compose(analysis, offer: offer(analysis), delivery: .copied(analysis.text))
        #expect(copied.summary == "Copied 3 lines")
        #expect(copied.body.hasPrefix("1 link, 1 email address, 1 phone number\n\n"))
        let typed = NotificationComposer().compose(analysis, offer: offer(analysis), delivery: .typed("+1 415 555 0123"))
        #expect(typed.summary == "Typed 1 line")
    }

    @Test("dataDetectors: no text excerpt, the items' values instead, no text actions")
    func detectorsOnly() {
        let analysis = AnalysisSamples.invoice
        let text = NotificationComposer().compose(analysis, offer: offer(analysis, [.dataDetectors]))
        #expect(!text.body.contains("Thanks"))
        #expect(text.body.contains("billing@example.com"))
        #expect(!text.actions.contains { $0.label == "Copy Text" })
        #expect(text.actionIDs["default"] == "open-link-0")
    }

    @Test("no actions capability: the essentials are in the body, and no buttons")
    func noActions() {
        let analysis = AnalysisSamples.linkCodeAndText
        let text = NotificationComposer(supportsActions: false).compose(analysis, offer: offer(analysis))
        #expect(text.actions.isEmpty)
        #expect(text.summary == "QR code: example.net")
        #expect(text.body.contains("QR Code Payload: https://www.example.net/pay?id=7"))
    }

    @Test("body markup escaped for servers that have it, left alone for those that do not")
    func markup() {
        let analysis = AnalysisSamples.analysis(lines: ["if a < b && c > d"])
        let marked = NotificationComposer(supportsMarkup: true).compose(analysis, offer: offer(analysis))
        #expect(marked.body.contains("if a &lt; b &amp;&amp; c &gt; d"))
        let plain = NotificationComposer(supportsMarkup: false).compose(analysis, offer: offer(analysis))
        #expect(plain.body.contains("if a < b && c > d"))
        let essentials = NotificationComposer(supportsActions: false, supportsMarkup: true)
            .compose(AnalysisSamples.wifiCode, offer: offer(AnalysisSamples.wifiCode))
        #expect(essentials.body.contains("<b>QR Code Payload</b>: WIFI:T:WPA;S:Home;P:secret99;;"))
    }

    @Test("nothing found is said plainly, with the image size")
    func nothing() {
        let analysis = AnalysisSamples.empty
        let text = NotificationComposer().compose(analysis, offer: offer(analysis))
        #expect(text.summary == "No text found")
        #expect(text.body == "Nothing readable in the 600×200 image.")
        #expect(text.actions.isEmpty)
    }

    @Test("long text is cut to three lines of at most 80 characters")
    func excerpt() {
        let long = String(repeating: "word ", count: 40)
        let analysis = AnalysisSamples.analysis(lines: [long, "two", "three", "four"])
        let text = NotificationComposer().compose(analysis, offer: offer(analysis, [.textSelection]))
        let lines = text.body.split(separator: "\n")
        #expect(lines.count == 4 && lines.last == "…")
        #expect(lines[0].count == 80 && lines[0].hasSuffix("…"))
        #expect(text.summary == "Text: 4 lines")
    }
}
