import Foundation
import LiveTextCore

/// A JPEG's frame header (SOF: size, components, progressive or not) and its number of scans,
/// found by walking its markers: segments by their lengths, entropy-coded data to the next
/// marker that is not a restart.
///
/// The scans are counted because each costs a pass over every block of the components it
/// covers, whatever its size in bytes: a progressive scan of nothing but end-of-band runs covers
/// a 10000×10000 image in a hundred bytes, and a megabyte of them kept libjpeg busy for 30 s.
enum JPEGLayout {
    /// The most scans a JPEG may have. libjpeg's standard progressive script has 10 for a colour
    /// image (6 for grey), 24 for CMYK; encoders that search scripts (mozjpeg) stay near that;
    /// libjpeg-turbo's own fuzz targets stop at 500 scans, for images of at most 1 megapixel.
    /// 100 is four times CMYK's standard script, ten times a colour one's; past it a file is a
    /// bomb, not a photograph.
    static let maxScans = 100

    struct Component {
        var horizontal: Int
        var vertical: Int
    }

    static func read(_ b: ByteView, limits: ImageLimits, walk: ImageLayout.Walk) throws -> ImageLayout {
        var layout: ImageLayout?
        var components = [Component]()
        var progressive = false
        var scans = 0
        var offset = 2
        markers: while true {
            guard offset < b.count else { throw truncated }
            guard try b.u8(offset) == 0xFF else { throw b.corrupt("no marker at byte \(offset)") }
            var marker = try b.u8(offset + 1)
            while marker == 0xFF {  // fill bytes before a marker
                offset += 1
                marker = try b.u8(offset + 1)
            }
            offset += 2
            switch marker {
            case 0xD9:  // EOI
                break markers
            case 0x01, 0xD0...0xD7:  // TEM, RSTn: no length
                continue markers
            case 0xD8:
                throw b.corrupt("a second start of image")
            default:
                break
            }
            let length = try b.u16(offset, bigEndian: true)
            guard length >= 2 else { throw b.corrupt("a segment of \(length) bytes") }
            guard b.has(length, at: offset) else { throw layout == nil ? b.cutShort : truncated }
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:  // SOFn
                guard layout == nil else { throw b.corrupt("two frame headers (SOF markers)") }
                let height = try b.u16(offset + 3, bigEndian: true), width = try b.u16(offset + 5, bigEndian: true)
                let count = try b.u8(offset + 7)
                guard height > 0 else { throw b.corrupt("no height in the frame header (DNL is not supported)") }
                guard (1...4).contains(count) else { throw b.corrupt("\(count) components") }
                for i in 0..<count {
                    let sampling = try b.u8(offset + 9 + 3 * i)
                    let component = Component(horizontal: sampling >> 4, vertical: sampling & 0x0F)
                    guard (1...4).contains(component.horizontal), (1...4).contains(component.vertical) else {
                        throw b.corrupt("sampling factors \(sampling >> 4)×\(sampling & 0x0F)")
                    }
                    components.append(component)
                }
                try limits.check(width: width, height: height)
                progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                // leptonica makes grey images 8-bit, all others (RGB, CMYK) 32-bit RGB.
                layout = ImageLayout(width: width, height: height, pixDepth: count == 1 ? 8 : 32)
                if walk.sizeOnly { break markers }
            case 0xDA:  // SOS
                guard layout != nil else { throw b.corrupt("a scan before the frame header") }
                scans += 1
                guard scans <= maxScans else {
                    throw LiveTextError(.invalidImage, "JPEG image with more than \(maxScans) scans "
                                        + "(a decompression bomb: each scan is a pass over the whole image); refused before decoding")
                }
                offset = entropyEnd(b, from: offset + length)
                continue markers
            default:
                break
            }
            offset += length
        }
        guard var layout else { throw b.corrupt("no frame header (SOF marker)") }
        layout.frames = 1
        if progressive || scans > 1 {
            layout.libraryBytes = coefficientBytes(width: layout.width, height: layout.height, components: components)
        }
        return layout
    }

    static let truncated = LiveTextError(.invalidImage, "truncated JPEG image (no end-of-image marker)")

    /// Where the entropy-coded data from `start` ends: at the first marker that is neither a
    /// stuffed zero, a restart nor a fill byte, or at the end of the bytes.
    static func entropyEnd(_ b: ByteView, from start: Int) -> Int {
        guard let base = b.bytes.baseAddress, start < b.count else { return b.count }
        var offset = start
        while offset < b.count - 1 {
            guard let found = memchr(base + offset, 0xFF, b.count - offset) else { return b.count }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard at + 1 < b.count else { return b.count }
            let next = b.bytes[at + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF {
                offset = at + (next == 0xFF ? 1 : 2)
            } else {
                return at
            }
        }
        return b.count
    }

    /// The coefficient buffer libjpeg keeps for a file of several scans: every block of every
    /// component, 64 coefficients of 2 bytes, in whole MCUs.
    static func coefficientBytes(width: Int, height: Int, components: [Component]) -> Int {
        let maxH = components.map(\.horizontal).max() ?? 1, maxV = components.map(\.vertical).max() ?? 1
        let mcuColumns = (width + 8 * maxH - 1) / (8 * maxH), mcuRows = (height + 8 * maxV - 1) / (8 * maxV)
        let blocks = components.reduce(0) { $0 + mcuColumns * $1.horizontal * mcuRows * $1.vertical }
        return saturating(blocks, times: 128)
    }
}
