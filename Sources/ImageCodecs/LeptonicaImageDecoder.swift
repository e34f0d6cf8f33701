import CLeptonica
import Foundation
import LiveTextCore

/// Decodes PNG, JPEG, TIFF, BMP, PNM, GIF, WebP and JPEG 2000 with leptonica (whichever of
/// those its build links), once `ImageProbe` has judged the bytes: no library sees a file whose
/// size, frames, pages or scans are over the limits.
///
/// In this process: what the libraries print is captured around each decode with fd 2 taken
/// for the whole process (`LibraryMessages`), so decodes here are one at a time. Decodes for a
/// caller go to worker processes instead (`LiveTextEngines.DecodeWorkers`), one decode each.
public struct LeptonicaImageDecoder: ImageDecoder {
    public init() {
        LeptonicaImageDecoder.silence
    }

    /// Leptonica prints its own errors to stderr; ours say it better, once.
    private static let silence: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    public func decode(_ data: Data, limits: ImageLimits) throws -> PixelImage {
        try withRGBA(data, limits: limits) { width, height, rgba in
            PixelImage(width: width, height: height, format: .rgba8, pixels: [UInt8](rgba))
        }
    }

    /// Decodes `data` and hands `body` its pixels as RGBA (4 bytes a pixel, rows packed, alpha
    /// composited over white and 255) while they live in leptonica's image.
    public func withRGBA<T>(_ data: Data, limits: ImageLimits,
                            _ body: (_ width: Int, _ height: Int, UnsafeRawBufferPointer) throws -> T) throws -> T {
        let probe = try ImageProbe(data, limits: limits)
        return try data.withUnsafeBytes { raw -> T in
            let bytes = raw.bindMemory(to: UInt8.self)
            let format = try ImageFormat.sniff(bytes)
            try format.checkComplete(bytes)
            var source: UnsafeMutablePointer<PIX>? = try Self.read(bytes, format: format, probe: probe)
            guard pixGetWidth(source) == probe.width, pixGetHeight(source) == probe.height else {
                pixDestroy(&source)
                throw LiveTextError(.invalidImage, "corrupt \(format.name) image (size changed while decoding)")
            }
            var rgba = Self.rgba(taking: &source)
            defer { pixDestroy(&rgba) }
            guard let rgba, let words = pixGetData(rgba) else {
                throw LiveTextError(.invalidImage, "unsupported pixel layout")
            }
            return try body(probe.width, probe.height,
                            UnsafeRawBufferPointer(start: words, count: probe.width * probe.height * 4))
        }
    }

    /// Leptonica's image of `bytes` (a GIF up to its first frame's end), or the damage found.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, format: ImageFormat,
                             probe: ImageProbe) throws -> UnsafeMutablePointer<PIX> {
        var warnings: Int32 = 0
        var (pix, messages) = LibraryMessages.capture { () -> UnsafeMutablePointer<PIX>? in
            if let prefix = probe.layout.decodedPrefix {
                // The first frame then the trailer: giflib reads every frame it is given.
                var first = [UInt8](bytes[..<prefix])
                first.append(0x3B)
                return pixReadMem(&first, first.count)
            }
            // Leptonica accepts a truncated JPEG with a warning, filling the rest with grey.
            return format == .jpeg ? pixReadMemJpeg(bytes.baseAddress, bytes.count, 0, 1, &warnings, 0)
                : pixReadMem(bytes.baseAddress, bytes.count)
        }
        let damage = LibraryMessages.damage(in: messages) ?? (warnings > 0 ? messages.first ?? "warnings" : nil)
        if pix != nil, let damage {
            pixDestroy(&pix)
            throw LiveTextError(.invalidImage, "truncated or corrupt \(format.name) image (\(damage))")
        }
        guard let pix else {
            let detail = messages.first.map { " (\($0))" } ?? ""
            throw LiveTextError(.invalidImage, "truncated or corrupt \(format.name) image\(detail)")
        }
        return pix
    }

    /// `source` (destroyed) as a 32-bit image whose bytes are R, G, B, A in memory: alpha
    /// composited over white, then set to 255. Nil when leptonica cannot convert it.
    static func rgba(taking source: inout UnsafeMutablePointer<PIX>?) -> UnsafeMutablePointer<PIX>? {
        var made: UnsafeMutablePointer<PIX>?
        if pixGetSpp(source) == 4 {
            made = pixAlphaBlendUniform(source, 0xffff_ff00)
        } else if pixGetDepth(source) == 32 && pixGetColormap(source) == nil {
            swap(&made, &source)  // already 32-bit: changed in place
        } else {
            made = pixConvertTo32(source)
        }
        pixDestroy(&source)
        guard let made, pixGetDepth(made) == 32 else { return made }
        pixSetComponentArbitrary(made, Int32(L_ALPHA_CHANNEL), 255)
        // Leptonica keeps a pixel in a native 32-bit word, red in the high byte.
        pixEndianByteSwap(made)
        return made
    }

    /// The width and height the header at the start of `data` gives (the rest of the image may be
    /// missing), or nil when it is not the header of an image leptonica reads.
    public static func headerSize(of data: Data) -> (width: Int, height: Int)? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let unlimited = ImageLimits(maxPixels: .max)
            guard let format = try? ImageFormat.sniff(bytes),
                  let layout = try? ImageLayout.of(bytes, format: format, limits: unlimited, walk: .init(sizeOnly: true))
            else { return nil }
            return (layout.width, layout.height)
        }
    }

    public func checkStart(_ start: Data) throws {
        _ = try start.withUnsafeBytes { try ImageFormat.sniff($0.bindMemory(to: UInt8.self)) }
    }
}
