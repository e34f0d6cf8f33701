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
        let channels = try ChannelTables(layout)
        let count = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 {
                let out = UnsafeMutableRawPointer(buffer.baseAddress!)
                channels.withLookup { lookup in
                    switch layout.bitsPerPixel {
                    case 32: convert32(data, out, width, height, layout, lookup)
                    case 24: convert24(data, out, width, height, layout, lookup)
                    default: convertThroughTable(data, out, width, height, layout, lookup)
                    }
                }
            }
            initialized = count
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
    }

    /// 32 bits a pixel: a byte shuffle for the usual 8-bit-channel layouts, tables otherwise.
    private static func convert32(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ width: Int, _ height: Int,
                                  _ layout: XPixelLayout, _ lookup: ChannelLookup) {
        let msb = layout.mostSignificantFirst
        let bgrx = layout.redMask == 0xff_0000 && layout.greenMask == 0xff00 && layout.blueMask == 0xff
        let rgbx = layout.redMask == 0xff && layout.greenMask == 0xff00 && layout.blueMask == 0xff_0000
        for row in 0..<height {
            let line = src + row * layout.bytesPerLine, out = dst + row * width * 4
            if bgrx && !msb {
                // The usual X server layout: B, G, R, X in memory.
                for x in 0..<width {
                    let p = UInt32(littleEndian: line.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                    // Memory order R, G, B, A is the little-endian value A<<24 | B<<16 | G<<8 | R.
                    let q = (p >> 16 & 0xff) | (p & 0xff00) | (p & 0xff) << 16 | 0xff00_0000
                    out.storeBytes(of: q.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
            } else if bgrx || rgbx {
                for x in 0..<width {
                    let raw = line.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let p = msb ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
                    let q = bgrx ? (p >> 16 & 0xff) | (p & 0xff00) | (p & 0xff) << 16 : p & 0xff_ffff
                    out.storeBytes(of: (q | 0xff00_0000).littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
            } else {
                for x in 0..<width {
                    let raw = line.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let p = msb ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
                    out.storeBytes(of: lookup.rgba(p).littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
    }

    /// 24 bits a pixel, packed: three bytes in the image's byte order.
    private static func convert24(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ width: Int, _ height: Int,
                                  _ layout: XPixelLayout, _ lookup: ChannelLookup) {
        let msb = layout.mostSignificantFirst
        for row in 0..<height {
            let line = src.assumingMemoryBound(to: UInt8.self) + row * layout.bytesPerLine
            let out = dst + row * width * 4
            for x in 0..<width {
                let b0 = UInt32(line[3 * x]), b1 = UInt32(line[3 * x + 1]), b2 = UInt32(line[3 * x + 2])
                let p = msb ? b0 << 16 | b1 << 8 | b2 : b2 << 16 | b1 << 8 | b0
                out.storeBytes(of: lookup.rgba(p).littleEndian, toByteOffset: x * 4, as: UInt32.self)
            }
        }
    }

    /// 8 or 16 bits a pixel: one lookup in a table of every possible pixel value.
    private static func convertThroughTable(_ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ width: Int, _ height: Int,
                                            _ layout: XPixelLayout, _ lookup: ChannelLookup) {
        let values = 1 << layout.bitsPerPixel
        let table = [UInt32](unsafeUninitializedCapacity: values) { buffer, initialized in
            for pixel in 0..<values { buffer[pixel] = lookup.rgba(UInt32(pixel)).littleEndian }
            initialized = values
        }
        let msb = layout.mostSignificantFirst
        table.withUnsafeBufferPointer { table in
            for row in 0..<height {
                let line = src + row * layout.bytesPerLine, out = dst + row * width * 4
                if layout.bitsPerPixel == 16 {
                    for x in 0..<width {
                        let raw = line.loadUnaligned(fromByteOffset: x * 2, as: UInt16.self)
                        let pixel = Int(msb ? UInt16(bigEndian: raw) : UInt16(littleEndian: raw))
                        out.storeBytes(of: table[pixel], toByteOffset: x * 4, as: UInt32.self)
                    }
                } else {
                    for x in 0..<width {
                        out.storeBytes(of: table[Int(line.load(fromByteOffset: x, as: UInt8.self))], toByteOffset: x * 4, as: UInt32.self)
                    }
                }
            }
        }
    }
}

/// The three colour channels: where their bits are and what 8-bit value each of their values
/// stands for.
struct ChannelTables {
    private let masks: [UInt32]
    private let shifts: [UInt32]
    /// Per channel, the 8-bit value of each of its 2ⁿ values.
    private let levels: [[UInt8]]

    init(_ layout: XPixelLayout) throws {
        var shifts: [UInt32] = [], levels: [[UInt8]] = []
        let masks = [layout.redMask, layout.greenMask, layout.blueMask]
        for mask in masks {
            let bits = mask.nonzeroBitCount, shift = UInt32(mask.trailingZeroBitCount)
            guard bits > 0, bits <= 16, mask >> shift == (1 << UInt32(bits)) - 1 else {
                throw LiveTextError(.unavailable, "the screen's visual has a colour mask 0x\(String(mask, radix: 16)) that capture does not support")
            }
            let top = (1 << bits) - 1
            shifts.append(shift)
            levels.append((0...top).map { UInt8(($0 * 255 + top / 2) / top) })
        }
        self.masks = masks
        self.shifts = shifts
        self.levels = levels
    }

    func withLookup<R>(_ body: (ChannelLookup) -> R) -> R {
        levels[0].withUnsafeBufferPointer { red in
            levels[1].withUnsafeBufferPointer { green in
                levels[2].withUnsafeBufferPointer { blue in
                    body(ChannelLookup(red: red.baseAddress!, green: green.baseAddress!, blue: blue.baseAddress!,
                                       masks: (masks[0], masks[1], masks[2]), shifts: (shifts[0], shifts[1], shifts[2])))
                }
            }
        }
    }
}

/// `ChannelTables` as raw pointers, valid inside `withLookup`: nothing to retain in the pixel loop.
struct ChannelLookup {
    let red: UnsafePointer<UInt8>
    let green: UnsafePointer<UInt8>
    let blue: UnsafePointer<UInt8>
    let masks: (UInt32, UInt32, UInt32)
    let shifts: (UInt32, UInt32, UInt32)

    /// The pixel as R | G << 8 | B << 16 | A << 24 (rgba8 in memory when stored little-endian).
    @inline(__always)
    func rgba(_ pixel: UInt32) -> UInt32 {
        let r = UInt32(red[Int((pixel & masks.0) >> shifts.0)])
        let g = UInt32(green[Int((pixel & masks.1) >> shifts.1)])
        let b = UInt32(blue[Int((pixel & masks.2) >> shifts.2)])
        return r | g << 8 | b << 16 | 0xff00_0000
    }
}
