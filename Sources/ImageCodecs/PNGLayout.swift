import LiveTextCore

/// A PNG's size and pixel layout from its IHDR chunk, its chunks walked by their lengths to its
/// IEND (what follows IEND, a trailer some tools append, is not looked at).
enum PNGLayout {
    static func read(_ b: ByteView, limits: ImageLimits, walk: ImageLayout.Walk) throws -> ImageLayout {
        guard b.matches("IHDR", at: 12) else { throw b.corrupt("the first chunk is not IHDR") }
        let width = try b.u32(16, bigEndian: true), height = try b.u32(20, bigEndian: true)
        let depth = try b.u8(24), colorType = try b.u8(25)
        // Samples a pixel by colour type: grey, RGB, palette, grey + alpha, RGBA.
        let samples = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]
        guard let samples, [1, 2, 4, 8, 16].contains(depth) else {
            throw b.corrupt("colour type \(colorType) at \(depth) bits")
        }
        try limits.check(width: width, height: height)
        var layout = ImageLayout(width: width, height: height)
        // libpng's rows, 16-bit samples stripped to 8 as leptonica asks, packed below 8 bits.
        let rowBytes = (width * samples * min(depth, 8) + 7) / 8
        layout.libraryBytes = saturating(rowBytes, times: height)
        layout.hasAlpha = colorType == 4 || colorType == 6
        layout.pixDepth = colorType == 0 || colorType == 3 ? min(depth, 8) : 32
        if walk.sizeOnly { return layout }
        var offset = 8
        while true {
            let length = try b.u32(offset, bigEndian: true)
            guard length < 1 << 31 else { throw b.corrupt("a chunk of \(length) bytes") }
            guard b.has(12 + length, at: offset) else {
                throw LiveTextError(.invalidImage, "truncated PNG image (no IEND chunk)")
            }
            if b.matches("IEND", at: offset + 4) { break }
            // A palette or grey image with a transparent colour: leptonica makes it RGBA.
            if b.matches("tRNS", at: offset + 4) {
                layout.hasAlpha = true
                layout.pixDepth = 32
            }
            offset += 12 + length  // length, type, data, CRC
        }
        return layout
    }
}
