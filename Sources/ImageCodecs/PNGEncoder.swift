import CLeptonica
import Foundation
import LiveTextCore

/// Writes a `PixelImage` as PNG with leptonica: gray8 as 8-bit grey, rgba8 as 8-bit RGB (the
/// alpha of a `PixelImage` is always opaque, so none is stored).
public enum PNGEncoder {
    /// The PNG file for `image`. Throws for an empty image or when leptonica fails.
    public static func encode(_ image: PixelImage) throws -> Data {
        guard image.width > 0, image.height > 0 else {
            throw LiveTextError(.invalidImage, "cannot write a \(image.width)x\(image.height) image as PNG")
        }
        let depth: Int32 = image.format == .gray8 ? 8 : 32
        var created = pixCreate(Int32(image.width), Int32(image.height), depth)
        defer { pixDestroy(&created) }
        guard let pix = created else {
            throw LiveTextError(.failed, "leptonica could not allocate a \(image.width)x\(image.height) image")
        }
        if image.format == .rgba8 { pixSetSpp(pix, 3) }
        guard let words = pixGetData(pix) else { throw LiveTextError(.failed, "leptonica image has no pixel data") }
        let wpl = Int(pixGetWpl(pix))
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let row = words + y * wpl
                switch image.format {
                case .gray8:
                    let line = src.baseAddress! + y * image.width
                    for x in 0..<image.width {
                        // Leptonica packs bytes big-end first inside each native 32-bit word.
                        row[x >> 2] |= UInt32(line[x]) << (24 - 8 * UInt32(x & 3))
                    }
                case .rgba8:
                    let line = src.baseAddress! + y * image.width * 4
                    for x in 0..<image.width {
                        let p = line + 4 * x
                        row[x] = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | 255
                    }
                }
            }
        }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        let (status, messages) = LibraryMessages.capture { pixWriteMemPng(&bytes, &size, pix, 0) }
        defer { if let bytes { lept_free(bytes) } }
        guard status == 0, let bytes, size > 0 else {
            let detail = messages.first.map { " (\($0))" } ?? ""
            throw LiveTextError(.failed, "leptonica could not write the PNG\(detail)")
        }
        return Data(bytes: bytes, count: size)
    }

    /// Writes `image` as PNG to `url`, replacing any file there.
    public static func write(_ image: PixelImage, to url: URL) throws {
        let data = try encode(image)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw LiveTextError(.failed, "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
