import LiveTextCore

/// Where an image is dark enough to hold a light-on-dark code: the parts worth scanning again
/// inverted.
///
/// The image is cut into tiles; a tile whose mean luminance is below mid-gray is dark. A code of
/// light modules on a dark ground averages about mid-gray itself, but its quiet zone and the dark
/// page around it are dark, so the box around each group of touching dark tiles, grown by a
/// tile, holds it. A light page with dark text has no dark tiles at all: text covers a quarter of
/// a tile at most.
enum DarkRegions {
    static let tile = 16
    static let threshold = 128
    static let maximumRegions = 64

    /// The boxes to scan inverted, none overlapping; the whole image when they would cover half
    /// of it or more (one scan is then cheaper than many).
    static func regions(in gray: PixelImage) -> [Bounds] {
        precondition(gray.format == .gray8)
        let columns = (gray.width + tile - 1) / tile, rows = (gray.height + tile - 1) / tile
        guard columns > 0, rows > 0 else { return [] }
        let dark = darkTiles(gray, columns: columns, rows: rows)
        let groups = components(dark, columns: columns, rows: rows)
        let whole = [Bounds(x: 0, y: 0, width: gray.width, height: gray.height)]
        // Dark patches all over (a busy, darkish page): one scan of everything.
        guard groups.count <= maximumRegions else { return whole }
        var boxes = groups.map { box in
            // Grown by a tile, in pixels, inside the image.
            Bounds(x: (box.x - 1) * tile, y: (box.y - 1) * tile,
                   width: (box.width + 2) * tile, height: (box.height + 2) * tile)
                .clamped(width: gray.width, height: gray.height)
        }
        boxes = merged(boxes)
        let area = boxes.reduce(0) { $0 + $1.width * $1.height }
        return 2 * area >= gray.width * gray.height ? whole : boxes
    }

    private static func darkTiles(_ gray: PixelImage, columns: Int, rows: Int) -> [Bool] {
        var dark = [Bool](repeating: false, count: columns * rows)
        gray.pixels.withUnsafeBufferPointer { pixels in
            for ty in 0..<rows {
                let rowRange = (ty * tile)..<min(gray.height, (ty + 1) * tile)
                for tx in 0..<columns {
                    let columnRange = (tx * tile)..<min(gray.width, (tx + 1) * tile)
                    var sum = 0
                    for y in rowRange {
                        for x in columnRange { sum += Int(pixels[y * gray.width + x]) }
                    }
                    dark[ty * columns + tx] = sum < threshold * rowRange.count * columnRange.count
                }
            }
        }
        return dark
    }

    /// The bounding box, in tiles, of each group of dark tiles that touch side by side.
    private static func components(_ dark: [Bool], columns: Int, rows: Int) -> [Bounds] {
        var seen = [Bool](repeating: false, count: dark.count)
        var boxes = [Bounds]()
        var stack = [Int]()
        for start in dark.indices where dark[start] && !seen[start] {
            seen[start] = true
            stack.append(start)
            var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
            while let index = stack.popLast() {
                let x = index % columns, y = index / columns
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && nx < columns && ny >= 0 && ny < rows {
                    let next = ny * columns + nx
                    if dark[next] && !seen[next] {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
            boxes.append(Bounds(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
        }
        return boxes
    }

    /// Boxes that overlap become the box around both, until none overlap.
    private static func merged(_ boxes: [Bounds]) -> [Bounds] {
        var result = boxes
        var changed = true
        while changed {
            changed = false
            outer: for i in result.indices {
                for j in result.indices where j > i && !result[i].intersection(result[j]).isEmpty {
                    result[i] = result[i].union(result[j])
                    result.remove(at: j)
                    changed = true
                    break outer
                }
            }
        }
        return result
    }
}
