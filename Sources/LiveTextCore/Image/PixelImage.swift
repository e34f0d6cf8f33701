/// Pixels in memory, in one of the two layouts the analyzer works with.
public enum PixelFormat: Sendable, Hashable {
    /// One byte a pixel, 0 black to 255 white.
    case gray8
    /// Four bytes a pixel in the order R, G, B, A; alpha already composited (always 255).
    case rgba8

    public var bytesPerPixel: Int {
        switch self {
        case .gray8: 1
        case .rgba8: 4
        }
    }
}

/// A decoded image: tightly packed rows, top row first.
public struct PixelImage: Sendable {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public internal(set) var pixels: [UInt8]

    public var bytesPerRow: Int { width * format.bytesPerPixel }
    public var pixelCount: Int { width * height }

    /// Wraps packed pixels. The buffer must hold exactly `width * height * bytesPerPixel` bytes.
    public init(width: Int, height: Int, format: PixelFormat, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative image size")
        precondition(pixels.count == width * height * format.bytesPerPixel,
                     "pixel buffer does not match \(width)x\(height) \(format)")
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }

    /// A uniform image, handy for padding and tests.
    public init(width: Int, height: Int, gray value: UInt8) {
        self.init(width: width, height: height, format: .gray8,
                  pixels: [UInt8](repeating: value, count: width * height))
    }

    /// The luminance (ITU-R BT.601 weights) of every pixel; the image itself when it is gray.
    public func luminance() -> PixelImage {
        guard format == .rgba8 else { return self }
        let count = pixelCount
        let gray = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            pixels.withUnsafeBufferPointer { src in
                for i in 0..<count {
                    let r = UInt32(src[4 * i]), g = UInt32(src[4 * i + 1]), b = UInt32(src[4 * i + 2])
                    // 0.299, 0.587, 0.114 in 16-bit fixed point.
                    out[i] = UInt8((19595 * r + 38470 * g + 7471 * b + 32768) >> 16)
                }
            }
            initialized = count
        }
        return PixelImage(width: width, height: height, format: .gray8, pixels: gray)
    }
}
