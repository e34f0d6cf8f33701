import LiveTextCore

/// Turning an image and what was read on it by quarter turns clockwise (the viewer's `r`): the
/// pixels, and every rectangle of the analysis with them. The text, its order and the items'
/// offsets do not change, so a selection (`TextPosition`s) stays what it was.
public enum QuarterTurn {
    /// `turns` made 0…3 (negative: counter-clockwise).
    public static func normalized(_ turns: Int) -> Int { ((turns % 4) + 4) % 4 }

    /// `rect` of a `width` × `height` image, on the image turned `turns` quarter turns clockwise.
    public static func turned(_ rect: Bounds, _ turns: Int, width: Int, height: Int) -> Bounds {
        var (rect, width, height) = (rect, width, height)
        for _ in 0..<normalized(turns) {
            // Clockwise: the left edge becomes the top, the bottom edge the left.
            rect = Bounds(x: height - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
            (width, height) = (height, width)
        }
        return rect
    }

    /// `quad` of a `width` × `height` image, on the image turned `turns` quarter turns clockwise:
    /// each corner moves, and keeps its name (the text's top-left stays its top-left).
    public static func turned(_ quad: Quad, _ turns: Int, width: Int, height: Int) -> Quad {
        var (quad, height) = (quad, Double(height))
        var width = Double(width)
        for _ in 0..<normalized(turns) {
            func turn(_ point: QuadPoint) -> QuadPoint { QuadPoint(x: height - point.y, y: point.x) }
            quad = Quad(topLeft: turn(quad.topLeft), topRight: turn(quad.topRight),
                        bottomRight: turn(quad.bottomRight), bottomLeft: turn(quad.bottomLeft))
            (width, height) = (height, width)
        }
        return quad
    }

    /// `analysis` on its image turned `turns` quarter turns clockwise: the image's size, blocks,
    /// lines, words, codes and items' rectangles turned with it.
    public static func turned(_ analysis: ImageAnalysis, _ turns: Int) -> ImageAnalysis {
        let quarter = normalized(turns)
        guard quarter != 0 else { return analysis }
        let (width, height) = (analysis.image.width, analysis.image.height)
        func turn(_ rect: Bounds) -> Bounds { turned(rect, quarter, width: width, height: height) }
        func turn(_ quad: Quad) -> Quad { turned(quad, quarter, width: width, height: height) }
        var result = analysis
        if quarter % 2 == 1 { (result.image.width, result.image.height) = (height, width) }
        for b in result.blocks.indices {
            result.blocks[b].bounds = turn(result.blocks[b].bounds)
            result.blocks[b].quad = turn(result.blocks[b].quad)
            for l in result.blocks[b].lines.indices {
                result.blocks[b].lines[l].bounds = turn(result.blocks[b].lines[l].bounds)
                result.blocks[b].lines[l].quad = turn(result.blocks[b].lines[l].quad)
                for w in result.blocks[b].lines[l].words.indices {
                    result.blocks[b].lines[l].words[w].bounds = turn(result.blocks[b].lines[l].words[w].bounds)
                    result.blocks[b].lines[l].words[w].quad = turn(result.blocks[b].lines[l].words[w].quad)
                }
            }
        }
        for c in result.codes.indices { result.codes[c].bounds = turn(result.codes[c].bounds) }
        for i in result.items.indices {
            result.items[i].bounds = result.items[i].bounds.map(turn)
            result.items[i].lines = result.items[i].lines?.map(turn)
            result.items[i].quad = result.items[i].quad.map(turn)
            result.items[i].lineQuads = result.items[i].lineQuads?.map(turn)
        }
        return result
    }

    /// `image` (rgba8) turned `turns` quarter turns clockwise, in one pass.
    public static func turned(_ image: PixelImage, _ turns: Int) -> PixelImage {
        let quarter = normalized(turns)
        guard quarter != 0 else { return image }
        let (width, height) = (image.width, image.height)
        let (newWidth, newHeight) = quarter % 2 == 1 ? (height, width) : (width, height)
        var pixels = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<newHeight {
                    for x in 0..<newWidth {
                        // Where the pixel at (x, y) of the turned image was.
                        let (oldX, oldY): (Int, Int)
                        switch quarter {
                        case 1: (oldX, oldY) = (y, height - 1 - x)
                        case 2: (oldX, oldY) = (width - 1 - x, height - 1 - y)
                        default: (oldX, oldY) = (width - 1 - y, x)
                        }
                        let from = (oldY * width + oldX) * 4, to = (y * newWidth + x) * 4
                        for channel in 0..<4 { target[to + channel] = source[from + channel] }
                    }
                }
            }
        }
        return PixelImage(width: newWidth, height: newHeight, format: .rgba8, pixels: pixels)
    }
}
