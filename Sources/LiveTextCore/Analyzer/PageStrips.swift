/// Cuts a large prepared page into horizontal strips at blank rows, so that one engine per core
/// reads it in parallel, and joins the strips' pages back into one.
public enum PageStrips {
    /// Darker than this is ink (prepared pages are dark text on white).
    static let inkThreshold: UInt8 = 160

    /// Row ranges covering `image` top to bottom: at most `maximumStrips`, each at least
    /// `minimumHeight` rows, cut only through rows without ink (never through a line of text).
    public static func strips(of image: PixelImage, maximumStrips: Int, minimumHeight: Int) -> [Range<Int>] {
        let height = image.height
        let count = min(maximumStrips, height / max(1, minimumHeight))
        guard count > 1, image.format == .gray8 else { return [0..<height] }
        var blank = [Bool](repeating: true, count: height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = pixels[(y * image.width)..<((y + 1) * image.width)]
                blank[y] = !row.contains { $0 < inkThreshold }
            }
        }
        // Blank runs of at least two rows, by their middle row.
        var middles: [Int] = []
        var y = 0
        while y < height {
            guard blank[y] else { y += 1; continue }
            let start = y
            while y < height, blank[y] { y += 1 }
            if y - start >= 2, start > 0, y < height { middles.append((start + y) / 2) }
        }
        var cuts: [Int] = []
        for k in 1..<count {
            let target = k * height / count
            let window = height / (2 * count)
            let lower = (cuts.last ?? 0) + minimumHeight / 2
            guard let best = middles.filter({ abs($0 - target) <= window && $0 > lower })
                .min(by: { abs($0 - target) < abs($1 - target) }) else { continue }
            cuts.append(best)
        }
        let bounds = [0] + cuts + [height]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// The strips' pages (in page coordinates, top to bottom, each with the row where its strip
    /// starts) as one page. A block cut by a strip boundary (a column of prose running across
    /// it) is joined with its continuation below, so reading order does not jump between
    /// columns at the cut.
    public static func joined(_ pages: [(cut: Int, page: RecognizedPage)]) -> RecognizedPage {
        var blocks: [RecognizedBlock] = []
        var previousStrip: Range<Int> = 0..<0
        for (cut, page) in pages {
            let stripStart = blocks.count
            for block in page.blocks {
                if let index = blocks[previousStrip].lastIndex(where: { continues($0, into: block, cutAt: cut) }) {
                    blocks[index] = RecognizedBlock(bounds: blocks[index].bounds.union(block.bounds),
                                                    lines: blocks[index].lines + block.lines)
                } else {
                    blocks.append(block)
                }
            }
            previousStrip = stripStart..<blocks.count
        }
        return RecognizedPage(blocks: blocks)
    }

    /// `upper` ends just above the cut and `lower` starts just below it, in the same column.
    static func continues(_ upper: RecognizedBlock, into lower: RecognizedBlock, cutAt cut: Int) -> Bool {
        let lineHeight = max(upper.lines.last?.bounds.height ?? 0, lower.lines.first?.bounds.height ?? 0, 1)
        guard cut - upper.bounds.maxY <= 2 * lineHeight, lower.bounds.y - cut <= 2 * lineHeight else { return false }
        let overlap = min(upper.bounds.maxX, lower.bounds.maxX) - max(upper.bounds.x, lower.bounds.x)
        let narrower = min(upper.bounds.width, lower.bounds.width)
        let leftAligned = abs(upper.bounds.x - lower.bounds.x) <= 2 * lineHeight
        return overlap > 0 && Double(overlap) >= 0.5 * Double(narrower) && leftAligned
    }
}
