import Foundation
import LiveTextCore
import Testing
@testable import LiveTextDetectors

@Suite("an item's rectangle per line")
struct ItemLinesTests {
    /// One word a 10 px character, words 10 px apart; line `row` at y = 30 * row.
    static func line(_ text: String, row: Int, x: Int = 0) -> TextLine {
        var left = x
        return TextLine(words: text.split(separator: " ").map { word in
            defer { left += 10 * word.count + 10 }
            return TextWord(text: String(word), bounds: Bounds(x: left, y: 30 * row, width: 10 * word.count, height: 20),
                            confidence: 90)
        })
    }

    @Test("word locations give one rectangle per line touched, their union the item's bounds")
    func locations() {
        let blocks = [TextBlock(lines: [Self.line("Call 415", row: 0), Self.line("555-0123 now", row: 1, x: 40)]),
                      TextBlock(lines: [Self.line("x@y.org", row: 3)])]
        let locations = WordLocations(blocks)
        // "Call 415\n555-0123 now\n\nx@y.org": "415\n555-0123" is 5..<17.
        let lines = locations.lineBounds(of: 5..<17)
        #expect(lines == [Bounds(x: 50, y: 0, width: 30, height: 20), Bounds(x: 40, y: 30, width: 80, height: 20)])
        #expect(lines.union == locations.bounds(of: 5..<17))
        #expect(locations.lineBounds(of: 0..<4) == [Bounds(x: 0, y: 0, width: 40, height: 20)])
        #expect(locations.lineBounds(of: 21..<23).isEmpty)
        // Across a block break: one rectangle in each block.
        #expect(locations.lineBounds(of: 18..<30).count == 2)
    }

    @Test("a word the item covers only in part gives the share of its characters: no underline under 'April.'s dot or a link's brackets")
    func partWords() {
        let blocks = [TextBlock(lines: [Self.line("on 27 April. See (example.org)", row: 0)])]
        let locations = WordLocations(blocks)
        // "on 27 April. See (example.org)": "27 April" is 3..<11; "April." is 6..<12 at x 60, 60 px wide.
        #expect(locations.bounds(of: 3..<11) == Bounds(x: 30, y: 0, width: 80, height: 20))
        #expect(locations.lineBounds(of: 3..<11) == [Bounds(x: 30, y: 0, width: 80, height: 20)])
        // "(example.org)" is 17..<30 at x 170, 130 px; the link is 18..<29.
        #expect(locations.bounds(of: 18..<29) == Bounds(x: 180, y: 0, width: 110, height: 20))
        // A range inside one word and a whole word are unchanged in kind: whole words keep their box.
        #expect(locations.bounds(of: 0..<2) == Bounds(x: 0, y: 0, width: 20, height: 20))
    }

    @Test("the interpreter sets lines only for an item over several lines; the JSON adds them after bounds")
    func interpreted() throws {
        let blocks = [TextBlock(lines: [Self.line("Visit us at 1 Infinite Loop", row: 0),
                                        Self.line("Cupertino, CA 95014", row: 1),
                                        Self.line("or call (415) 555-0123", row: 2)])]
        var analysis = ImageAnalysis(image: .init(width: 400, height: 100, source: "test"), blocks: blocks)
        let context = DetectionContext(referenceDate: Date(timeIntervalSince1970: 1_790_000_000),
                                       timeZone: TimeZone(identifier: "UTC")!, region: "US")
        AnalysisInterpreter(context: context).interpret(&analysis, only: nil)
        let address = try #require(analysis.items.first { $0.kind == .address })
        let lines = try #require(address.lines)
        #expect(lines.count == 2)
        #expect(lines[0].y == 0 && lines[1].y == 30)
        #expect(lines[0].x == 120 && lines[1].x == 0)
        #expect(lines.union == address.bounds)
        let phone = try #require(analysis.items.first { $0.kind == .phone })
        #expect(phone.lines == nil && phone.bounds?.y == 60)

        let json = analysis.jsonLine()
        // Its quad beside its bounds, a quad a line beside its lines (level text: their rectangles).
        #expect(json.contains(#""bounds":[0,0,270,50],"quad":[[0,0],[270,0],[270,50],[0,50]],"lines":[[120,0,150,20],[0,30,190,20]],"#
            + #""lineQuads":[[[120,0],[270,0],[270,20],[120,20]],[[0,30],[190,30],[190,50],[0,50]]],"source":"text""#))
        #expect(json.components(separatedBy: "\"lines\":[[").count == 2, "only the address has lines")
        let decoded = try JSONDecoder().decode(ImageAnalysis.self, from: Data(json.utf8))
        #expect(decoded.items == analysis.items)
    }

    @Test("the languages the blocks were read in reach the detectors: a German block's national number")
    func blockLanguages() {
        // No word that says "phone" (it would read the number in any language).
        var german = TextBlock(lines: [Self.line("Praxis: (089) 123456", row: 0)])
        german.language = "deu"
        let context = DetectionContext(region: "US")
        var analysis = ImageAnalysis(image: .init(width: 400, height: 100, source: "test"), blocks: [german])
        AnalysisInterpreter(context: context).interpret(&analysis, only: nil)
        #expect(analysis.items.map(\.text) == ["(089) 123456"])
        // The same block read as English: no German number.
        german.language = "eng"
        analysis = ImageAnalysis(image: .init(width: 400, height: 100, source: "test"), blocks: [german])
        AnalysisInterpreter(context: context).interpret(&analysis, only: nil)
        #expect(analysis.items.isEmpty)
    }
}
