import Testing
@testable import LiveTextCore

@Suite("the regions text lines are read from")
struct LineRegionsTests {
    /// A white page with ink filling `boxes`.
    static func page(width: Int = 400, height: Int = 100, ink boxes: [Bounds]) -> PixelImage {
        var image = PixelImage(width: width, height: height, gray: 255)
        for box in boxes {
            for y in box.y..<box.maxY {
                for x in box.x..<box.maxX { image.pixels[y * width + x] = 0 }
            }
        }
        return image
    }

    @Test("a gap wider than 1.25 line heights splits a line; word spaces do not")
    func piecesAtWideGaps() {
        let line = Bounds(x: 10, y: 10, width: 300, height: 20)
        // Words 6 px apart, then a 40 px gap (a table column), then one more word.
        let image = Self.page(ink: [Bounds(x: 10, y: 12, width: 50, height: 16), Bounds(x: 66, y: 12, width: 60, height: 16),
                                    Bounds(x: 166, y: 12, width: 144, height: 16)])
        #expect(LineRegions.pieces(of: line, in: image) == [10..<126, 166..<310])
        // 24 px (1.2 line heights) is still one piece.
        let near = Self.page(ink: [Bounds(x: 10, y: 12, width: 50, height: 16), Bounds(x: 84, y: 12, width: 60, height: 16)])
        #expect(LineRegions.pieces(of: Bounds(x: 10, y: 10, width: 134, height: 20), in: near) == [10..<144])
    }

    @Test("a line without ink is read whole")
    func noInk() {
        let line = Bounds(x: 10, y: 10, width: 100, height: 20)
        #expect(LineRegions.pieces(of: line, in: Self.page(ink: [])) == [10..<110])
    }

    @Test("margins add white around a line but stop at the lines above and below, and at the page")
    func margins() {
        let lines = [Bounds(x: 0, y: 2, width: 200, height: 20), Bounds(x: 0, y: 24, width: 200, height: 20),
                     Bounds(x: 0, y: 70, width: 200, height: 20)]
        let image = Self.page(ink: lines)
        let regions = LineRegions.regions(of: lines, in: image)
        #expect(regions.map(\.count) == [1, 1, 1])
        let (first, second, third) = (regions[0][0], regions[1][0], regions[2][0])
        #expect(first.y == 0 && first.maxY == 24, "clipped by the page above, by the next line below")
        #expect(second.y == 22 && second.maxY == 48, "clipped above, a 4 px margin below: \(second)")
        #expect(third.y == 66 && third.maxY == 94)
        #expect(first.x == 0 && first.width == 205, "a 5 px margin right of the ink, none left of the page")
    }
}
