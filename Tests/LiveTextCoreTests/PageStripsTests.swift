import Testing
@testable import LiveTextCore

@Suite("large pages read in strips")
struct PageStripsTests {
    /// A white page with a 10-row line of ink every 20 rows, except where `gaps` leave it blank.
    static func page(height: Int, blankFrom gaps: [Range<Int>] = []) -> PixelImage {
        var image = PixelImage(width: 50, height: height, gray: 255)
        for y in 0..<height where y % 20 < 10 && !gaps.contains(where: { $0.contains(y) }) {
            for x in 5..<45 { image.pixels[y * 50 + x] = 0 }
        }
        return image
    }

    @Test("cuts fall between lines of text, never through one")
    func cutsBetweenLines() {
        let image = Self.page(height: 2000)
        let strips = PageStrips.strips(of: image, maximumStrips: 2, minimumHeight: 600)
        #expect(strips.count == 2)
        #expect(strips.first?.lowerBound == 0 && strips.last?.upperBound == 2000)
        let cut = strips[0].upperBound
        #expect(cut % 20 >= 10, "row \(cut) holds ink")
        #expect(abs(cut - 1000) <= 20)
    }

    @Test("small pages, or pages without a blank row near the middle, stay whole")
    func noCut() {
        #expect(PageStrips.strips(of: Self.page(height: 1000), maximumStrips: 2, minimumHeight: 600) == [0..<1000])
        var solid = PixelImage(width: 50, height: 2000, gray: 0)
        solid.pixels[0] = 255
        #expect(PageStrips.strips(of: solid, maximumStrips: 4, minimumHeight: 600) == [0..<2000])
    }

    @Test("a column cut by the strip boundary is one block again")
    func joinAcrossCut() {
        func block(_ x: Int, _ ys: [Int]) -> RecognizedBlock {
            let lines = ys.map { y in
                RecognizedLine(bounds: Bounds(x: x, y: y, width: 300, height: 12),
                               words: [RecognizedWord(text: "w\(y)", bounds: Bounds(x: x, y: y, width: 30, height: 12), confidence: 90)])
            }
            return RecognizedBlock(bounds: lines.map(\.bounds).union, lines: lines)
        }
        let top = RecognizedPage(blocks: [block(0, [960, 980]), block(400, [960, 980])])
        let bottom = RecognizedPage(blocks: [block(0, [1005, 1025]), block(400, [1005, 1025]), block(0, [1300])])
        let page = PageStrips.joined([(0, top), (1000, bottom)])
        #expect(page.blocks.count == 3)
        #expect(page.blocks[0].lines.map(\.words[0].text) == ["w960", "w980", "w1005", "w1025"])
        #expect(page.blocks[1].lines.map(\.words[0].text) == ["w960", "w980", "w1005", "w1025"])
        #expect(page.blocks[2].bounds.y == 1300)
    }
}
