/// Orders text blocks the way a person reads a screen: top to bottom, and left to right across
/// blocks that sit side by side (columns, sidebars, table cells).
public enum ReadingOrder {
    /// Recursive XY-cut: split at the widest horizontal gap first (rows of the page), then at
    /// vertical gaps (columns) inside each row, down to single blocks.
    public static func sorted(_ blocks: [TextBlock]) -> [TextBlock] {
        guard blocks.count > 1 else { return blocks }
        return cut(blocks, horizontalFirst: true, depth: 0)
    }

    private static func cut(_ blocks: [TextBlock], horizontalFirst: Bool, depth: Int) -> [TextBlock] {
        guard blocks.count > 1, depth < 64 else { return blocks }
        let first = split(blocks, vertical: !horizontalFirst)
        if first.count > 1 {
            return first.flatMap { cut($0, horizontalFirst: !horizontalFirst, depth: depth + 1) }
        }
        let second = split(blocks, vertical: horizontalFirst)
        if second.count > 1 {
            return second.flatMap { cut($0, horizontalFirst: horizontalFirst, depth: depth + 1) }
        }
        // Overlapping blocks: fall back to top-left order.
        return blocks.sorted { ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x) }
    }

    /// Groups blocks separated by gaps along one axis (x when `vertical`), in order.
    private static func split(_ blocks: [TextBlock], vertical: Bool) -> [[TextBlock]] {
        let sorted = blocks.sorted {
            vertical ? ($0.bounds.x, $0.bounds.y) < ($1.bounds.x, $1.bounds.y)
                     : ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x)
        }
        var groups = [[TextBlock]]()
        var end = Int.min
        for block in sorted {
            let start = vertical ? block.bounds.x : block.bounds.y
            let stop = vertical ? block.bounds.maxX : block.bounds.maxY
            // Blocks overlapping by a few pixels still count as separate rows or columns.
            let slack = max(2, (vertical ? block.bounds.width : block.bounds.height) / 10)
            if groups.isEmpty || start >= end - slack {
                groups.append([block])
                end = stop
            } else {
                groups[groups.count - 1].append(block)
                end = max(end, stop)
            }
        }
        return groups
    }
}
