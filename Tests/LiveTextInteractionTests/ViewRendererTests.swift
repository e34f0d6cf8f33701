import LiveTextCore
@testable import LiveTextInteraction
import Testing

/// The viewer's pixels: the image through the transform, nearest neighbour, the backdrop around it.
@Suite("image viewer rendering")
struct ViewRendererTests {
    /// 2×2: red, green / blue, white.
    static let image = PixelImage(width: 2, height: 2, format: .rgba8,
                                  pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
    static let outside: [UInt8] = [9, 9, 9, 255]

    static func pixel(_ image: PixelImage, _ x: Int, _ y: Int) -> [UInt8] {
        let at = (y * image.width + x) * 4
        return Array(image.pixels[at..<at + 4])
    }

    @Test("zoomed 2× in a 6×4 view: each source pixel covers 2×2 view pixels, centred, the backdrop beside it")
    func zoomed() {
        var view = ViewTransform(imageWidth: 2, imageHeight: 2, viewWidth: 6, viewHeight: 4)
        view.zoom(to: 2, about: PixelPoint(x: 3, y: 2))
        #expect(view.origin == PixelPoint(x: 1, y: 0))
        let out = ViewRenderer.render(Self.image, through: view, area: Bounds(x: 0, y: 0, width: 6, height: 4), outside: Self.outside)
        #expect(Self.pixel(out, 0, 0) == Self.outside && Self.pixel(out, 5, 3) == Self.outside)
        #expect(Self.pixel(out, 1, 0) == [255, 0, 0, 255] && Self.pixel(out, 2, 1) == [255, 0, 0, 255])
        #expect(Self.pixel(out, 3, 1) == [0, 255, 0, 255] && Self.pixel(out, 4, 0) == [0, 255, 0, 255])
        #expect(Self.pixel(out, 1, 2) == [0, 0, 255, 255] && Self.pixel(out, 2, 3) == [0, 0, 255, 255])
        #expect(Self.pixel(out, 4, 3) == [255, 255, 255, 255])
    }

    @Test("a part of the view, and a picture placed in image pixels: only its own pixels, transparent elsewhere")
    func partAndOffset() {
        var view = ViewTransform(imageWidth: 10, imageHeight: 10, viewWidth: 10, viewHeight: 10)
        view.zoom(to: 2, about: PixelPoint(x: 0, y: 0))
        // The 2×2 picture at image (1, 1) covers view (2…5, 2…5).
        let out = ViewRenderer.render(Self.image, atX: 1, y: 1, through: view, area: Bounds(x: 2, y: 2, width: 5, height: 4),
                                      outside: [0, 0, 0, 0])
        #expect(out.width == 5 && out.height == 4)
        #expect(Self.pixel(out, 0, 0) == [255, 0, 0, 255])
        #expect(Self.pixel(out, 3, 3) == [255, 255, 255, 255])
        #expect(Self.pixel(out, 4, 0) == [0, 0, 0, 0])
    }

    @Test("gray images are expanded to rgba")
    func gray() {
        let rgba = ViewRenderer.rgba(PixelImage(width: 1, height: 2, format: .gray8, pixels: [7, 200]))
        #expect(rgba.format == .rgba8 && rgba.pixels == [7, 7, 7, 255, 200, 200, 200, 255])
    }
}
