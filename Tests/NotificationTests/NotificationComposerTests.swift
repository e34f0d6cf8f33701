import LiveTextCore
import LiveTextInteraction
import LiveTextNotifications
import Testing

@Suite("Notification wording")
struct NotificationComposerTests {
    func offer(_ analysis: ImageAnalysis, _ types: [InteractionType] = [.automatic]) -> InteractionOffer {
        InteractionOffer(analysis: analysis, types: types, allowDataDetectorsInTextMode: false)!
    }

    @Test("a Wi-Fi QR code: its network in the summary, copying its password by default")
    func wifi() {
        let analysis = AnalysisSamples.wifiCode
        let text = NotificationComposer().compose(analysis, offer: offer(analysis))
        #expect(text.summary == "QR code: Wi-Fi “Home”")
        #expect(text.actions.first == NotificationAction(key: "default", label: "Copy QR Code Payload"))
        #expect(text.actionIDs["default"] == "copy-code-0")
        #expect(text.actions.contains { $0.key == "copy-wifi-0" && $0.label.contains("Password") })
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
