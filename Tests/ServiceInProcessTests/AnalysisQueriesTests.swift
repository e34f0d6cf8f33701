import DBusKit
import LiveTextCore
@testable import LiveTextService
import Testing

@Suite("questions asked of a finished analysis over D-Bus")
struct AnalysisQueriesTests {
    /// "Visit 1 Main St" over "Springfield" (an address on two lines) and "call 555" to the right.
    static let analysis: ImageAnalysis = {
        func word(_ text: String, _ x: Int, _ y: Int) -> TextWord {
            TextWord(text: text, bounds: Bounds(x: x, y: y, width: 10 * text.count, height: 20), confidence: 90)
        }
        var analysis = ImageAnalysis(image: .init(width: 400, height: 100, source: "test"), blocks: [
            TextBlock(lines: [TextLine(words: [word("Visit", 0, 0), word("1", 60, 0), word("Main", 80, 0), word("St", 130, 0)]),
                              TextLine(words: [word("Springfield", 0, 30)])]),
        ])
        analysis.items = [DetectedItem(kind: .address, text: "1 Main St\nSpringfield", start: 6, end: 27,
                                       bounds: Bounds(x: 0, y: 0, width: 150, height: 50),
                                       lines: [Bounds(x: 60, y: 0, width: 90, height: 20), Bounds(x: 0, y: 30, width: 110, height: 20)])]
        return analysis
    }()

    @Test("ItemAt finds an item on its lines only, not on the words beside it or the gap between")
    func itemAtUsesLines() {
        #expect(AnalysisQueries.item(at: 65, 5, of: Self.analysis)?.kind == .address)
        #expect(AnalysisQueries.item(at: 5, 35, of: Self.analysis)?.kind == .address)
        #expect(AnalysisQueries.item(at: 5, 5, of: Self.analysis) == nil, "\"Visit\" is not the address")
        #expect(AnalysisQueries.item(at: 140, 40, of: Self.analysis) == nil, "right of \"Springfield\"")
        #expect(AnalysisQueries.item(at: 30, 25, of: Self.analysis) == nil, "between the lines")
    }

    @Test("an item's a{sv} carries its lines as a(iiii) when it has them")
    func encodedLines() {
        let fields = DBusEncoding.item(Self.analysis.items[0])
        #expect(fields["lines"] == .array("(iiii)", [.structure([.int32(60), .int32(0), .int32(90), .int32(20)]),
                                                      .structure([.int32(0), .int32(30), .int32(110), .int32(20)])]))
        var oneLine = Self.analysis.items[0]
        oneLine.lines = nil
        #expect(DBusEncoding.item(oneLine)["lines"] == nil && DBusEncoding.item(oneLine)["bounds"] != nil)
    }
}
