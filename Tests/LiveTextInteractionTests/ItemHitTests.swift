import LiveTextCore
import LiveTextInteraction
import Testing

@Suite("Items and codes under a point, and what they offer")
struct ItemHitTests {
    let analysis = TextSamples.withItems

    func at(_ x: Double, _ y: Double) -> PixelPoint { PixelPoint(x: x, y: y) }

    @Test("a point on an item's text finds the item; edges left and top in, right and bottom out")
    func itemHits() {
        #expect(analysis.itemOrCode(at: at(60, 100)) == .item(0))
        #expect(analysis.itemOrCode(at: at(209.5, 119.5)) == .item(0))
        #expect(analysis.itemOrCode(at: at(210, 110)) == nil)
        #expect(analysis.itemOrCode(at: at(100, 120)) == nil)
        #expect(analysis.itemOrCode(at: at(30, 110)) == nil)
    }

    @Test("an item over two lines is hit on its lines only, not between them or beside them")
    func twoLineItem() {
        #expect(analysis.itemOrCode(at: at(130, 15)) == .item(1))
        #expect(analysis.itemOrCode(at: at(20, 45)) == .item(1))
        // Inside the union of the two lines but on neither: "wide", the gap, "cafe".
        #expect(analysis.itemOrCode(at: at(90, 20)) == nil)
        #expect(analysis.itemOrCode(at: at(100, 35)) == nil)
        #expect(analysis.itemOrCode(at: at(140, 50)) == nil)
        #expect(analysis.items[1].lineRects.count == 2 && analysis.items[0].lineRects == [analysis.items[0].bounds!])
        #expect(analysis.items[2].lineRects == [analysis.codes[0].bounds])
    }

    @Test("an offer underlines every line of every item and outlines codes, only with detectors")
    func underlinesPerLine() throws {
        let automatic = try #require(InteractionOffer(analysis: analysis, types: [.automatic], allowDataDetectorsInTextMode: false))
        let marks = automatic.detectorBounds(in: analysis)
        #expect(marks.items == [analysis.items[0].bounds!] + analysis.items[1].lines!)
        #expect(marks.codes == [analysis.codes[0].bounds])
        let text = try #require(InteractionOffer(analysis: analysis, types: [.textSelection], allowDataDetectorsInTextMode: false))
        #expect(text.detectorBounds(in: analysis).items.isEmpty && text.textBounds(in: analysis).count == 5)
    }

    @Test("a point on a code finds the code, not the item read from its payload")
    func codeHits() {
        #expect(analysis.itemOrCode(at: at(450, 100)) == .code(0))
        #expect(analysis.itemOrCode(at: at(529, 179)) == .code(0))
        #expect(analysis.itemOrCode(at: at(530, 179)) == nil)
    }

    @Test("an item's actions are its own; a code's include those of the items in its payload")
    func actionsForSubjects() {
        #expect(analysis.actions(for: .item(0)).map(\.id) == ["call-phone-0", "copy-phone-0"])
        #expect(analysis.actions(for: .code(0)).map(\.id) == ["open-link-0", "copy-code-0"])
        #expect(analysis.actions(for: .item(1)).isEmpty)
        #expect(analysis.actions(for: .text).map(\.id) == ["copy-text", "lookup-text"])
        #expect(analysis.actions(for: .code(7)).isEmpty)
    }

    @Test("chips are the first-class actions without look-up and translate")
    func chips() throws {
        let automatic = try #require(InteractionOffer(analysis: analysis, types: [.automatic], allowDataDetectorsInTextMode: false))
        #expect(automatic.chipActions.map(\.id) == ["copy-code-0", "call-phone-0", "open-link-0", "copy-text", "copy-phone-0"])
        let text = try #require(InteractionOffer(analysis: analysis, types: [.textSelection], allowDataDetectorsInTextMode: true))
        #expect(text.chipActions.map(\.id) == ["copy-text"])
        #expect(Set(text.secondary.map(\.id)) == ["copy-code-0", "call-phone-0", "open-link-0", "copy-phone-0"])
    }
}
