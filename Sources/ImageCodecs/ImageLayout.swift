import LiveTextCore

/// What an image's header says about the image a decode makes, and what the decode holds on
/// the way: read from the bytes alone (no library, no pixel), so that a file is judged before
/// any of its pixels is allocated.
struct ImageLayout: Hashable {
    /// The size of the image leptonica makes (a GIF's first frame, a TIFF's first page).
    var width: Int
    var height: Int
    /// Frames of an animation (GIF, WebP) or pages (TIFF); 1 for the others.
    var frames = 1
    /// Bytes the format's library holds while it decodes, beside leptonica's image: libpng's
    /// rows, libjpeg's coefficients of a multi-scan file, giflib's frame, openjpeg's planes.
    var libraryBytes = 0
    /// Bits a pixel of leptonica's image: 1, 2, 4, 8, 16 or 32.
    var pixDepth = 32
    /// Whether it has alpha, composited over white into a new 32-bit image.
    var hasAlpha = false
    /// How many bytes of the file the decoder is given, when not all (a GIF up to the end of its
    /// first frame: leptonica reads every frame and keeps only the first).
    var decodedPrefix: Int?

    /// Stops a walk over frames, pages, chunks or scans once the size is known (for a file's
    /// first bytes only); the counts and costs are then those of what was seen.
    struct Walk {
        var sizeOnly = false
    }

    /// The most frames (GIF, WebP) or pages (TIFF) a file may have: minutes of animation at 30
    /// frames a second. Only the first is decoded, but every one is walked and checked.
    static let maxFrames = 10_000

    /// The layout of `bytes` in `format`, every frame, page and scan checked against `limits`
    /// and the counts above. Throws `tooLarge` and `invalidImage` naming the frame or count.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, format: ImageFormat, limits: ImageLimits,
                   walk: Walk = Walk()) throws -> ImageLayout {
        let view = ByteView(bytes: bytes, format: format.name)
        let layout = switch format {
        case .png: try PNGLayout.read(view, limits: limits, walk: walk)
        case .jpeg: try JPEGLayout.read(view, limits: limits, walk: walk)
        case .gif: try GIFLayout.read(view, limits: limits, walk: walk)
        case .tiff: try TIFFLayout.read(view, limits: limits, walk: walk)
        case .webp: try WebPLayout.read(view, limits: limits, walk: walk)
        case .bmp: try BMPLayout.read(view)
        case .pnm: try PNMLayout.read(view)
        case .jp2: try JP2Layout.read(view, limits: limits)
        }
        try limits.check(width: layout.width, height: layout.height)
        return layout
    }

    /// The bytes a decode holds at its peak, each step after the one before has freed what it no
    /// longer needs: the library's buffers beside leptonica's image, then the image beside its
    /// 32-bit RGBA conversion, then that beside the RGBA handed out.
    var peakBytes: Int {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow else { return .max }
        let rowBytes = (width * pixDepth + 31) / 32 * 4
        let pix = saturating(rowBytes, times: height)
        let rgba = saturating(pixels.partialValue, times: 4)
        let converted = pixDepth != 32 || hasAlpha ? rgba : 0
        let steps = [libraryBytes.addingSaturated(pix), pix.addingSaturated(converted),
                     (converted > 0 ? converted : pix).addingSaturated(rgba)]
        return steps.max() ?? 0
    }
}

func saturating(_ a: Int, times b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
}

extension Int {
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

extension ImageLimits {
    /// Refuses one frame (or page) of a file that is over the pixel limit, naming it: its size
    /// counts where it lies, from the origin of the image to its far corner.
    func checkFrame(_ number: Int, of format: String, left: Int = 0, top: Int = 0, width: Int, height: Int,
                    noun: String = "frame") throws {
        let right = left.addingSaturated(width), bottom = top.addingSaturated(height)
        guard saturating(right, times: bottom) <= maxPixels else {
            let place = left > 0 || top > 0 ? " at \(left),\(top)" : ""
            throw LiveTextError(.tooLarge, "\(noun) \(number) of the \(format) image is \(width)×\(height) pixels\(place), "
                                + "over the limit of \(maxPixels) pixels", remedy: .raisePixelLimit)
        }
    }

    /// Refuses a file with more than `ImageLayout.maxFrames` frames or pages.
    func checkFrameCount(_ count: Int, of format: String, noun: String = "frames") throws {
        guard count <= ImageLayout.maxFrames else {
            throw LiveTextError(.invalidImage, "\(format) image with more than \(ImageLayout.maxFrames) \(noun): "
                                + "refused before decoding")
        }
    }
}
