import LiveTextCore

/// A TIFF's directories (one a page), every one walked and its size checked, and where the first
/// page's pixel data ends, because libtiff decodes a file cut inside its last strip without a word.
struct TIFFLayout {
    /// The most directory entries walked over all pages: directories may overlap, and 10,000 of
    /// 65,535 entries each would be a bomb of the walk itself. A page has a few dozen.
    static let maxEntries = 1_000_000

    static func read(_ b: ByteView, limits: ImageLimits, walk: ImageLayout.Walk) throws -> ImageLayout {
        let bigEndian = b.bytes[0] == 0x4D
        var layout: ImageLayout?
        var seen = Set<Int>()
        var entriesWalked = 0
        var directory = try b.u32(4, bigEndian: bigEndian)
        while directory != 0 {
            guard seen.insert(directory).inserted else { throw b.corrupt("its directories form a loop") }
            try limits.checkFrameCount(seen.count, of: "TIFF", noun: "pages")
            let page = seen.count
            let entries = try b.u16(directory, bigEndian: bigEndian)
            entriesWalked += entries
            guard entriesWalked <= maxEntries else {
                throw LiveTextError(.invalidImage, "TIFF image whose directories hold more than \(maxEntries) entries: "
                                    + "refused before decoding")
            }
            var width: Int?, height: Int?, samples = 1, bits = 1, extraSamples = 0
            for i in 0..<entries {
                let entry = directory + 2 + 12 * i
                let tag = try b.u16(entry, bigEndian: bigEndian), type = try b.u16(entry + 2, bigEndian: bigEndian)
                // The first value, in the entry itself: SHORT in its first two bytes, LONG in all four.
                let value = { () throws -> Int in
                    type == 3 ? try b.u16(entry + 8, bigEndian: bigEndian) : try b.u32(entry + 8, bigEndian: bigEndian)
                }
                switch tag {
                case 256: width = try value()
                case 257: height = try value()
                case 258: if try b.u32(entry + 4, bigEndian: bigEndian) <= 2 { bits = try value() }
                case 277: samples = try value()
                case 338: extraSamples = try b.u32(entry + 4, bigEndian: bigEndian)
                default: break
                }
            }
            guard let width, let height else {
                if page == 1 { throw b.corrupt("no width or height in its first directory") }
                directory = try b.u32(directory + 2 + 12 * entries, bigEndian: bigEndian)
                continue
            }
            try limits.checkFrame(page, of: "TIFF", width: width, height: height, noun: "page")
            if page == 1 {
                try limits.check(width: width, height: height)
                var first = ImageLayout(width: width, height: height)
                // libtiff's RGBA raster for the layouts leptonica does not read line by line.
                first.libraryBytes = saturating(width * height, times: 4)
                first.pixDepth = samples == 1 ? min(max(bits, 1), 16) : 32
                first.hasAlpha = extraSamples > 0 || samples == 2 || samples == 4
                if walk.sizeOnly { return first }
                layout = first
            }
            directory = try b.u32(directory + 2 + 12 * entries, bigEndian: bigEndian)
        }
        guard var layout else { throw b.corrupt("no directory") }
        layout.frames = seen.count
        return layout
    }

    /// One past the last byte of strip or tile data, or nil when the directory cannot be read.
    static func dataEnd(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        guard b.count >= 8 else { return nil }
        let little = b[0] == 0x49
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= b.count else { return nil }
            return little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let lo = u16(little ? o : o + 2), let hi = u16(little ? o + 2 : o) else { return nil }
            return hi << 16 | lo
        }
        guard let directory = u32(4), let entries = u16(directory) else { return nil }
        var offsets = [Int](), counts = [Int]()
        for i in 0..<entries {
            let entry = directory + 2 + 12 * i
            guard let tag = u16(entry), let type = u16(entry + 2), let count = u32(entry + 4) else { return nil }
            guard [273, 279, 324, 325].contains(tag), type == 3 || type == 4, count > 0, count < 1 << 24 else { continue }
            let size = type == 3 ? 2 : 4
            // Values live in the entry when they fit in its 4 bytes, elsewhere otherwise.
            guard let start = count * size <= 4 ? entry + 8 : u32(entry + 8) else { return nil }
            var values = [Int]()
            for k in 0..<count {
                guard let v = size == 2 ? u16(start + 2 * k) : u32(start + 4 * k) else { return nil }
                values.append(v)
            }
            if tag == 273 || tag == 324 { offsets = values } else { counts = values }
        }
        guard !offsets.isEmpty, offsets.count == counts.count else { return nil }
        return zip(offsets, counts).map { $0 + $1 }.max()
    }
}
