import LiveTextCore

extension XImagePixels {
    /// Writes `width` × `height` rgba8 pixels (rows of `width * 4` bytes, alpha ignored) into
    /// `destination`, laid out as `layout` says: the inverse of `rgba(from:…)`, for drawing on a
    /// TrueColor screen of 16, 24 or 32 bits a pixel. An 8-bit channel value `v` becomes
    /// `v * (2ⁿ - 1) / 255`, rounded, for a channel of `n` bits.
    static func encode(_ rgba: UnsafeRawPointer, width: Int, height: Int, into destination: UnsafeMutableRawPointer,
                       layout: XPixelLayout) throws {
        guard [16, 24, 32].contains(layout.bitsPerPixel) else {
            throw LiveTextError(.unavailable, "the screen uses \(layout.bitsPerPixel) bits per pixel, which drawing does not support")
        }
        let channels = try ChannelPacking(layout)
        let bytes = layout.bitsPerPixel / 8, msb = layout.mostSignificantFirst
        let bgrx = layout.bitsPerPixel == 32 && !msb && layout.redMask == 0xff_0000 && layout.greenMask == 0xff00
            && layout.blueMask == 0xff
        for row in 0..<height {
            let line = rgba + row * width * 4, out = destination + row * layout.bytesPerLine
            if bgrx {
                // The usual layout: R, G, B, A in memory becomes B, G, R, X.
                for x in 0..<width {
                    let p = UInt32(littleEndian: line.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                    let q = (p >> 16 & 0xff) | (p & 0xff00) | (p & 0xff) << 16
                    out.storeBytes(of: q.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
                continue
            }
            for x in 0..<width {
                let pixel = channels.pack(red: line.load(fromByteOffset: x * 4, as: UInt8.self),
                                          green: line.load(fromByteOffset: x * 4 + 1, as: UInt8.self),
                                          blue: line.load(fromByteOffset: x * 4 + 2, as: UInt8.self))
                for byte in 0..<bytes {
                    let shift = UInt32(msb ? (bytes - 1 - byte) * 8 : byte * 8)
                    out.storeBytes(of: UInt8(truncatingIfNeeded: pixel >> shift), toByteOffset: x * bytes + byte,
                                   as: UInt8.self)
                }
            }
        }
    }
}

/// Where each 8-bit channel goes in a pixel of a TrueColor visual, and what it becomes there.
struct ChannelPacking {
    /// Per channel, the pixel bits of each 8-bit value, already shifted into place.
    private let red: [UInt32]
    private let green: [UInt32]
    private let blue: [UInt32]

    init(_ layout: XPixelLayout) throws {
        func table(_ mask: UInt32) throws -> [UInt32] {
            let bits = mask.nonzeroBitCount, shift = UInt32(mask.trailingZeroBitCount)
            guard bits > 0, bits <= 16, mask >> shift == (1 << UInt32(bits)) - 1 else {
                throw LiveTextError(.unavailable, "the screen's visual has a colour mask 0x\(String(mask, radix: 16)) that drawing does not support")
            }
            let top = (1 << bits) - 1
            return (0..<256).map { UInt32(($0 * top + 127) / 255) << shift }
        }
        red = try table(layout.redMask)
        green = try table(layout.greenMask)
        blue = try table(layout.blueMask)
    }

    @inline(__always)
    func pack(red r: UInt8, green g: UInt8, blue b: UInt8) -> UInt32 {
        red[Int(r)] | green[Int(g)] | blue[Int(b)]
    }
}
