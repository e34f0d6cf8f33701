import FontRendering
import LiveTextCore
import Testing
@testable import LiveTextPreview

@Suite struct CanvasTests {
    let white = PreviewFixtures.plain(width: 40, height: 30, 255, 255, 255)

    @Test func fillBlendsStraightAlphaAndStaysClipped() {
        var canvas = PreviewCanvas(white)
        canvas.fill(Bounds(x: -5, y: -5, width: 10, height: 10), RGBAColor(0, 0, 0, alpha: 128))
        #expect(canvas.color(x: 0, y: 0) == RGBAColor(127, 127, 127))
        #expect(canvas.color(x: 4, y: 4) == RGBAColor(127, 127, 127))
        #expect(canvas.color(x: 5, y: 5) == RGBAColor(255, 255, 255))
        canvas.clip = Bounds(x: 20, y: 0, width: 10, height: 30)
        canvas.fill(Bounds(x: 0, y: 10, width: 40, height: 1), RGBAColor(255, 0, 0))
        #expect(canvas.color(x: 19, y: 10) == RGBAColor(255, 255, 255))
        #expect(canvas.color(x: 20, y: 10) == RGBAColor(255, 0, 0))
        #expect(canvas.color(x: 30, y: 10) == RGBAColor(255, 255, 255))
        // Drawing wholly outside the canvas does nothing and does not trap.
        canvas.clip = Bounds(x: 0, y: 0, width: 40, height: 30)
        canvas.fill(Bounds(x: 100, y: 100, width: 5, height: 5), RGBAColor(0, 0, 0))
        canvas.fillRoundedRect(Bounds(x: -50, y: -50, width: 20, height: 20), radius: 4, RGBAColor(0, 0, 0))
    }

    @Test func roundedRectIsAntialiasedAndRounded() {
        var canvas = PreviewCanvas(white)
        let rect = Bounds(x: 5, y: 5, width: 30, height: 20)
        canvas.fillRoundedRect(rect, radius: 8, RGBAColor(0, 0, 0))
        // The corner pixel is outside the rounding, the middle is solid, an edge pixel is solid.
        #expect(canvas.color(x: 5, y: 5) == RGBAColor(255, 255, 255))
        #expect(canvas.color(x: 20, y: 15) == RGBAColor(0, 0, 0))
        #expect(canvas.color(x: 20, y: 5) == RGBAColor(0, 0, 0))
        // Somewhere along the curve there is partial coverage.
        let curve = (5..<13).flatMap { y in (5..<13).map { canvas.color(x: $0, y: y).red } }
        #expect(curve.contains { $0 > 0 && $0 < 255 })
        // Nothing outside the rectangle.
        for y in 0..<30 { for x in 0..<40 where !rect.contains(x: x, y: y) {
            #expect(canvas.color(x: x, y: y) == RGBAColor(255, 255, 255))
        } }
    }

    @Test func strokeStaysInsideTheRectangle() {
        var canvas = PreviewCanvas(white)
        let rect = Bounds(x: 5, y: 5, width: 30, height: 20)
        canvas.strokeRoundedRect(rect, radius: 3, lineWidth: 2, RGBAColor(0, 0, 0))
        #expect(canvas.color(x: 20, y: 5) == RGBAColor(0, 0, 0))
        #expect(canvas.color(x: 20, y: 6) == RGBAColor(0, 0, 0))
        #expect(canvas.color(x: 20, y: 7) == RGBAColor(255, 255, 255))
        #expect(canvas.color(x: 20, y: 15) == RGBAColor(255, 255, 255))
        #expect(canvas.color(x: 20, y: 4) == RGBAColor(255, 255, 255))
        #expect(canvas.color(x: 20, y: 25) == RGBAColor(255, 255, 255))
    }

    @Test func maskBlendsByCoverage() {
        var canvas = PreviewCanvas(white)
        let mask = CoverageMask(width: 2, height: 1, baseline: 1, pixels: [255, 0])
        canvas.blend(mask, x: 3, y: 3, RGBAColor(0, 0, 255))
        #expect(canvas.color(x: 3, y: 3) == RGBAColor(0, 0, 255))
        #expect(canvas.color(x: 4, y: 3) == RGBAColor(255, 255, 255))
        canvas.horizontalLine(x: 0, y: 29, length: 40, thickness: 2, RGBAColor(0, 255, 0))
        #expect(canvas.color(x: 39, y: 29) == RGBAColor(0, 255, 0))
    }
}

@Suite struct ScalerTests {
    @Test func fitsKeepingAspectAndNeverEnlarges() {
        let wide = PreviewScaler.fit(PreviewFixtures.gradient(width: 1920, height: 1080), maxWidth: 480, maxHeight: 320)
        #expect((wide.image.width, wide.image.height) == (480, 270))
        #expect(wide.image.format == .rgba8)
        let tall = PreviewScaler.fit(PreviewFixtures.gradient(width: 100, height: 1000), maxWidth: 480, maxHeight: 320)
        #expect((tall.image.width, tall.image.height) == (32, 320))
        let small = PreviewScaler.fit(PreviewFixtures.gradient(width: 20, height: 10), maxWidth: 480, maxHeight: 320)
        #expect((small.image.width, small.image.height) == (20, 10))
        #expect(small.scaleX == 1 && small.scaleY == 1)
        // A gray capture at 1x becomes rgba with the same values.
        #expect(small.image.pixels[4 * 13] == 13 && small.image.pixels[4 * 13 + 2] == 13 && small.image.pixels[4 * 13 + 3] == 255)
        let sliver = PreviewScaler.fit(PreviewFixtures.gradient(width: 5000, height: 3), maxWidth: 480, maxHeight: 320)
        #expect((sliver.image.width, sliver.image.height) == (480, 1))
    }

    @Test func downscalingAveragesTheWholeArea() {
        // A one-pixel checkerboard must become even grey, not black or white as sampling would.
        let w = 960, h = 640
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w where (x + y) % 2 == 0 { pixels[y * w + x] = 255 } }
        let scaled = PreviewScaler.fit(PixelImage(width: w, height: h, format: .gray8, pixels: pixels),
                                       maxWidth: 480, maxHeight: 320)
        #expect((scaled.image.width, scaled.image.height) == (480, 320))
        let reds = stride(from: 0, to: scaled.image.pixels.count, by: 4).map { scaled.image.pixels[$0] }
        #expect(reds.allSatisfy { $0 == 127 || $0 == 128 })
    }

    @Test func boundsMapWithTheImage() {
        let scaled = PreviewScaler.fit(PreviewFixtures.gradient(width: 1920, height: 1080), maxWidth: 480, maxHeight: 320)
        #expect(scaled.map(Bounds(x: 960, y: 540, width: 192, height: 108)) == Bounds(x: 240, y: 135, width: 48, height: 27))
        // Partial pixels round outwards; anything past the capture is clamped.
        #expect(scaled.map(Bounds(x: 1, y: 1, width: 2, height: 2)) == Bounds(x: 0, y: 0, width: 1, height: 1))
        #expect(scaled.map(Bounds(x: 1900, y: 1000, width: 500, height: 500)) == Bounds(x: 475, y: 250, width: 5, height: 20))
    }
}
