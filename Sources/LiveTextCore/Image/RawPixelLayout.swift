/// The byte layouts accepted for raw pixel buffers (screen captures, memfds).
public enum RawPixelFormat: String, Sendable, CaseIterable {
    case rgba8 = "RGBA8"
    case bgra8 = "BGRA8"
    case rgbx8 = "RGBX8"
    case bgrx8 = "BGRX8"
    case xrgb8 = "XRGB8"
    case argb8 = "ARGB8"
    case rgb8 = "RGB8"
    case bgr8 = "BGR8"
    case gray8 = "GRAY8"

    public var bytesPerPixel: Int {
        switch self {
        case .gray8: 1
        case .rgb8, .bgr8: 3
        default: 4
        }
    }

    /// Byte offsets of red, green, blue and alpha (nil: no alpha) inside one pixel.
    var channelOffsets: (r: Int, g: Int, b: Int, a: Int?) {
        switch self {
        case .rgba8: (0, 1, 2, 3)
        case .bgra8: (2, 1, 0, 3)
        case .rgbx8: (0, 1, 2, nil)
        case .bgrx8: (2, 1, 0, nil)
        case .xrgb8: (1, 2, 3, nil)
        case .argb8: (1, 2, 3, 0)
        case .rgb8: (0, 1, 2, nil)
        case .bgr8: (2, 1, 0, nil)
        case .gray8: (0, 0, 0, nil)
        }
    }

    /// Parses a format name, case-insensitively ("bgrx8", "RGBA8", ...).
    public init?(name: String) {
        self.init(rawValue: name.uppercased())
    }
}

extension PixelImage {
    /// Imports a raw buffer with any row stride, compositing alpha over white.
    ///
    /// Throws `invalidImage` when the sizes do not fit the buffer and `tooLarge` past `maxPixels`.
    public init(raw buffer: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int,
                format: RawPixelFormat, maxPixels: Int = ImageLimits.defaultMaxPixels) throws {
        guard width > 0, height > 0 else {
            throw LiveTextError(.invalidImage, "image is \(width)×\(height) pixels: nothing to analyze")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw LiveTextError.tooLarge(width: width, height: height, limit: maxPixels)
        }
        let minStride = width * format.bytesPerPixel
        guard stride >= minStride else {
            throw LiveTextError(.invalidImage,
                                "stride \(stride) is smaller than a row of \(width) \(format.rawValue) pixels (\(minStride) bytes)")
        }
        let (needed, overflow2) = stride.multipliedReportingOverflow(by: height - 1)
        guard !overflow2, needed + minStride <= buffer.count else {
            throw LiveTextError(.invalidImage,
                                "\(buffer.count) bytes cannot hold \(width)×\(height) pixels with stride \(stride)")
        }
        if format == .gray8 {
            var out = [UInt8](repeating: 0, count: pixels)
            out.withUnsafeMutableBytes { dst in
                for y in 0..<height {
                    dst.baseAddress!.advanced(by: y * width)
                        .copyMemory(from: buffer.baseAddress!.advanced(by: y * stride), byteCount: width)
                }
            }
            self.init(width: width, height: height, format: .gray8, pixels: out)
            return
        }
        let (ro, go, bo, ao) = format.channelOffsets
        let bpp = format.bytesPerPixel
        let out = [UInt8](unsafeUninitializedCapacity: pixels * 4) { dst, initialized in
            for y in 0..<height {
                let row = y * stride
                for x in 0..<width {
                    let p = row + x * bpp
                    var r = Int(buffer[p + ro]), g = Int(buffer[p + go]), b = Int(buffer[p + bo])
                    if let ao {
                        let a = Int(buffer[p + ao])
                        if a != 255 {  // over white
                            r = (r * a + 255 * (255 - a) + 127) / 255
                            g = (g * a + 255 * (255 - a) + 127) / 255
                            b = (b * a + 255 * (255 - a) + 127) / 255
                        }
                    }
                    let o = (y * width + x) * 4
                    dst[o] = UInt8(r); dst[o + 1] = UInt8(g); dst[o + 2] = UInt8(b); dst[o + 3] = 255
                }
            }
            initialized = pixels * 4
        }
        self.init(width: width, height: height, format: .rgba8, pixels: out)
    }
}
