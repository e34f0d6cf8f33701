import LiveTextCore

/// The pixel layouts KWin's ScreenShot2 writes into its pipe, named in its reply by their number
/// in Qt's `QImage::Format`. KWin sends what its renderer read back: 32-bit formats with or
/// without alpha, premultiplied or not; livetext reads those and refuses the rest by name.
struct QImagePixelFormat: Sendable, Hashable {
    /// The byte layout of one pixel in memory.
    let layout: RawPixelFormat
    /// Colour already multiplied by alpha (Qt's `_Premultiplied` formats).
    let premultiplied: Bool
    /// Qt's name, for messages.
    let name: String

    /// The format numbered `number` in `QImage::Format` (Qt 5 and 6 agree on these), or nil for a
    /// format livetext does not read.
    init?(number: UInt32) {
        // RGB32 and ARGB32 are 0xAARRGGBB words in the host's byte order: B, G, R, A in memory on a
        // little-endian machine. The 8888 formats are bytes in R, G, B, A order on every machine.
        let littleEndian = UInt32(1).littleEndian == 1
        switch number {
        case 4: self.init(littleEndian ? .bgrx8 : .xrgb8, premultiplied: false, name: "RGB32")
        case 5: self.init(littleEndian ? .bgra8 : .argb8, premultiplied: false, name: "ARGB32")
        case 6: self.init(littleEndian ? .bgra8 : .argb8, premultiplied: true, name: "ARGB32_Premultiplied")
        case 16: self.init(.rgbx8, premultiplied: false, name: "RGBX8888")
        case 17: self.init(.rgba8, premultiplied: false, name: "RGBA8888")
        case 18: self.init(.rgba8, premultiplied: true, name: "RGBA8888_Premultiplied")
        default: return nil
        }
    }

    private init(_ layout: RawPixelFormat, premultiplied: Bool, name: String) {
        self.layout = layout
        self.premultiplied = premultiplied
        self.name = name
    }

    /// The names of the formats `init(number:)` reads, for the message that refuses another.
    static let readable = "RGB32, ARGB32, ARGB32_Premultiplied, RGBX8888, RGBA8888, RGBA8888_Premultiplied"

    /// `bytes` (rows of `stride` bytes) as rgba8, translucent pixels put over white as every raw
    /// import does. Premultiplied colour is first divided by its alpha, the straight colour the
    /// import expects.
    func image(from bytes: [UInt8], width: Int, height: Int, stride: Int) throws -> PixelImage {
        var straight = bytes
        if premultiplied { Self.divideByAlpha(&straight, alphaOffset: layout == .bgra8 || layout == .rgba8 ? 3 : 0) }
        return try straight.withUnsafeBytes {
            try PixelImage(raw: $0, width: width, height: height, stride: stride, format: layout)
        }
    }

    /// Undoes premultiplication in place: each colour byte of a pixel with 0 < alpha < 255 becomes
    /// colour × 255 / alpha (rounded, at most 255). Opaque pixels, all of a screen as a rule, stay.
    private static func divideByAlpha(_ bytes: inout [UInt8], alphaOffset: Int) {
        bytes.withUnsafeMutableBufferPointer { pixels in
            var start = 0
            while start + 4 <= pixels.count {
                let alpha = Int(pixels[start + alphaOffset])
                if alpha != 255, alpha != 0 {
                    for channel in 0..<4 where channel != alphaOffset {
                        let colour = Int(pixels[start + channel])
                        pixels[start + channel] = UInt8(min(255, (colour * 255 + alpha / 2) / alpha))
                    }
                }
                start += 4
            }
        }
    }
}
