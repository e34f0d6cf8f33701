import Testing
@testable import LiveTextCore

@Suite("the probe's line kept in partial readings until the page reads over it")
struct ProbeKeepingTests {
    static func block(_ text: String, y: Int, x: Int = 10) -> TextBlock {
        TextBlock(lines: [TextLine(words: [TextWord(text: text, bounds: Bounds(x: x, y: y, width: 10 * text.count, height: 12),
                                                    confidence: 90)])])
    }

    @Test("kept in reading position while no page line lies over it, dropped once one does; no probe changes nothing")
    func keeping() {
        let probe = [Self.block("Call today", y: 60)]
        let above = Self.block("Invoice", y: 10), below = Self.block("Thanks", y: 100)
        #expect(ImageAnalyzer.keeping(probe, in: []).map(\.text) == ["Call today"])
        #expect(ImageAnalyzer.keeping(probe, in: [above, below]).map(\.text) == ["Invoice", "Call today", "Thanks"])
        #expect(ImageAnalyzer.keeping(probe, in: [below]).map(\.text) == ["Call today", "Thanks"])
        // The page's own reading of the line (one piece of it is enough) replaces the probe's.
        let read = Self.block("Call", y: 61, x: 12)
        #expect(ImageAnalyzer.keeping(probe, in: [above, read]).map(\.text) == ["Invoice", "Call"])
        #expect(ImageAnalyzer.keeping([], in: [above, below]).map(\.text) == ["Invoice", "Thanks"])
    }
}
