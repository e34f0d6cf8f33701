import CX11
import LiveTextCore

/// How the pixels of a ZPixmap image of a TrueColor visual are laid out in memory.
struct XPixelLayout: Hashable {
    var bitsPerPixel: Int
    var bytesPerLine: Int
    /// The image's byte order is MSBFirst (big-endian pixels).
    var mostSignificantFirst: Bool
    var redMask: UInt32
    var greenMask: UInt32
    var blueMask: UInt32

    /// The layout of `image`, with the masks of the visual it was read from.
    init(image: UnsafePointer<XImage>, visual: UnsafePointer<Visual>) {
        bitsPerPixel = Int(image.pointee.bits_per_pixel)
        bytesPerLine = Int(image.pointee.bytes_per_line)
        mostSignificantFirst = image.pointee.byte_order == MSBFirst
        redMask = UInt32(truncatingIfNeeded: visual.pointee.red_mask)
        greenMask = UInt32(truncatingIfNeeded: visual.pointee.green_mask)
        blueMask = UInt32(truncatingIfNeeded: visual.pointee.blue_mask)
    }

    init(bitsPerPixel: Int, bytesPerLine: Int, mostSignificantFirst: Bool,
         redMask: UInt32, greenMask: UInt32, blueMask: UInt32) {
        self.bitsPerPixel = bitsPerPixel
        self.bytesPerLine = bytesPerLine
        self.mostSignificantFirst = mostSignificantFirst
        self.redMask = redMask
        self.greenMask = greenMask
        self.blueMask = blueMask
    }
}

/// Turns the raw bytes of a TrueColor image into rgba8.
///
/// A channel value `v` of `n` bits becomes `v * 255 / (2ⁿ - 1)`, rounded: 8-bit channels pass
/// unchanged, narrower ones (RGB565) span the whole 0...255, wider ones (10 bits) are rounded down
/// to 8.
enum XImagePixels {
    static func rgba(from data: UnsafeRawPointer, width: Int, height: Int, layout: XPixelLayout) throws -> PixelImage {
        guard [8, 16, 24, 32].contains(layout.bitsPerPixel) else {
            throw LiveTextError(.unavailable, "the screen uses \(layout.bitsPerPixel) bits per pixel, which capture does not support")
        }
        guard layout.bytesPerLine >= width * layout.bitsPerPixel / 8 else {
            throw LiveTextError(.failed, "the X server returned a malformed image (\(layout.bytesPerLine) bytes a row for \(width) pixels)")
        }
        let channels = try [layout.redMask, layout.greenMask, layout.blueMask].map(ChannelTable.init(mask:))
        let count = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 {
                let out = UnsafeMutableRawPointer(buffer.baseAddress!)
                switch layout.bitsPerPixel {
                case 32: convert32(data, out, width, height, layout, channels)
                case 24: convert24(data, out, width, height, layout, channels)
                default: convertThroughTable(data, out, width, height, layout, channels)
                }
            }
            initialized = count
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
    }

    /// 32 bits a pixel: a byte shuffle for the usual 8-bit-channel layouts, tables otherwise.
    private static func convert32(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ width: Int, _ height: Int,
                                  _ layout: XPixelLayout, _ channels: [ChannelTable]) {
        let msb = layout.mostSignificantFirst
        let bgrx = layout.redMask == 0xff_0000 && layout.greenMask == 0xff00 && layout.blueMask == 0xff
        let rgbx = layout.redMask == 0xff && layout.greenMask == 0xff00 && layout.blueMask == 0xff_0000
        for row in 0..<height {
            let line = src + row * layout.bytesPerLine, out = dst + row * width * 4
            if bgrx || rgbx {
                for x in 0..<width {
                    let raw = line.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let p = msb ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
                    // Memory order R, G, B, A is the little-endian value A<<24 | B<<16 | G<<8 | R.
                    let q = bgrx ? (p >> 16 & 0xff) | (p & 0xff00) | (p & 0xff) << 16 : p & 0xff_ffff
                    out.storeBytes(of: (q | 0xff00_0000).littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
            } else {
                for x in 0..<width {
                    let raw = line.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    store(msb ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw), channels, out + x * 4)
                }
            }
        }
    }

    /// 24 bits a pixel, packed: three bytes in the image's byte order.
    private static func convert24(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ width: Int, _ height: Int,
                                  _ layout: XPixelLayout, _ channels: [ChannelTable]) {
        let msb = layout.mostSignificantFirst
        for row in 0..<height {
            let line = src.assumingMemoryBound(to: UInt8.self) + row * layout.bytesPerLine
            let out = dst + row * width * 4
            for x in 0..<width {
                let b0 = UInt32(line[3 * x]), b1 = UInt32(line[3 * x + 1]), b2 = UInt32(line[3 * x + 2])
                store(msb ? b0 << 16 | b1 << 8 | b2 : b2 << 16 | b1 << 8 | b0, channels, out + x * 4)
            }
        }
    }

    /// 8 or 16 bits a pixel: one lookup in a table of every possible pixel value.
    private static func convertThroughTable(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ width: Int, _ height: Int,
                                            _ layout: XPixelLayout, _ channels: [ChannelTable]) {
        let values = 1 << layout.bitsPerPixel
        var table = [UInt32](repeating: 0, count: values)
        for pixel in 0..<values {
            withUnsafeMutableBytes(of: &table[pixel]) { store(UInt32(pixel), channels, $0.baseAddress!) }
        }
        let msb = layout.mostSignificantFirst, sixteen = layout.bitsPerPixel == 16
        table.withUnsafeBufferPointer { table in
            for row in 0..<height {
                let line = src + row * layout.bytesPerLine, out = dst + row * width * 4
                for x in 0..<width {
                    let pixel: Int
                    if sixteen {
                        let raw = line.loadUnaligned(fromByteOffset: x * 2, as: UInt16.self)
                        pixel = Int(msb ? UInt16(bigEndian: raw) : UInt16(littleEndian: raw))
                    } else {
                        pixel = Int(line.load(fromByteOffset: x, as: UInt8.self))
                    }
                    out.storeBytes(of: table[pixel], toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
    }

    @inline(__always)
    private static func store(_ pixel: UInt32, _ channels: [ChannelTable], _ out: UnsafeMutableRawPointer) {
        out.storeBytes(of: channels[0].value(pixel), toByteOffset: 0, as: UInt8.self)
        out.storeBytes(of: channels[1].value(pixel), toByteOffset: 1, as: UInt8.self)
        out.storeBytes(of: channels[2].value(pixel), toByteOffset: 2, as: UInt8.self)
        out.storeBytes(of: 255, toByteOffset: 3, as: UInt8.self)
    }
}

/// One colour channel: where its bits are and what 8-bit value each of its values stands for.
struct ChannelTable {
    let mask: UInt32
    let shift: UInt32
    let levels: [UInt8]

    init(mask: UInt32) throws {
        let bits = mask.nonzeroBitCount
        shift = UInt32(mask.trailingZeroBitCount)
        guard bits > 0, bits <= 16, mask >> shift == (1 << UInt32(bits)) - 1 else {
            throw LiveTextError(.unavailable, "the screen's visual has a colour mask 0x\(String(mask, radix: 16)) that capture does not support")
        }
        self.mask = mask
        let top = (1 << bits) - 1
        levels = (0...top).map { UInt8(($0 * 255 + top / 2) / top) }
    }

    @inline(__always)
    func value(_ pixel: UInt32) -> UInt8 {
        levels.withUnsafeBufferPointer { $0[Int((pixel & mask) >> shift)] }
    }
}
