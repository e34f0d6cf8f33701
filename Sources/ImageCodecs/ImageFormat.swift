import LiveTextCore

/// Image formats recognized by their magic bytes, before leptonica sees them.
enum ImageFormat: Sendable, Hashable {
    case png, jpeg, gif, bmp, tiff, pnm, webp, jp2

    var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .pnm: "PNM"
        case .webp: "WebP"
        case .jp2: "JPEG 2000"
        }
    }

    static func sniff(_ b: UnsafeBufferPointer<UInt8>) throws -> ImageFormat {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && prefix.indices.allSatisfy { b[offset + $0] == prefix[$0] }
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("BM".utf8)) { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) { return .jp2 }
        if b.count >= 2, b[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(b[1]) { return .pnm }
        throw LiveTextError(.invalidImage,
                            "not an image, or a format livetext cannot read (PNG, JPEG, TIFF, BMP, PNM, GIF, WebP)")
    }

    /// Cheap structural checks for truncation that the decoders would paper over, beyond what
    /// `ImageLayout` walks (a PNG's chunks to IEND, a GIF's blocks to its trailer, a JPEG's
    /// markers to EOI): a TIFF's strips are not walked there.
    func checkComplete(_ b: UnsafeBufferPointer<UInt8>) throws {
        guard self == .tiff else { return }
        guard let end = TIFFLayout.dataEnd(b) else {
            throw LiveTextError(.invalidImage, "corrupt TIFF image (unreadable directory)")
        }
        if end > b.count { throw LiveTextError(.invalidImage, "truncated TIFF image (pixel data cut short)") }
    }
}
