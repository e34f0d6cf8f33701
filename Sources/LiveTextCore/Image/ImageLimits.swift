/// Limits applied to every input before its pixels are decoded.
public struct ImageLimits: Sendable, Hashable {
    /// Around 100 megapixels: a 10k×10k image, far above any screen.
    public static let defaultMaxPixels = 100_000_000
    /// The smallest side that can hold a character or a code.
    public static let minimumSide = 3

    public var maxPixels: Int

    public init(maxPixels: Int = ImageLimits.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }

    /// The most encoded bytes an image within the limit can take, read before any is decoded:
    /// four bytes a pixel (an uncompressed 32-bit BMP or TIFF, the largest common encodings; PNG
    /// and JPEG are far smaller) and 16 MiB for headers and metadata (EXIF, ICC profiles, text
    /// chunks). 416 MiB at the default limit; a stream past it is refused without reading on.
    public var maxEncodedBytes: Int {
        let slack = 16 << 20
        let (pixels, overflow) = maxPixels.multipliedReportingOverflow(by: 4)
        guard !overflow, pixels <= .max - slack else { return .max }
        return pixels + slack
    }

    /// Checks dimensions (from a header, before decoding) against the limits.
    public func check(width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            throw LiveTextError(.invalidImage, "image is \(width)×\(height) pixels: nothing to analyze")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw LiveTextError.tooLarge(width: width, height: height, limit: maxPixels)
        }
        guard width >= Self.minimumSide, height >= Self.minimumSide else {
            throw LiveTextError(.invalidImage,
                                "image is \(width)×\(height) pixels: too small to hold text or codes")
        }
    }
}
