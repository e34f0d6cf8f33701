import LiveTextCore
import Testing

@Suite("content regions: windows read apart")
struct ContentRegionsTests {
    /// A window on the left, one on the right, and a dialog over both (topmost first).
    static let regions = ContentRegions([Bounds(x: 300, y: 100, width: 200, height: 100),
                                         Bounds(x: 0, y: 0, width: 400, height: 600),
                                         Bounds(x: 400, y: 0, width: 400, height: 600)])

    @Test("a point belongs to the topmost rectangle holding it; outside all, to the desktop")
    func parts() {
        #expect(Self.regions.part(atX: 350, y: 150) == 0)
        #expect(Self.regions.part(atX: 350, y: 50) == 1)
        #expect(Self.regions.part(atX: 450, y: 250) == 2)
        #expect(Self.regions.part(atX: 900, y: 10) == 3)
        #expect(Self.regions.readingOrder == [1, 0, 2, 3])
    }

    @Test("a line is cut where it passes from one part into another, along its middle row")
    func pieces() {
        let line = Bounds(x: 100, y: 40, width: 600, height: 16)
        #expect(Self.regions.pieces(of: line).map { [$0.bounds.x, $0.bounds.maxX, $0.part] } == [[100, 400, 1], [400, 700, 2]])
        // Through the dialog: left window, dialog, right window.
        let through = Bounds(x: 100, y: 140, width: 600, height: 16)
        #expect(Self.regions.pieces(of: through).map { [$0.bounds.x, $0.bounds.maxX, $0.part] }
                == [[100, 300, 1], [300, 500, 0], [500, 700, 2]])
        // Inside one window: whole.
        let inside = Bounds(x: 10, y: 300, width: 200, height: 16)
        #expect(Self.regions.pieces(of: inside).map(\.bounds) == [inside])
        #expect(ContentRegions().pieces(of: line).map(\.bounds) == [line])
    }

    @Test("a block across two windows becomes a block each, its words going with their piece")
    func splitting() {
        let word = { (text: String, x: Int) in RecognizedWord(text: text, bounds: Bounds(x: x, y: 40, width: 50, height: 16), confidence: 90) }
        let lines = [RecognizedLine(bounds: Bounds(x: 100, y: 40, width: 600, height: 16), words: [word("left", 120), word("right", 600)]),
                     RecognizedLine(bounds: Bounds(x: 100, y: 60, width: 200, height: 16), words: [])]
        let page = RecognizedPage(blocks: [RecognizedBlock(bounds: Bounds(x: 100, y: 40, width: 600, height: 36), lines: lines)])
        let split = Self.regions.splitting(page)
        #expect(split.blocks.count == 2)
        #expect(split.blocks[0].lines.map(\.bounds) == [Bounds(x: 100, y: 40, width: 300, height: 16), lines[1].bounds])
        #expect(split.blocks[0].lines[0].words.map(\.text) == ["left"])
        #expect(split.blocks[1].lines.map(\.words).flatMap { $0 }.map(\.text) == ["right"])
        #expect(split.blocks[1].bounds == Bounds(x: 400, y: 40, width: 300, height: 16))
        // Nothing to cut: the page as it was.
        #expect(ContentRegions().splitting(page) == page)
        let inOne = RecognizedPage(blocks: [RecognizedBlock(bounds: lines[1].bounds, lines: [lines[1]])])
        #expect(Self.regions.splitting(inOne) == inOne)
    }
}
