import LiveTextCore

/// A JPEG 2000 image's size from its codestream's SIZ segment (inside the `jp2c` box of a JP2
/// file, or at the start of a raw codestream), with its number of tiles and components.
enum JP2Layout {
    /// The codestream's tile index (Isot) is 16 bits: no valid image has more tiles.
    static let maxTiles = 65_535

    static func read(_ b: ByteView, limits: ImageLimits) throws -> ImageLayout {
        let siz = try b.u16(0, bigEndian: true) == 0xFF4F ? 2 : codestream(b) + 2
        guard try b.u16(siz, bigEndian: true) == 0xFF51 else { throw b.corrupt("no SIZ segment") }
        let x = try b.u32(siz + 6, bigEndian: true), y = try b.u32(siz + 10, bigEndian: true)
        let x0 = try b.u32(siz + 14, bigEndian: true), y0 = try b.u32(siz + 18, bigEndian: true)
        let tileWidth = try b.u32(siz + 22, bigEndian: true), tileHeight = try b.u32(siz + 26, bigEndian: true)
        let tileX0 = try b.u32(siz + 30, bigEndian: true), tileY0 = try b.u32(siz + 34, bigEndian: true)
        let components = try b.u16(siz + 38, bigEndian: true)
        guard x > x0, y > y0, tileWidth > 0, tileHeight > 0, tileX0 <= x0, tileY0 <= y0, (1...4).contains(components) else {
            throw b.corrupt("an impossible SIZ segment")
        }
        let width = x - x0, height = y - y0
        try limits.check(width: width, height: height)
        let tiles = saturating((x - tileX0 + tileWidth - 1) / tileWidth, times: (y - tileY0 + tileHeight - 1) / tileHeight)
        guard tiles <= maxTiles else { throw b.corrupt("\(tiles) tiles, more than a codestream can number") }
        // openjpeg holds every component as 32-bit integers, then leptonica makes 32-bit RGBA.
        return ImageLayout(width: width, height: height, libraryBytes: saturating(width * height, times: 4 * components),
                           hasAlpha: components == 2 || components == 4)
    }

    /// Where the codestream starts inside a JP2 file: the contents of its `jp2c` box.
    private static func codestream(_ b: ByteView) throws -> Int {
        var offset = 0
        while true {
            var length = try b.u32(offset, bigEndian: true), header = 8
            if length == 1 {
                let long = try b.u64be(offset + 8)
                guard long < UInt64(Int.max) else { throw b.corrupt("a box of \(long) bytes") }
                length = Int(long)
                header = 16
            }
            if b.matches("jp2c", at: offset + 4) { return offset + header }
            guard length >= header else { throw b.corrupt("a box of \(length) bytes") }
            offset += length
        }
    }
}
