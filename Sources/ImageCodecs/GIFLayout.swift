import LiveTextCore

/// A GIF's frames, walked block by block: every image descriptor's size and position is checked
/// (a frame may claim far more than the logical screen), the frames are counted, and the first
/// frame's end is where the decoder's input stops. giflib reads every frame into memory before
/// leptonica takes the first: ten frames of 10000×10000 held a gigabyte; now it sees one.
enum GIFLayout {
    static func read(_ b: ByteView, limits: ImageLimits, walk: ImageLayout.Walk) throws -> ImageLayout {
        // Header (6), logical screen descriptor (7), then the global colour table if flagged.
        let screenWidth = try b.u16(6, bigEndian: false), screenHeight = try b.u16(8, bigEndian: false)
        let screenFlags = try b.u8(10)
        var offset = 13 + (screenFlags & 0x80 != 0 ? 3 << ((screenFlags & 7) + 1) : 0)
        var layout: ImageLayout?
        var frames = 0
        while true {
            guard offset < b.count else { throw LiveTextError(.invalidImage, "truncated GIF image (no trailer)") }
            switch try b.u8(offset) {
            case 0x3B:  // trailer
                guard var layout else { throw b.corrupt("no image in it") }
                layout.frames = frames
                return layout
            case 0x21:  // extension: label, then sub-blocks
                offset = try subBlocksEnd(b, from: offset + 2)
            case 0x2C:  // image descriptor
                frames += 1
                try limits.checkFrameCount(frames, of: "GIF")
                let left = try b.u16(offset + 1, bigEndian: false), top = try b.u16(offset + 3, bigEndian: false)
                let width = try b.u16(offset + 5, bigEndian: false), height = try b.u16(offset + 7, bigEndian: false)
                try limits.checkFrame(frames, of: "GIF", left: left, top: top, width: width, height: height)
                // A frame must lie on the logical screen (GIF89a, "Image Descriptor"): the decoder
                // reads the first frame at its own size, so 10000×10000 on a 16×16 screen would be
                // decoded whole. A screen of 0×0, which some encoders write, says nothing.
                if screenWidth > 0, screenHeight > 0, left + width > screenWidth || top + height > screenHeight {
                    throw LiveTextError(.invalidImage, "frame \(frames) of the GIF image (\(width)×\(height) at "
                                        + "\(left),\(top)) lies outside its \(screenWidth)×\(screenHeight) screen")
                }
                let flags = try b.u8(offset + 9)
                let colourTable = flags & 0x80 != 0 ? 3 << ((flags & 7) + 1) : 0
                // The LZW code size byte, then the data's sub-blocks.
                offset = try subBlocksEnd(b, from: offset + 10 + colourTable + 1)
                if layout == nil {
                    try limits.check(width: width, height: height)
                    // giflib's frame, one byte a pixel, becomes a palette image of 8 bits at most.
                    layout = ImageLayout(width: width, height: height, libraryBytes: width * height, pixDepth: 8,
                                         decodedPrefix: offset)
                    if walk.sizeOnly { return layout! }
                }
            case let other:
                throw b.corrupt("unknown block 0x\(String(other, radix: 16)) at byte \(offset)")
            }
        }
    }

    /// One past the zero-length sub-block that ends a run of sub-blocks starting at `start`.
    private static func subBlocksEnd(_ b: ByteView, from start: Int) throws -> Int {
        var offset = start
        while true {
            guard offset < b.count else { throw LiveTextError(.invalidImage, "truncated GIF image (no trailer)") }
            let length = Int(b.bytes[offset])
            offset += 1 + length
            if length == 0 { return offset }
        }
    }
}
