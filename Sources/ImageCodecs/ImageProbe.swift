import Foundation
import LiveTextCore

/// What an encoded image is and what decoding it will cost, judged from its bytes alone: no
/// library reads them and no pixel is allocated. Every frame of an animation, every page of a
/// TIFF and every scan of a JPEG is walked; a file over the pixel limit anywhere, or with more
/// frames, pages or scans than a sane file has, is refused here, before any decoder sees it.
public struct ImageProbe: Sendable, Hashable {
    /// The format's name ("PNG", "JPEG", "GIF", …).
    public let format: String
    /// The size of the image a decode makes (a GIF's first frame, a TIFF's first page).
    public let width: Int
    public let height: Int
    /// Frames of an animation (GIF, WebP) or pages of a TIFF; 1 for the others.
    public let frames: Int
    /// The most memory a decode of it holds at once, in bytes, beside the encoded bytes the caller
    /// holds: a copy of those for the decoder, the library's own buffers (libpng's rows, libjpeg's
    /// coefficients for a progressive file, giflib's frame, openjpeg's planes), leptonica's image,
    /// its 32-bit conversion and the RGBA handed out, each step counted beside the one before it.
    public let decodedBytes: Int
    /// The bytes of the `PixelImage` the decode returns (RGBA, 4 a pixel): what is still held
    /// once the decode is done.
    public var pixelBytes: Int { width * height * 4 }

    let layout: ImageLayout

    /// Probes `data` against `limits`. Throws `invalidImage` for what is not an image livetext
    /// reads (or is cut short, or has too many frames, pages or scans) and `tooLarge` for an
    /// image, frame or page over `limits.maxPixels`, naming it.
    public init(_ data: Data, limits: ImageLimits) throws {
        guard !data.isEmpty else { throw LiveTextError(.invalidImage, "empty input: no image data") }
        (format, layout) = try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let format = try ImageFormat.sniff(bytes)
            return (format.name, try ImageLayout.of(bytes, format: format, limits: limits))
        }
        width = layout.width
        height = layout.height
        frames = layout.frames
        decodedBytes = data.count.addingSaturated(layout.peakBytes)
    }
}
