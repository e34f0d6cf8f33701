import Testing
@testable import LiveTextCore

@Suite("raw pixel buffers")
struct RawPixelTests {
    @Test("BGRA with padding in the stride imports as RGBA, alpha over white")
    func bgraWithStride() throws {
        // 2x2 pixels, stride 12 (4 bytes of padding a row).
        let bytes: [UInt8] = [
            0, 0, 255, 255, /* red opaque */ 255, 0, 0, 255, /* blue opaque */ 9, 9, 9, 9,
            0, 0, 0, 0, /* transparent */ 0, 0, 0, 128, /* half black */ 9, 9, 9, 9,
        ]
        let image = try bytes.withUnsafeBytes {
            try PixelImage(raw: $0, width: 2, height: 2, stride: 12, format: .bgra8)
        }
        #expect(image.format == .rgba8)
        #expect(Array(image.pixels[0..<4]) == [255, 0, 0, 255])
        #expect(Array(image.pixels[4..<8]) == [0, 0, 255, 255])
        #expect(Array(image.pixels[8..<12]) == [255, 255, 255, 255])
        #expect(image.pixels[12] == 127)
    }

    @Test("gray buffers keep their bytes")
    func gray() throws {
        let bytes: [UInt8] = [1, 2, 3, 0, 4, 5, 6, 0]
        let image = try bytes.withUnsafeBytes { try PixelImage(raw: $0, width: 3, height: 2, stride: 4, format: .gray8) }
        #expect(image.pixels == [1, 2, 3, 4, 5, 6])
    }

    @Test("sizes that do not fit the buffer are invalid", arguments: [
        (4, 4, 16, 60), // one byte short
        (4, 4, 8, 256), // stride below a row
        (0, 4, 16, 64), // empty
    ])
    func mismatch(width: Int, height: Int, stride: Int, count: Int) {
        let bytes = [UInt8](repeating: 0, count: count)
        #expect(throws: LiveTextError.self) {
            try bytes.withUnsafeBytes { try PixelImage(raw: $0, width: width, height: height, stride: stride, format: .rgbx8) }
        }
    }

    @Test("format names parse case-insensitively")
    func names() {
        #expect(RawPixelFormat(name: "bgrx8") == .bgrx8)
        #expect(RawPixelFormat(name: "YUV") == nil)
    }

    @Test("luminance weighs green most")
    func luminance() {
        let image = PixelImage(width: 3, height: 1, format: .rgba8, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255])
        #expect(image.luminance().pixels == [76, 150, 29])
    }
}
