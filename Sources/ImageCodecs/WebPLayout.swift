import LiveTextCore

/// A WebP's size from its chunks: a simple file's VP8 or VP8L bitstream header, an extended
/// file's canvas (VP8X) and every animation frame (ANMF) in it, each checked and counted.
enum WebPLayout {
    static func read(_ b: ByteView, limits: ImageLimits, walk: ImageLayout.Walk) throws -> ImageLayout {
        var layout: ImageLayout?
        var frames = 0
        var offset = 12
        let end = min(b.count, 8 + (try b.u32(4, bigEndian: false)))
        while offset + 8 <= end {
            let size = try b.u32(offset + 4, bigEndian: false)
            let data = offset + 8
            guard b.has(size, at: data) else { throw LiveTextError(.invalidImage, "truncated WebP image (a chunk is cut short)") }
            if b.matches("VP8X", at: offset) {
                guard layout == nil else { throw b.corrupt("a second VP8X chunk") }
                let flags = try b.u8(data)
                let width = try b.u24le(data + 4) + 1, height = try b.u24le(data + 7) + 1
                try limits.check(width: width, height: height)
                layout = ImageLayout(width: width, height: height, libraryBytes: width * height * 4,
                                     hasAlpha: flags & 0x10 != 0)
                if walk.sizeOnly { return layout! }
            } else if b.matches("ANMF", at: offset) {
                frames += 1
                try limits.checkFrameCount(frames, of: "WebP")
                let left = 2 * (try b.u24le(data)), top = 2 * (try b.u24le(data + 3))
                let width = try b.u24le(data + 6) + 1, height = try b.u24le(data + 9) + 1
                try limits.checkFrame(frames, of: "WebP", left: left, top: top, width: width, height: height)
            } else if layout == nil, let size = try bitstreamSize(b, chunk: offset) {
                try limits.check(width: size.width, height: size.height)
                // VP8L decodes the whole image into its own ARGB buffer; VP8 works by rows.
                let lossless = b.matches("VP8L", at: offset)
                layout = ImageLayout(width: size.width, height: size.height,
                                     libraryBytes: lossless ? size.width * size.height * 4 : 0, hasAlpha: lossless)
                if walk.sizeOnly { return layout! }
            }
            offset = data + size + (size & 1)  // chunks are padded to an even size
        }
        guard var layout else { throw LiveTextError(.invalidImage, "truncated WebP image (no image chunk)") }
        layout.frames = max(1, frames)
        return layout
    }

    /// The size in a VP8 (lossy) or VP8L (lossless) chunk's bitstream header; nil for another chunk.
    private static func bitstreamSize(_ b: ByteView, chunk: Int) throws -> (width: Int, height: Int)? {
        let data = chunk + 8
        if b.matches("VP8 ", at: chunk) {
            // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
            guard try b.u8(data + 3) == 0x9D, try b.u8(data + 4) == 0x01, try b.u8(data + 5) == 0x2A else {
                throw b.corrupt("no VP8 start code")
            }
            return (try b.u16(data + 6, bigEndian: false) & 0x3FFF, try b.u16(data + 8, bigEndian: false) & 0x3FFF)
        }
        if b.matches("VP8L", at: chunk) {
            guard try b.u8(data) == 0x2F else { throw b.corrupt("no VP8L signature") }
            let bits = try b.u32(data + 1, bigEndian: false)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        }
        return nil
    }
}
