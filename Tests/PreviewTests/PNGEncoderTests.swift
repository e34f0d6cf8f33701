import Foundation
import ImageCodecs
import LiveTextCore
import LiveTextPreview
import Testing

@Suite struct PNGEncoderTests {
    let decoder = LeptonicaImageDecoder()

    @Test func rgbaRoundTripsExactly() throws {
        // Every byte value in every channel, on an odd width so rows do not align to words.
        let width = 37, height = 29
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            pixels[4 * i] = UInt8(truncatingIfNeeded: i * 7)
            pixels[4 * i + 1] = UInt8(truncatingIfNeeded: i * 13 + 5)
            pixels[4 * i + 2] = UInt8(truncatingIfNeeded: i)
        }
        let image = PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
        let png = try PNGEncoder.encode(image)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let decoded = try decoder.decode(png, limits: ImageLimits())
        #expect((decoded.width, decoded.height, decoded.format) == (width, height, .rgba8))
        #expect(decoded.pixels == pixels)
    }

    @Test func grayRoundTripsExactly() throws {
        let width = 19, height = 7
        let values = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 * 31) }
        let png = try PNGEncoder.encode(PixelImage(width: width, height: height, format: .gray8, pixels: values))
        let decoded = try decoder.decode(png, limits: ImageLimits())
        #expect(decoded.luminance().pixels == values)
        // Grey comes back with equal channels.
        let p = decoded.pixels
        let unequal = stride(from: 0, to: p.count, by: 4).filter { (i: Int) -> Bool in p[i] != p[i + 1] || p[i] != p[i + 2] }
        #expect(unequal.isEmpty)
    }

    @Test func renderedPreviewRoundTrips() throws {
        let capture = PixelImage(width: 300, height: 200, gray: 200)
        let preview = PreviewRenderer().render(capture, content: PreviewContent(chips: ["Open"], liveTextButton: true),
                                               style: PreviewStyle())
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try PNGEncoder.write(preview.image, to: url)
        let decoded = try decoder.decode(Data(contentsOf: url), limits: ImageLimits())
        #expect(decoded.pixels == preview.image.pixels)
    }

    @Test func emptyImageAndUnwritablePathAreErrors() {
        #expect(throws: LiveTextError.self) { try PNGEncoder.encode(PixelImage(width: 0, height: 0, gray: 0)) }
        #expect(throws: LiveTextError.self) {
            try PNGEncoder.write(PixelImage(width: 2, height: 2, gray: 0), to: URL(fileURLWithPath: "/nonexistent/dir/x.png"))
        }
    }
}
