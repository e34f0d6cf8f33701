/// Orders text blocks the way a person reads a screen: top to bottom, and left to right across
/// blocks that sit side by side (columns, sidebars, table cells).
public enum ReadingOrder {
    /// Recursive XY-cut: cut the blocks in two at the widest gap, across the page (between rows)
    /// or down it (between columns), whichever is wider, then order each side the same way.
    public static func sorted(_ blocks: [TextBlock]) -> [TextBlock] {
        cut(blocks, depth: 0)
    }

    private static func cut(_ blocks: [TextBlock], depth: Int) -> [TextBlock] {
        guard blocks.count > 1 else { return blocks }
        let rows = widestGap(blocks, vertical: false)
        let columns = widestGap(blocks, vertical: true)
        let best: (Int, [TextBlock])?
        switch (rows, columns) {
        case let (r?, c?): best = c.gap > r.gap ? (c.index, c.sorted) : (r.index, r.sorted)
        case let (r?, nil): best = (r.index, r.sorted)
        case let (nil, c?): best = (c.index, c.sorted)
        case (nil, nil): best = nil
        }
        guard let (index, sorted) = best, depth < 256 else {
            // Overlapping blocks: top-left order.
            return blocks.sorted { ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x) }
        }
        return cut(Array(sorted[..<index]), depth: depth + 1) + cut(Array(sorted[index...]), depth: depth + 1)
    }

    /// The widest gap between blocks along one axis (x when `vertical`): the blocks sorted along
    /// it, where the second part starts, and the gap's width (slightly negative for blocks that
    /// overlap by a few pixels, which still count as apart).
    private static func widestGap(_ blocks: [TextBlock], vertical: Bool)
        -> (index: Int, gap: Int, sorted: [TextBlock])?
    {
        let sorted = blocks.sorted {
            vertical ? ($0.bounds.x, $0.bounds.y) < ($1.bounds.x, $1.bounds.y)
                     : ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x)
        }
        var best: (index: Int, gap: Int)?
        var end = vertical ? sorted[0].bounds.maxX : sorted[0].bounds.maxY
        for i in 1..<sorted.count {
            let b = sorted[i].bounds
            let start = vertical ? b.x : b.y
            let slack = max(2, (vertical ? b.width : b.height) / 10)
            let gap = start - end
            if gap >= -slack, gap > (best?.gap ?? Int.min) { best = (i, gap) }
            end = max(end, vertical ? b.maxX : b.maxY)
        }
        return best.map { ($0.index, $0.gap, sorted) }
    }
}
