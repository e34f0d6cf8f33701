import Testing
@testable import LiveTextCore

/// A label its toolkit wrapped over several lines but published as one line in its widget's box
/// (a Qt label's name): shared out among the OCR lines in that box, never taken twice.
@Suite("a wrapped label fused with OCR")
struct TextFusionWrappedTests {
    static func ocrLine(_ text: String, y: Int) -> TextLine {
        var x = 20
        return TextLine(words: text.split(separator: " ").map { word in
            defer { x += word.count * 8 + 6 }
            return TextWord(text: String(word), bounds: Bounds(x: x, y: y, width: word.count * 8, height: 16), confidence: 80)
        })
    }

    static let label = "The quick brown fox jumps over the lazy dog near 0O1lI the river bank, twice over."
    static let widget = Bounds(x: 16, y: 26, width: 720, height: 44)
    static let published = PublishedLine(text: label, bounds: widget, geometryTrusted: false, boxIsWidget: true, group: 3)

    @Test("each OCR line in the label's box takes the published words it reads like; the rest stays OCR's")
    func sharedOut() {
        let blocks = [TextBlock(lines: [Self.ocrLine("The quick brown fox jumps over the lazy dog near OO1II", y: 30),
                                        Self.ocrLine("the rivcr bank, twice ovcr.", y: 50)]),
                      TextBlock(lines: [Self.ocrLine("Drawn text 42", y: 100)])]
        let outcome = TextFusion.fused(blocks, accepted: [], unchecked: [Self.published])
        let lines = outcome.blocks.flatMap(\.lines)
        #expect(lines.map(\.text) == ["The quick brown fox jumps over the lazy dog near 0O1lI",
                                      "the river bank, twice over.", "Drawn text 42"])
        #expect(lines.map(\.source) == [.accessibility, .accessibility, .ocr])
        #expect(lines[0].bounds.y == 30 && lines[1].bounds.y == 50)
        #expect(outcome.moved == 1 && outcome.dropped == 0)
    }

    @Test("lines in the box that do not read like the label together are not shared out")
    func unlikeLinesKept() {
        let blocks = [TextBlock(lines: [Self.ocrLine("Settings for the printer", y: 30),
                                        Self.ocrLine("Paper size A4, two sided", y: 50)])]
        let wrapped = TextFusion.wrapped(Self.published, among: blocks.flatMap(\.lines), excluding: [])
        #expect(wrapped == nil)
        let outcome = TextFusion.fused(blocks, accepted: [], unchecked: [Self.published])
        #expect(outcome.blocks.flatMap(\.lines).map(\.text) == ["Settings for the printer", "Paper size A4, two sided"])
    }

    @Test("a line whose box is not its widget's is matched as one line, as before")
    func onlyWidgetBoxes() {
        var line = Self.published
        line.boxIsWidget = false
        let lines = [Self.ocrLine("The quick brown fox jumps over the lazy dog near OO1II", y: 30),
                     Self.ocrLine("the rivcr bank, twice ovcr.", y: 50)]
        #expect(TextFusion.wrapped(line, among: lines, excluding: []) == nil)
    }
}
