import Foundation

/// Hostile images made at test time, small on disk: headers that claim far more than the bytes
/// hold, and valid files that cost far more to decode than their size says.
enum ImageBombs {
    struct Frame {
        var left: Int
        var top: Int
        var width: Int
        var height: Int

        init(left: Int = 0, top: Int = 0, width: Int, height: Int) {
            (self.left, self.top, self.width, self.height) = (left, top, width, height)
        }
    }

    /// A GIF on a `screen`-sized logical screen with these frames, all of colour 0 of a
    /// four-colour palette. With `pixels`, each frame's LZW data really holds its pixels (a
    /// uniform frame of 100 megapixels takes about 75 KB); without, it ends at once (enough for
    /// sizes that are never decoded).
    static func gif(screen: (width: Int, height: Int) = (100, 100), frames: [Frame], pixels: Bool) -> Data {
        var out = Array("GIF89a".utf8) + le16(screen.width) + le16(screen.height) + [0x81, 0, 0]
        out += [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255]  // global colour table: 4 colours
        for frame in frames {
            out += [0x2C] + le16(frame.left) + le16(frame.top) + le16(frame.width) + le16(frame.height) + [0]
            let data = pixels ? uniformLZW(pixels: frame.width * frame.height) : uniformLZW(pixels: 1)
            out += [2]  // LZW minimum code size
            for start in stride(from: 0, to: data.count, by: 255) {
                let block = data[start..<min(data.count, start + 255)]
                out += [UInt8(block.count)] + block
            }
            out += [0]
        }
        return Data(out + [0x3B])
    }

    /// The LZW codes (minimum code size 2) of `pixels` pixels of colour 0: after each clear
    /// code a literal 0, then codes 6, 7, 8, … each one pixel longer than the one before (each
    /// new to the decoder, which makes it from the last), cleared again near the table's end.
    static func uniformLZW(pixels: Int) -> [UInt8] {
        var bits = BitWriter(lsbFirst: true)
        let clear = 4, end = 5
        var width = 3, next = 6, remaining = pixels, afterClear = true
        bits.write(clear, width)
        while remaining > 0 {
            if afterClear {
                bits.write(0, width)
                remaining -= 1
                afterClear = false
                next = 6
                continue
            }
            let run = next - 4
            guard run <= remaining, next <= 4000 else {
                bits.write(clear, width)
                width = 3
                afterClear = true
                continue
            }
            bits.write(next, width)
            remaining -= run
            if next == (1 << width) - 1 && width < 12 { width += 1 }
            next += 1
        }
        bits.write(end, width)
        return bits.finish(padding: false)
    }

    /// A grey progressive JPEG of `width`×`height`: a DC scan (every block 0), then `acScans`
    /// identical AC scans of nothing but end-of-band runs of 32,767 blocks (each run 15 bits).
    /// Every AC scan is a pass over every block, whatever its few bytes.
    static func progressiveJPEG(width: Int, height: Int, acScans: Int) -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ body: [UInt8]) { out += [0xFF, marker] + be16(body.count + 2) + body }
        segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        segment(0xC2, [8] + be16(height) + be16(width) + [1, 1, 0x11, 0])
        // DC table 0: one code, 1 bit long, for category 0; AC table 0: one for an EOB run of 2^14 + 14 bits.
        segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0xE0])
        let blocks = (width + 7) / 8 * ((height + 7) / 8)
        var dc = BitWriter(lsbFirst: false)
        for _ in 0..<blocks { dc.write(0, 1) }
        segment(0xDA, [1, 1, 0x00, 0, 0, 0])
        out += dc.finish(padding: true)
        var ac = BitWriter(lsbFirst: false)
        for _ in 0..<(blocks + 32766) / 32767 { ac.write(0x3FFF, 15) }  // the code 0, then 14 ones: 32,767
        let acData = ac.finish(padding: true)
        for _ in 0..<acScans {
            segment(0xDA, [1, 1, 0x00, 1, 63, 0])
            out += acData
        }
        return Data(out + [0xFF, 0xD9])
    }

    /// A little-endian TIFF of grey pages of these sizes, each with one strip of `stripBytes`
    /// bytes (all pages share the same strip); with `loop`, the last directory points at the first.
    static func tiff(pages: [(width: Int, height: Int)], stripBytes: Int, loop: Bool = false) -> Data {
        var out: [UInt8] = [0x49, 0x49, 42, 0] + le32(8)
        let directorySize = 2 + 12 * 8 + 4
        let stripOffset = 8 + directorySize * pages.count
        for (index, page) in pages.enumerated() {
            let entries: [(Int, Int, Int)] = [(256, 4, page.width), (257, 4, page.height), (258, 3, 8), (259, 3, 1),
                                              (262, 3, 1), (273, 4, stripOffset), (278, 4, page.height),
                                              (279, 4, stripBytes)]
            out += le16(entries.count)
            for (tag, type, value) in entries {
                out += le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(value) + [0, 0] : le32(value))
            }
            let last = index == pages.count - 1
            out += le32(last ? (loop ? 8 : 0) : 8 + directorySize * (index + 1))
        }
        return Data(out + [UInt8](repeating: 200, count: stripBytes))
    }

    /// An animated WebP on a 100×100 canvas whose frames claim these sizes (no bitstream in them).
    static func animatedWebP(frames: [Frame]) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            Array(type.utf8) + le32(body.count) + body + (body.count % 2 == 1 ? [0] : [])
        }
        var chunks = chunk("VP8X", [0x02, 0, 0, 0] + le24(99) + le24(99)) + chunk("ANIM", [0, 0, 0, 0, 0, 0])
        for frame in frames {
            chunks += chunk("ANMF", le24(frame.left / 2) + le24(frame.top / 2) + le24(frame.width - 1)
                            + le24(frame.height - 1) + le24(100) + [0])
        }
        return Data(Array("RIFF".utf8) + le32(chunks.count + 4) + Array("WEBP".utf8) + chunks)
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le24(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}

/// Bits packed into bytes: GIF's LZW codes low bit first, JPEG's entropy-coded data high bit
/// first (then padded with ones, and 0xFF stuffed with a zero byte).
struct BitWriter {
    let lsbFirst: Bool
    private var bytes: [UInt8] = []
    private var accumulator = 0, count = 0

    init(lsbFirst: Bool) { self.lsbFirst = lsbFirst }

    mutating func write(_ value: Int, _ width: Int) {
        if lsbFirst {
            accumulator |= value << count
            count += width
            while count >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                count -= 8
            }
        } else {
            accumulator = accumulator << width | value
            count += width
            while count >= 8 {
                bytes.append(UInt8(accumulator >> (count - 8) & 0xFF))
                count -= 8
                accumulator &= (1 << count) - 1
            }
        }
    }

    mutating func finish(padding: Bool) -> [UInt8] {
        if count > 0 {
            if lsbFirst {
                bytes.append(UInt8(accumulator & 0xFF))
            } else {
                write((1 << (8 - count)) - 1, 8 - count)
            }
        }
        count = 0
        guard padding else { return bytes }
        return bytes.flatMap { $0 == 0xFF ? [0xFF, 0x00] : [$0] }
    }
}
