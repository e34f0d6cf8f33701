import Testing
@testable import LiveTextCore

@Suite("a line cut by the edge of a selection")
struct CutLinesTests {
    static func line(y: Int, height: Int, confidence: Double, _ text: String = "ls -l config") -> TextLine {
        TextLine(words: text.split(separator: " ").enumerated().map { index, word in
            TextWord(text: String(word), bounds: Bounds(x: 10 + index * 60, y: y, width: 50, height: height), confidence: confidence)
        })
    }

    @Test("low, unsure and at the top or bottom edge: left out; whole lines and sure ones stay")
    func dropped() {
        let page = [TextBlock(lines: [Self.line(y: 0, height: 9, confidence: 40, "rele 1 moria"),
                                      Self.line(y: 20, height: 12, confidence: 90)]),
                    TextBlock(lines: [Self.line(y: 40, height: 12, confidence: 90),
                                      Self.line(y: 60, height: 12, confidence: 88),
                                      Self.line(y: 91, height: 9, confidence: 29, "etatft J79NA")])]
        let kept = CutLines.dropped(from: page, imageHeight: 100)
        #expect(kept.flatMap(\.lines).map(\.bounds.y) == [20, 40, 60])
        // Cut below the baseline only: read surely, kept.
        let sure = [TextBlock(lines: [Self.line(y: 20, height: 12, confidence: 90), Self.line(y: 89, height: 10, confidence: 86)])]
        #expect(CutLines.dropped(from: sure, imageHeight: 100).flatMap(\.lines).count == 2)
        // A line as high as the others at the edge (a tight selection): kept.
        let tight = [TextBlock(lines: [Self.line(y: 0, height: 12, confidence: 60), Self.line(y: 20, height: 12, confidence: 90)])]
        #expect(CutLines.dropped(from: tight, imageHeight: 100).flatMap(\.lines).count == 2)
        // One line alone is never dropped.
        let alone = [TextBlock(lines: [Self.line(y: 0, height: 9, confidence: 40)])]
        #expect(CutLines.dropped(from: alone, imageHeight: 9).count == 1)
    }

    @Test("in a crop of three lines, two cut, the whole one is the measure: the line cut at the top goes")
    func measuredAgainstWholeLines() {
        // xterm, Liberation Mono 14 px, a 40-px crop: the prompt line cut above (12 px, read as
        // `roovtm@pulld-v/:/Srvsreleases#`), one whole line (15 px), one cut below (10 px).
        let crop = [TextBlock(lines: [Self.line(y: 0, height: 12, confidence: 33, "roovtm@pulld grep"),
                                      Self.line(y: 13, height: 15, confidence: 81, "../src/publish.sh:41:# TODO(release):"),
                                      Self.line(y: 30, height: 10, confidence: 53, "/eore/sian nackanes")])]
        let kept = CutLines.dropped(from: crop, imageHeight: 40)
        #expect(kept.flatMap(\.lines).map(\.bounds.y) == [13])
    }
}
