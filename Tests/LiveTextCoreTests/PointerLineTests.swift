import Testing
@testable import LiveTextCore

@Suite("the line under the pointer found from the pixels")
struct PointerLineTests {
    /// Three lines of "words" (runs of glyph bars 12 px tall, 4 px between bars in a word, 12
    /// between words) on white: at y 20, 50 and 80; the middle one has a word far out to the
    /// right, beyond a gap wider than a line is tall, and one 500 px away, beyond the window.
    static func page() -> Canvas {
        var canvas = Canvas(width: 900, height: 120, fill: (255, 255, 255))
        for y in [20, 50, 80] {
            for word in 0..<6 { canvas.glyphRow(x: 40 + word * 42, y: y, count: 6, height: 12, color: (20, 20, 20)) }
        }
        canvas.glyphRow(x: 400, y: 50, count: 6, height: 12, color: (20, 20, 20))
        return canvas
    }

    @Test("the pointer on a word: its line's rows, and every word out to the wide gaps either side")
    func onAWord() throws {
        let line = try #require(PointerLine.line(at: (x: 130, y: 55), in: Self.page().image))
        // Rows 50..<62 with a 3-px margin; columns 40 (first bar) to 276 (last bar of the sixth word).
        #expect(line == Bounds(x: 37, y: 47, width: 277 - 40 + 6, height: 18))
    }

    @Test("between two lines, the nearer one; within 24 rows of one, that one; farther from any ink, none")
    func betweenLines() {
        let image = Self.page().image
        #expect(PointerLine.line(at: (x: 130, y: 64), in: image)?.y == 47)
        #expect(PointerLine.line(at: (x: 130, y: 73), in: image)?.y == 77)
        #expect(PointerLine.line(at: (x: 130, y: 5), in: image)?.y == 17)
        #expect(PointerLine.line(at: (x: 130, y: 119), in: image) == nil)
        #expect(PointerLine.line(at: (x: 700, y: 55), in: image) == nil)
    }

    @Test("light text on a dark background is found the same way; a tall picture is not a line")
    func darkAndPictures() {
        var dark = Canvas(width: 400, height: 100, fill: (30, 30, 40))
        dark.glyphRow(x: 50, y: 40, count: 10, height: 12, color: (230, 230, 230))
        #expect(PointerLine.line(at: (x: 60, y: 45), in: dark.image) == Bounds(x: 47, y: 37, width: 53, height: 18))
        var picture = Canvas(width: 400, height: 300, fill: (255, 255, 255))
        picture.fillRect(Bounds(x: 100, y: 20, width: 150, height: 250), (0, 0, 0))
        #expect(PointerLine.line(at: (x: 150, y: 150), in: picture.image) == nil)
    }

    @Test("just below a dark panel's last line, over the white below it: the panel's edge is not a line, the line above is")
    func belowAPanel() {
        var screen = Canvas(width: 400, height: 200, fill: (255, 255, 255))
        screen.fillRect(Bounds(x: 0, y: 0, width: 400, height: 110), (30, 30, 35))
        screen.glyphRow(x: 40, y: 80, count: 8, height: 12, color: (220, 220, 220))
        #expect(PointerLine.line(at: (x: 60, y: 104), in: screen.image) == Bounds(x: 37, y: 77, width: 37 + 6, height: 18))
    }

    @Test("a point off the image or an empty image: none")
    func outside() {
        #expect(PointerLine.line(at: (x: -1, y: 5), in: Self.page().image) == nil)
        #expect(PointerLine.line(at: (x: 0, y: 0), in: PixelImage(width: 0, height: 0, gray: 255)) == nil)
    }
}
