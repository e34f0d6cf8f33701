import LiveTextCore
import LiveTextInteraction
import Testing
@testable import LiveTextPreview

@Suite struct RendererTests {
    let renderer = PreviewRenderer()
    let controls = PreviewContent(chips: ["Call +1 555 0100", "Open apple.com", "Copy"], liveTextButton: true)

    /// Renders `content` over a plain 480×320 capture; returns the preview and the changed pixels.
    func draw(_ content: PreviewContent, insets: EdgeInsets = .zero, font: String = "Sans Bold",
              width: Int = 480, height: Int = 320) -> (RenderedPreview, [(x: Int, y: Int)]) {
        let capture = PreviewFixtures.plain(width: width, height: height)
        let preview = renderer.render(capture, content: content, style: PreviewStyle(insets: insets, fontName: font))
        return (preview, PreviewFixtures.changed(preview.image, capture))
    }

    @Test(arguments: [
        EdgeInsets.zero,
        EdgeInsets(top: 10, left: 20, bottom: 30, right: 40),
        EdgeInsets(top: 0, left: 100, bottom: 120, right: 0),
        EdgeInsets(top: 200, left: 7.6, bottom: 0.4, right: 60),
    ])
    func controlsStayInsideTheContentRect(insets: EdgeInsets) {
        let (preview, changed) = draw(controls, insets: insets)
        let content = Bounds(x: Int(insets.left.rounded()), y: Int(insets.top.rounded()),
                             width: 480 - Int(insets.left.rounded()) - Int(insets.right.rounded()),
                             height: 320 - Int(insets.top.rounded()) - Int(insets.bottom.rounded()))
        #expect(preview.notes.isEmpty)
        #expect(changed.count > 500)
        let outside = changed.filter { !content.contains(x: $0.x, y: $0.y) }
        #expect(outside.isEmpty, "\(outside.count) pixels drawn outside \(content), first \(outside.first.map { "\($0)" } ?? "")")
        // The chips start at the bottom-left, the button sits at the bottom-right.
        let drawn = PreviewFixtures.box(changed)
        #expect(drawn.maxY >= content.maxY - 8 && drawn.maxY <= content.maxY)
        #expect(drawn.x >= content.x && drawn.x <= content.x + 8)
        #expect(drawn.maxX >= content.maxX - 8 && drawn.maxX <= content.maxX)
        // The primary chip is filled with the accent colour near its left end.
        let accent = PreviewFixtures.color(preview.image, x: drawn.x + 3, y: drawn.maxY - 11)
        #expect(accent == Palette.accent)
    }

    @Test func buttonIsARoundedSquareWithAnIcon() {
        let (preview, changed) = draw(PreviewContent(liveTextButton: true))
        let button = PreviewFixtures.box(changed)
        #expect(button.width == InterfaceMetrics.standard.buttonSize && button.height == InterfaceMetrics.standard.buttonSize)
        // Corners rounded: the extreme corner pixel is untouched.
        #expect(!changed.contains { $0.x == button.x && $0.y == button.y })
        // The icon's ink is dark, the rest of the button light.
        let image = preview.image
        let darks = changed.filter { PreviewFixtures.color(image, x: $0.x, y: $0.y).red < 60 }
        let lights = changed.filter { PreviewFixtures.color(image, x: $0.x, y: $0.y).red > 200 }
        #expect(darks.count >= 30)
        #expect(lights.count > darks.count)
    }

    @Test func hiddenDrawsOnlyTheScaledCapture() {
        let capture = PreviewFixtures.gradient(width: 900, height: 700)
        let everything = PreviewContent(textBounds: [Bounds(x: 10, y: 10, width: 300, height: 20)],
                                        itemBounds: [Bounds(x: 10, y: 40, width: 100, height: 20)],
                                        codeBounds: [Bounds(x: 400, y: 300, width: 200, height: 200)],
                                        chips: ["Open"], liveTextButton: true)
        let hidden = renderer.render(capture, content: everything, style: PreviewStyle(hidden: true))
        let scaled = PreviewScaler.fit(capture, maxWidth: 480, maxHeight: 320).image
        #expect(hidden.image.pixels == scaled.pixels)
        #expect((hidden.image.width, hidden.image.height) == (scaled.width, scaled.height))
        #expect(hidden.notes.isEmpty && hidden.fontFallback == nil)
        let shown = renderer.render(capture, content: everything, style: PreviewStyle())
        #expect(shown.image.pixels != scaled.pixels)
    }

    @Test func pointSizeIsIgnored() {
        let (withSize, _) = draw(controls, font: "Sans Bold 30")
        let (plain, _) = draw(controls, font: "Sans Bold")
        let (regular, _) = draw(controls, font: "Sans")
        #expect(withSize.image.pixels == plain.image.pixels)
        // The font itself is used: a different weight draws differently.
        #expect(regular.image.pixels != plain.image.pixels)
    }

    @Test func missingFamilyReportsTheFallback() throws {
        let (preview, changed) = draw(controls, font: "Nonexistent Family Bold 11")
        let message = try #require(preview.fontFallback)
        #expect(message.contains("'Nonexistent Family Bold' is not installed"))
        #expect(message.contains("using '\(try FcMatch.family("Nonexistent Family:bold")) Bold'"))
        #expect(!changed.isEmpty)
        #expect(draw(controls, font: "Sans Bold").0.fontFallback == nil)
    }

    @Test(arguments: [
        EdgeInsets(top: 1000, left: 1000, bottom: 1000, right: 1000),
        EdgeInsets(top: 0, left: 470, bottom: 310, right: 0),
        EdgeInsets(top: 0, left: 0, bottom: 0, right: 5000),
    ])
    func insetsLargerThanTheImageKeepTheInterfaceInside(insets: EdgeInsets) {
        let (preview, changed) = draw(controls, insets: insets, width: 200, height: 100)
        #expect((preview.image.width, preview.image.height) == (200, 100))
        #expect(preview.notes.contains { $0.contains("shrunk") })
        // The whole button is drawn, not a clipped sliver of it.
        let drawn = PreviewFixtures.box(changed)
        #expect(drawn.width >= InterfaceMetrics.standard.buttonSize && drawn.height == InterfaceMetrics.standard.buttonSize)
        #expect(drawn.clamped(width: 200, height: 100) == drawn)
    }

    @Test(arguments: [(20, 10), (1, 1), (30, 21), (22, 22)])
    func tinyCapturesStillRender(size: (Int, Int)) {
        let (preview, changed) = draw(controls, width: size.0, height: size.1)
        #expect((preview.image.width, preview.image.height) == size)
        #expect(preview.image.pixels.count == size.0 * size.1 * 4)
        if size.0 < 22 || size.1 < 22 {
            #expect(changed.isEmpty)
            #expect(preview.notes.contains { $0.contains("smaller than one") })
        } else {
            #expect(!changed.isEmpty)
        }
    }

    @Test func badInsetsAreReportedNotTrapped() {
        let (preview, changed) = draw(controls, insets: EdgeInsets(top: -.infinity, left: .nan, bottom: -20, right: 1e300))
        #expect(preview.notes.contains { $0.contains("count as 0") })
        #expect(!changed.isEmpty)
    }

    @Test func chipsThatDoNotFitAreTruncatedOrDropped() throws {
        let titles = ["Add to Calendar on Tuesday 27 April at 08:30", "Open fernhill-cc.example.org", "Call", "Mail", "Copy"]
        let (preview, changed) = draw(PreviewContent(chips: titles, liveTextButton: true), width: 300, height: 120)
        #expect(preview.notes.contains { $0.contains("do not fit") })
        let drawn = PreviewFixtures.box(changed)
        #expect(drawn.maxX <= 300 - InterfaceMetrics.standard.edgeMargin)

        let font = try TextRasterizerTests.rasterizer("Sans Bold", pixelHeight: InterfaceMetrics.standard.fontPixelHeight)
        let measure = { (text: String) in font.measure(text).width }
        let layout = InterfaceLayout(width: 300, height: 120, interface: SupplementaryInterface(),
                                     chipTitles: titles, liveTextButton: true, measure: measure)
        let button = try #require(layout.button)
        #expect(layout.chips.first?.title.hasSuffix("…") == true)
        #expect(layout.chips.first?.primary == true)
        for (chip, next) in zip(layout.chips, layout.chips.dropFirst()) { #expect(chip.frame.maxX < next.frame.x) }
        for chip in layout.chips {
            #expect(chip.frame.maxX < button.x)
            #expect(measure(chip.title) <= chip.frame.width - 2 * InterfaceMetrics.standard.chipPadding)
        }
    }

    @Test func marksFollowTheScaledBounds() {
        let capture = PreviewFixtures.plain(width: 960, height: 640, 255, 255, 255)
        let content = PreviewContent(textBounds: [Bounds(x: 100, y: 100, width: 400, height: 40)],
                                     itemBounds: [Bounds(x: 100, y: 300, width: 200, height: 40)],
                                     codeBounds: [Bounds(x: 600, y: 200, width: 200, height: 200)])
        let image = renderer.render(capture, content: content, style: PreviewStyle()).image
        #expect((image.width, image.height) == (480, 320))
        let white = RGBAColor(255, 255, 255)
        func at(_ x: Int, _ y: Int) -> RGBAColor { PreviewFixtures.color(image, x: x, y: y) }
        // Text line → [50, 50, 200, 20]: tinted inside, not outside.
        #expect(at(150, 60) != white && at(150, 60).blue > at(150, 60).red)
        #expect(at(150, 45) == white && at(260, 60) == white)
        // Item → [50, 150, 100, 20]: a 2 px line under it, nothing over it.
        #expect(at(100, 170) != white && at(100, 171) != white && at(100, 172) == white)
        #expect(at(100, 160) == white)
        // Code → [300, 100, 100, 100]: outlined, hollow.
        #expect(at(350, 100) != white && at(350, 101) != white)
        #expect(at(350, 150) == white && at(350, 98) == white)
    }
}
