import LiveTextCore

/// Reads just enough of a TIFF's first directory to know where its pixel data ends, because
/// libtiff decodes a file cut inside its last strip without a word.
struct TIFFLayout {
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
