@testable import LiveTextCore
import Testing

@Suite("widgets beside labels are no text")
struct WidgetMarksTests {
    /// A white page of 100×40 with ink where `inked` says, at x, y.
    static func page(_ inked: (Int, Int) -> Bool) -> PixelImage {
        var pixels = [UInt8](repeating: 255, count: 100 * 40)
        for y in 0..<40 { for x in 0..<100 where inked(x, y) { pixels[y * 100 + x] = 40 } }
        return PixelImage(width: 100, height: 40, format: .gray8, pixels: pixels)
    }

    /// Distance from the middle of the 16×16 mark at (4, 10).
    static func radius(_ x: Int, _ y: Int) -> Double {
        let dx = Double(x) + 0.5 - 12, dy = Double(y) + 0.5 - 18
        return (dx * dx + dy * dy).squareRoot()
    }

    static let line = RecognizedLine(bounds: Bounds(x: 4, y: 10, width: 80, height: 16), words: [
        RecognizedWord(text: "©", bounds: Bounds(x: 4, y: 10, width: 16, height: 16), confidence: 91),
        RecognizedWord(text: "List", bounds: Bounds(x: 28, y: 13, width: 24, height: 11), confidence: 95),
        RecognizedWord(text: "view", bounds: Bounds(x: 56, y: 13, width: 28, height: 11), confidence: 95),
    ])

    @Test("a radio button, chosen or not, and a ticked box are left out; their label stays")
    func marks() {
        let ring = Self.page { x, y in (6.6...8).contains(Self.radius(x, y)) || (x >= 28 && y >= 14 && y < 23 && x % 3 == 0) }
        #expect(WidgetMarks.removed(from: Self.line, in: ring)?.words.map(\.text) == ["List", "view"])
        let chosen = Self.page { x, y in (6.6...8).contains(Self.radius(x, y)) || Self.radius(x, y) <= 3.2 }
        #expect(WidgetMarks.removed(from: Self.line, in: chosen)?.words.map(\.text) == ["List", "view"])
        let ticked = Self.page { x, y in x >= 4 && x < 20 && y >= 10 && y < 26 && !(x - 4 == y - 12 && x < 14) }
        #expect(WidgetMarks.removed(from: Self.line, in: ticked)?.words.map(\.text) == ["List", "view"])
    }

    @Test("a © with its c off the middle, one as tall as the text, or one touching it is text")
    func characters() {
        // The ring with a c inside it: ink between the middle and the ring, on the left.
        let copyright = Self.page { x, y in
            (6.6...8).contains(Self.radius(x, y)) || ((3...4.4).contains(Self.radius(x, y)) && x < 13)
        }
        #expect(WidgetMarks.removed(from: Self.line, in: copyright)?.words.count == 3)
        let ring = Self.page { x, y in (6.6...8).contains(Self.radius(x, y)) }
        var small = Self.line
        small.words[0].bounds = Bounds(x: 4, y: 10, width: 12, height: 12)
        #expect(WidgetMarks.removed(from: small, in: ring)?.words.count == 3)
        var touching = Self.line
        touching.words[1].bounds.x = 21
        #expect(WidgetMarks.removed(from: touching, in: ring)?.words.count == 3)
    }
}
