import CLeptonica
import Foundation
import LiveTextCore

/// Decodes PNG, JPEG, TIFF, BMP, PNM, GIF, WebP and JPEG 2000 with leptonica (whichever of
/// those its build links), checking the header's size before any pixel is decoded.
public struct LeptonicaImageDecoder: ImageDecoder {
    public init() {
        LeptonicaImageDecoder.silence
    }

    /// Leptonica prints its own errors to stderr; ours say it better, once.
    private static let silence: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    public func decode(_ data: Data, limits: ImageLimits) throws -> PixelImage {
        guard !data.isEmpty else { throw LiveTextError(.invalidImage, "empty input: no image data") }
        return try data.withUnsafeBytes { raw -> PixelImage in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else { throw LiveTextError(.invalidImage, "empty input: no image data") }
            let format = try ImageFormat.sniff(bytes)
            guard let (width, height) = Self.headerSize(base, bytes.count) else {
                throw LiveTextError(.invalidImage, "not a readable \(format.name) image (bad header)")
            }
            try limits.check(width: Int(width), height: Int(height))
            try format.checkComplete(bytes)

            var warnings: Int32 = 0
            var (pix, messages) = LibraryMessages.capture { () -> UnsafeMutablePointer<PIX>? in
                // Leptonica accepts a truncated JPEG with a warning, filling the rest with grey.
                format == .jpeg ? pixReadMemJpeg(base, bytes.count, 0, 1, &warnings, 0) : pixReadMem(base, bytes.count)
            }
            let damage = LibraryMessages.damage(in: messages) ?? (warnings > 0 ? messages.first ?? "warnings" : nil)
            if pix != nil, let damage {
                pixDestroy(&pix)
                throw LiveTextError(.invalidImage, "truncated or corrupt \(format.name) image (\(damage))")
            }
            guard pix != nil else {
                let detail = messages.first.map { " (\($0))" } ?? ""
                throw LiveTextError(.invalidImage, "truncated or corrupt \(format.name) image\(detail)")
            }
            defer { pixDestroy(&pix) }
            guard pixGetWidth(pix) == width, pixGetHeight(pix) == height else {
                throw LiveTextError(.invalidImage, "corrupt \(format.name) image (size changed while decoding)")
            }
            return try Self.pixels(of: pix!)
        }
    }

    /// The width and height the header at the start of `data` gives (the rest of the image may be
    /// missing), or nil when it is not the header of an image leptonica reads.
    public static func headerSize(of data: Data) -> (width: Int, height: Int)? {
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return headerSize(base, raw.count).map { (Int($0.width), Int($0.height)) }
        }
    }

    private static func headerSize(_ base: UnsafePointer<UInt8>, _ count: Int) -> (width: Int32, height: Int32)? {
        var lepFormat: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        var bps: Int32 = 0, spp: Int32 = 0, colormap: Int32 = 0
        // Header parsing runs libjpeg and libtiff too, which print their own complaints.
        let (status, _) = LibraryMessages.capture {
            pixReadHeaderMem(base, count, &lepFormat, &width, &height, &bps, &spp, &colormap)
        }
        return status == 0 ? (width, height) : nil
    }

    public func checkStart(_ start: Data) throws {
        _ = try start.withUnsafeBytes { try ImageFormat.sniff($0.bindMemory(to: UInt8.self)) }
    }

    /// Copies a PIX of any depth into RGBA8, compositing alpha over white.
    static func pixels(of source: UnsafeMutablePointer<PIX>) throws -> PixelImage {
        var flattened: UnsafeMutablePointer<PIX>? = pixGetSpp(source) == 4
            ? pixAlphaBlendUniform(source, 0xffff_ff00) : pixClone(source)
        defer { pixDestroy(&flattened) }
        var rgb = flattened.flatMap { pixConvertTo32($0) }
        defer { pixDestroy(&rgb) }
        guard let rgbPix = rgb, let words = pixGetData(rgbPix) else {
            throw LiveTextError(.invalidImage, "unsupported pixel layout")
        }
        let width = Int(pixGetWidth(rgbPix)), height = Int(pixGetHeight(rgbPix))
        let wpl = Int(pixGetWpl(rgbPix))
        let out = [UInt8](unsafeUninitializedCapacity: width * height * 4) { dst, initialized in
            for y in 0..<height {
                let row = words.advanced(by: y * wpl)
                for x in 0..<width {
                    // Leptonica keeps RGBA in a native 32-bit word, red in the high byte.
                    let word = row[x]
                    let o = (y * width + x) * 4
                    dst[o] = UInt8(truncatingIfNeeded: word >> 24)
                    dst[o + 1] = UInt8(truncatingIfNeeded: word >> 16)
                    dst[o + 2] = UInt8(truncatingIfNeeded: word >> 8)
                    dst[o + 3] = 255
                }
            }
            initialized = width * height * 4
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: out)
    }
}
