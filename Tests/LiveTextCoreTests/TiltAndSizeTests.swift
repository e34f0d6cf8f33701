import Foundation
import Testing
@testable import LiveTextCore

@Suite("tilt and size: quads, the skew estimate, turned pages, large text areas")
struct TiltAndSizeTests {
    /// Glyph boxes of `lines` lines of `perLine` glyphs 12 px high, 9 px apart, lines 30 px apart,
    /// turned by `degrees` about the origin (their bottoms on turned baselines).
    static func glyphs(degrees: Double, lines: Int = 6, perLine: Int = 40) -> [Bounds] {
        let a = degrees * .pi / 180
        var boxes: [Bounds] = []
        for line in 0..<lines {
            for glyph in 0..<perLine {
                let x = 20 + Double(glyph * 9), baseline = 40 + Double(line * 30)
                let bx = x * cos(a) - baseline * sin(a) + 100, by = x * sin(a) + baseline * cos(a) + 100
                boxes.append(Bounds(x: Int(bx.rounded()), y: Int(by.rounded()) - 12, width: 7, height: 12))
            }
        }
        return boxes
    }

    @Test("the tilt of lines 900 px long is found within 0.15° up to 15° either way", arguments: [-15.0, -10.0, -3.0, 2.0, 7.5, 14.0])
    func skew(degrees: Double) throws {
        let found = try #require(SkewEstimator().angle(ofGlyphs: Self.glyphs(degrees: degrees, perLine: 100)))
        #expect(abs(found * 180 / .pi - degrees) <= 0.15, "\(found * 180 / .pi)")
    }

    @Test("level glyphs, tilts under half a degree and too few glyphs give no angle; short lines' tilt within a third of a degree")
    func level() {
        #expect(SkewEstimator().angle(ofGlyphs: Self.glyphs(degrees: 0)) == nil)
        #expect(SkewEstimator().angle(ofGlyphs: Self.glyphs(degrees: 0.2)) == nil)
        #expect(SkewEstimator().angle(ofGlyphs: Array(Self.glyphs(degrees: 5).prefix(8))) == nil)
        let short = SkewEstimator().angle(ofGlyphs: Self.glyphs(degrees: -3, perLine: 40)).map { $0 * 180 / .pi }
        #expect(short.map { abs($0 + 3) <= 0.35 } == true, "\(String(describing: short))")
    }

    @Test("a turned page maps points there and back, and holds the whole original")
    func rotation() {
        let turn = PageRotation(angle: 10 * .pi / 180, originalWidth: 400, originalHeight: 300)
        #expect(turn.width == Int((400 * cos(10 * Double.pi / 180) + 300 * sin(10 * Double.pi / 180)).rounded(.up)))
        for point in [QuadPoint(x: 0, y: 0), QuadPoint(x: 400, y: 0), QuadPoint(x: 123.5, y: 250)] {
            let there = turn.turned(point), back = turn.original(there)
            #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9)
            #expect(there.x >= -1e-9 && there.y >= -1e-9 && there.x <= Double(turn.width) && there.y <= Double(turn.height))
        }
        // A dark dot keeps its place through the turn.
        var image = PixelImage(width: 400, height: 300, gray: 255)
        for y in 100..<104 { for x in 200..<204 { image.pixels[y * 400 + x] = 0 } }
        let turned = turn.turn(image)
        let at = turn.turned(QuadPoint(x: 202, y: 102))
        #expect(turned.pixels[Int(at.y) * turned.width + Int(at.x)] < 64)
        #expect(turned.pixels[0] == 255)
    }

    @Test("a rectangle read on the turned page comes back as its quad, clockwise from the top-left as the text reads, inside its bounds")
    func preparedQuad() {
        let turn = PageRotation(angle: -3 * .pi / 180, originalWidth: 600, originalHeight: 400)
        let prepared = PreparedImage(image: PixelImage(width: 10, height: 10, gray: 255), scaleX: 2, scaleY: 2, padding: 10,
                                     originalWidth: 600, originalHeight: 400, glyphHeight: 10, rotation: turn)
        let rect = Bounds(x: 210, y: 310, width: 400, height: 40)
        let quad = prepared.originalQuad(of: rect)
        #expect(abs(quad.angle + 3 * .pi / 180) < 0.001)
        #expect(quad.topLeft.x < quad.topRight.x && quad.topRight.y < quad.topLeft.y && quad.bottomLeft.y > quad.topLeft.y)
        #expect(prepared.originalBounds(of: rect) == quad.bounds)
        // And the other way: the original's rectangle holding it maps onto the turned page around the rectangle read.
        #expect(prepared.preparedBounds(of: quad.bounds).union(rect) == prepared.preparedBounds(of: quad.bounds))
    }

    @Test("lines and items of tilted words carry the turned rectangle holding them; level ones their bounds' rectangle")
    func enclosing() throws {
        let a = 0.1, c = cos(a), s = sin(a)
        func word(_ u: Double, _ length: Double) -> TextWord {
            let quad = Quad(topLeft: .init(x: u * c, y: u * s), topRight: .init(x: (u + length) * c, y: (u + length) * s),
                            bottomRight: .init(x: (u + length) * c - 10 * s, y: (u + length) * s + 10 * c),
                            bottomLeft: .init(x: u * c - 10 * s, y: u * s + 10 * c)).mapped { .init(x: $0.x + 50, y: $0.y + 50) }
            return TextWord(text: "w", bounds: quad.bounds, confidence: 90, quad: quad.rounded())
        }
        let line = TextLine(words: [word(0, 30), word(40, 20)])
        #expect(abs(line.quad.angle - a) < 0.01)
        #expect(abs(line.quad.topLeft.x - 50) < 0.2 && abs(line.quad.bottomRight.x - (50 + 60 * c - 10 * s)) < 0.2)
        #expect(line.bounds.union(line.quad.bounds) == line.bounds)
        let level = TextLine(words: [TextWord(text: "a", bounds: Bounds(x: 1, y: 2, width: 3, height: 4), confidence: 90),
                                     TextWord(text: "b", bounds: Bounds(x: 9, y: 1, width: 3, height: 4), confidence: 90)])
        #expect(level.quad == Quad(Bounds(x: 1, y: 1, width: 11, height: 5)) && level.quad.isLevel)
        let json = ImageAnalysis(image: .init(width: 20, height: 20, source: "t"), blocks: [TextBlock(lines: [level])]).jsonLine()
        #expect(json.contains(#""bounds":[1,1,11,5],"quad":[[1,1],[12,1],[12,6],[1,6]],"words""#))
    }

    @Test("glyphs far above the engine's size are grouped into lines, each size a pass of its own; the small print none", arguments: [true])
    func largeAreas(_: Bool) {
        func line(x: Int, y: Int, height: Int, count: Int) -> [Bounds] {
            (0..<count).map { Bounds(x: x + $0 * height * 3 / 4, y: y, width: height * 6 / 10, height: height) }
        }
        let boxes = line(x: 100, y: 100, height: 190, count: 10) + line(x: 100, y: 500, height: 80, count: 12)
            + line(x: 100, y: 700, height: 70, count: 9) + line(x: 100, y: 900, height: 20, count: 40)
        let passes = LargeTextAreas().passes(ofGlyphs: boxes, width: 4000, height: 3000)
        #expect(passes.count == 2)
        #expect(passes.map(\.areas.count) == [2, 1])
        #expect(abs(passes[0].scale - 24.0 / 80) < 0.01 && abs(passes[1].scale - 24.0 / 190) < 0.01)
        #expect(passes.flatMap(\.areas).allSatisfy { $0.y < 880 })
        #expect(LargeTextAreas().passes(ofGlyphs: line(x: 10, y: 10, height: 30, count: 50), width: 2000, height: 1000).isEmpty)
    }
}
