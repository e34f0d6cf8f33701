import LiveTextCore
import LiveTextInteraction
import LiveTextNotifications
import Testing

@Suite("What each interaction type offers")
struct InteractionOfferTests {
    let invoice = AnalysisSamples.invoice

    @Test("automatic offers the text and the detectors, Copy Text by default")
    func automatic() throws {
        let offer = try #require(InteractionOffer(analysis: invoice, types: [.automatic], allowDataDetectorsInTextMode: false))
        #expect(offer.offersText && offer.offersDetectors)
        #expect(offer.primary?.id == "copy-text")
        #expect(offer.actions.first?.id == "copy-text")
        let ids = Set(offer.actions.map(\.id))
        #expect(ids.isSuperset(of: ["open-link-0", "mail-email-0", "call-phone-0", "copy-link-0", "translate-text"]))
        #expect(offer.secondary.isEmpty)
        // Every action of the analysis is offered, once.
        #expect(offer.actions.count == invoice.actions.count)
        #expect(offer.textBounds(in: invoice).count == 3)
        #expect(offer.detectorBounds(in: invoice).items.count == 3)
    }

    @Test("textSelection offers only the text unless detectors are allowed as secondary actions")
    func textSelection() throws {
        let plain = try #require(InteractionOffer(analysis: invoice, types: [.textSelection], allowDataDetectorsInTextMode: false))
        #expect(plain.offersText && !plain.offersDetectors)
        #expect(plain.actions.allSatisfy { $0.id.hasSuffix("-text") })
        #expect(plain.primary?.id == "copy-text")
        #expect(plain.detectorBounds(in: invoice).items.isEmpty)

        let allowed = try #require(InteractionOffer(analysis: invoice, types: [.textSelection], allowDataDetectorsInTextMode: true))
        #expect(allowed.offersDetectors)
        #expect(allowed.primary?.id == "copy-text")
        let secondary = Set(allowed.secondary.map(\.id))
        #expect(secondary.contains("open-link-0") && secondary.contains("call-phone-0"))
        #expect(!secondary.contains("copy-text"))
    }

    @Test("dataDetectors offers the detectors' actions and no text actions")
    func dataDetectors() throws {
        let offer = try #require(InteractionOffer(analysis: invoice, types: [.dataDetectors], allowDataDetectorsInTextMode: false))
        #expect(!offer.offersText && offer.offersDetectors)
        #expect(!offer.actions.contains { $0.id.hasSuffix("-text") })
        #expect(offer.primary?.id == "open-link-0")
        #expect(offer.textBounds(in: invoice).isEmpty)
    }

    @Test("none, alone or in an empty list, offers nothing; beside other types it is ignored")
    func none() {
        #expect(InteractionOffer(analysis: invoice, types: [.none], allowDataDetectorsInTextMode: true) == nil)
        #expect(InteractionOffer(analysis: invoice, types: [], allowDataDetectorsInTextMode: true) == nil)
        #expect(InteractionOffer(analysis: invoice, types: [.none, .dataDetectors], allowDataDetectorsInTextMode: true)?
            .offersText == false)
    }

    @Test("a code's payload is the default action wherever detectors are first-class")
    func codeFirst() throws {
        let both = AnalysisSamples.linkCodeAndText
        let automatic = try #require(InteractionOffer(analysis: both, types: [.automatic], allowDataDetectorsInTextMode: false))
        #expect(automatic.primary?.id == "copy-code-0")
        #expect(automatic.primary?.target == "https://www.example.net/pay?id=7")
        let text = try #require(InteractionOffer(analysis: both, types: [.textSelection], allowDataDetectorsInTextMode: true))
        #expect(text.primary?.id == "copy-text")
        #expect(text.actions.contains { $0.id == "copy-code-0" })
    }

    @Test("an empty analysis still gives an offer, with no actions")
    func empty() throws {
        let offer = try #require(InteractionOffer(analysis: AnalysisSamples.empty, types: [.automatic], allowDataDetectorsInTextMode: false))
        #expect(offer.primary == nil && offer.actions.isEmpty)
    }

    @Test("the preview draws what is offered: text and button in text mode, underlines and chips with detectors")
    func preview() throws {
        let automatic = try #require(InteractionOffer(analysis: invoice, types: [.automatic], allowDataDetectorsInTextMode: false))
            .previewContent(for: invoice)
        #expect(automatic.liveTextButton && automatic.textBounds.count == 3 && automatic.itemBounds.count == 3)
        #expect(automatic.chips.first == "Copy Text" && automatic.chips.count == 4)
        #expect(!automatic.chips.contains("Translate"))

        let text = try #require(InteractionOffer(analysis: invoice, types: [.textSelection], allowDataDetectorsInTextMode: true))
            .previewContent(for: invoice)
        // Secondary actions are not chips; the underlines still show where they are.
        #expect(text.chips == ["Copy Text"] && text.itemBounds.count == 3 && text.liveTextButton)

        let detectors = try #require(InteractionOffer(analysis: invoice, types: [.dataDetectors], allowDataDetectorsInTextMode: false))
            .previewContent(for: invoice)
        #expect(!detectors.liveTextButton && detectors.textBounds.isEmpty)
        #expect(detectors.chips.first == "Open example.org")
    }
}
