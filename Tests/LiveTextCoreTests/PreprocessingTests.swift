import Testing
@testable import LiveTextCore

@Suite("screen-text preprocessing")
struct PreprocessingTests {
    /// A light panel with dark glyphs beside a dark panel with light glyphs and a coloured bar.
    static func mixedScreen() -> PixelImage {
        var canvas = Canvas(width: 240, height: 120, fill: (250, 250, 250))
        canvas.fillRect(Bounds(x: 120, y: 0, width: 120, height: 120), (30, 32, 36))
        canvas.fillRect(Bounds(x: 0, y: 90, width: 120, height: 30), (40, 90, 200))
        canvas.glyphRow(x: 10, y: 20, count: 18, height: 9, color: (20, 20, 20))
        canvas.glyphRow(x: 130, y: 20, count: 18, height: 9, color: (225, 225, 225))
        canvas.glyphRow(x: 10, y: 100, count: 18, height: 9, color: (255, 255, 255))
        return canvas.image
    }

    @Test("every panel becomes white and every glyph dark, whatever its polarity")
    func normalizesPolarity() {
        let out = BackgroundNormalizer().normalize(Self.mixedScreen())
        func at(_ x: Int, _ y: Int) -> UInt8 { out.pixels[y * out.width + x] }
        #expect(out.format == .gray8)
        // Backgrounds: light panel, dark panel, blue bar.
        #expect(at(60, 60) >= 240)
        #expect(at(180, 60) >= 240)
        #expect(at(100, 95) >= 240)
        // Glyph centres: dark-on-light, light-on-dark, white-on-blue.
        #expect(at(10, 24) <= 40)
        #expect(at(130, 24) <= 40)
        #expect(at(10, 104) <= 40)
        // The boundary between the panels is not turned into a stroke of ink.
        let boundary = (0..<out.height).filter { at(120, $0) < 128 || at(119, $0) < 128 }
        #expect(boundary.count < 10)
    }

    @Test("the median glyph height is measured from ink components")
    func glyphHeight() {
        var canvas = Canvas(width: 200, height: 60, fill: (255, 255, 255))
        canvas.glyphRow(x: 5, y: 5, count: 30, height: 7, color: (0, 0, 0))
        canvas.glyphRow(x: 5, y: 30, count: 10, height: 12, color: (0, 0, 0))
        canvas.fillRect(Bounds(x: 0, y: 50, width: 200, height: 1), (0, 0, 0)) // a rule: ignored
        let gray = canvas.image.luminance()
        #expect(TextHeightEstimator().medianGlyphHeight(of: gray) == 7)
        #expect(TextHeightEstimator().medianGlyphHeight(of: PixelImage(width: 10, height: 10, gray: 255)) == nil)
    }

    @Test("small text is enlarged, text that reads well is left alone", arguments: [
        (nil, 1.0), (5.0, 3.6), (6.0, 3.0), (8.0, 2.25), (10.5, 18.0 / 10.5), (11.0, 1.0), (14.0, 1.0),
        (2.0, 4.0),
    ] as [(Double?, Double)])
    func scalePolicy(glyph: Double?, expected: Double) {
        #expect(abs(ScreenTextPreprocessor().scaleFactor(forGlyphHeight: glyph) - expected) < 1e-9)
    }

    @Test("prepared bounds map back onto the original pixels")
    func mapping() {
        var canvas = Canvas(width: 100, height: 40, fill: (255, 255, 255))
        canvas.glyphRow(x: 5, y: 5, count: 15, height: 4, color: (0, 0, 0))
        let prepared = ScreenTextPreprocessor().prepare(canvas.image)
        #expect(prepared.glyphHeight == 4)
        #expect(prepared.scale == 4)  // 18 / 4 = 4.5, capped at 4
        #expect(prepared.image.width == 400 + 2 * prepared.padding)
        #expect(prepared.image.height == 160 + 2 * prepared.padding)
        let inPrepared = Bounds(x: prepared.padding + 16, y: prepared.padding + 16, width: 32, height: 16)
        #expect(prepared.originalBounds(of: inPrepared) == Bounds(x: 4, y: 4, width: 8, height: 4))
        // Boxes in the padding are clamped onto the image.
        #expect(prepared.originalBounds(of: Bounds(x: 0, y: 0, width: 12, height: 12)).x == 0)
    }

    @Test("bilinear scaling keeps flat areas flat and sizes right")
    func scaling() {
        let flat = PixelImage(width: 7, height: 3, gray: 77)
        let big = ImageScaler().scale(flat, by: 3)
        #expect(big.width == 21 && big.height == 9)
        #expect(Set(big.pixels) == [77])
        let padded = ImageScaler().pad(flat, margin: 2)
        #expect(padded.width == 11 && padded.pixels[0] == 255 && padded.pixels[2 * 11 + 2] == 77)
    }
}

@Suite("background of small panels")
struct PanelTests {
    @Test("a button's face is background, its label ink")
    func button() {
        var canvas = Canvas(width: 200, height: 60, fill: (30, 30, 34))
        canvas.fillRect(Bounds(x: 120, y: 18, width: 64, height: 24), (50, 120, 240))   // a blue button
        canvas.glyphRow(x: 126, y: 25, count: 10, height: 9, color: (255, 255, 255))
        let out = BackgroundNormalizer().normalize(canvas.image)
        func at(_ x: Int, _ y: Int) -> UInt8 { out.pixels[y * out.width + x] }
        #expect(at(150, 20) >= 200)   // the face, away from the label
        #expect(at(126, 29) <= 60)    // a glyph of the label
        #expect(at(60, 30) >= 240)    // the bar around it
    }
}
