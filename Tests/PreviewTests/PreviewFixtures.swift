import LiveTextCore
@testable import LiveTextPreview

/// Captures and pixel checks shared by the preview tests.
enum PreviewFixtures {
    /// A uniform rgba8 image: every pixel (r, g, b).
    static func plain(width: Int, height: Int, _ r: UInt8 = 90, _ g: UInt8 = 110, _ b: UInt8 = 70) -> PixelImage {
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            for i in 0..<(width * height) {
                buffer[4 * i] = r
                buffer[4 * i + 1] = g
                buffer[4 * i + 2] = b
                buffer[4 * i + 3] = 255
            }
            initialized = width * height * 4
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
    }

    /// A gray8 image with a diagonal gradient, so scaling has something to average.
    static func gradient(width: Int, height: Int) -> PixelImage {
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            for y in 0..<height {
                for x in 0..<width { buffer[y * width + x] = UInt8(truncatingIfNeeded: x + y) }
            }
            initialized = width * height
        }
        return PixelImage(width: width, height: height, format: .gray8, pixels: pixels)
    }

    /// The pixels where `a` and `b` (same size, rgba8) differ.
    static func changed(_ a: PixelImage, _ b: PixelImage) -> [(x: Int, y: Int)] {
        precondition(a.width == b.width && a.height == b.height && a.format == b.format)
        var points = [(x: Int, y: Int)]()
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for i in 0..<a.pixelCount {
                    let o = 4 * i
                    if pa[o] != pb[o] || pa[o + 1] != pb[o + 1] || pa[o + 2] != pb[o + 2] || pa[o + 3] != pb[o + 3] {
                        points.append((i % a.width, i / a.width))
                    }
                }
            }
        }
        return points
    }

    /// The smallest rectangle holding `points`.
    static func box(_ points: [(x: Int, y: Int)]) -> Bounds {
        points.map { Bounds(x: $0.x, y: $0.y, width: 1, height: 1) }.union
    }

    static func color(_ image: PixelImage, x: Int, y: Int) -> RGBAColor {
        let o = (y * image.width + x) * 4
        return RGBAColor(image.pixels[o], image.pixels[o + 1], image.pixels[o + 2], alpha: image.pixels[o + 3])
    }
}
