/// Where an image still holds text to read: its pixels far (`InkCheck.contrast`) from the
/// background of the part they lie in (each window of a screen has its own paper; the bare
/// desktop is one more part), gathered into the rectangles an OCR run reads. A uniform part holds
/// none, however dark.
enum RemainingInk {
    /// Cells of the image this many pixels square are what `areas` groups (one bit a row or
    /// column of one in a `UInt16`).
    static let cell = 16

    /// Where the remaining text lies, as separate rectangles: the cells of `cell` pixels holding
    /// ink that spans at least three rows and two columns of them, more of it than one-pixel rules
    /// crossing there would (glyphs; not the rules of frames, borders and separators), grouped
    /// where they touch, each group the rectangle around their ink (none for a group whose ink fills
    /// its rectangle or is exactly its outline: a terminal's cursor); groups side by side on a row
    /// (a toolbar's icons) made one; `margin` pixels around each. One rectangle around them all
    /// when laid one under another they would cover most of it anyway, or when they are too many
    /// to be worth it.
    static func areas(luminance: [UInt8], width: Int, height: Int, regions: ContentRegions, margin: Int = 0,
                      maximum: Int = 24, worthIt: Double = 0.6) -> [Bounds] {
        guard width > 0, height > 0 else { return [] }
        let columns = (width + cell - 1) / cell, rows = (height + cell - 1) / cell
        var rowBits = [UInt16](repeating: 0, count: columns * rows), columnBits = rowBits, counts = rowBits
        var ink = [Bool](repeating: false, count: width * height)
        forEachInk(luminance: luminance, width: width, height: height, regions: regions) { x, y in
            ink[y * width + x] = true
            let index = (y / cell) * columns + x / cell
            rowBits[index] |= 1 << UInt16(y % cell)
            columnBits[index] |= 1 << UInt16(x % cell)
            counts[index] &+= 1
        }
        // Rules crossing a cell (a frame's corner, a grid's joint) ink one pixel a row or column:
        // no more than rows + columns − 1 pixels. A glyph inks more.
        let glyphs = rowBits.indices.map { index in
            let (inkedRows, inkedColumns) = (rowBits[index].nonzeroBitCount, columnBits[index].nonzeroBitCount)
            return inkedRows >= 3 && inkedColumns >= 2 && Int(counts[index]) >= inkedRows + inkedColumns
        }
        // Groups of touching glyph cells (eight neighbours); each one's area is the ink of its
        // cells (what a glyph has in the next cell, without being one there, is in the margin
        // `PublishedCover` adds).
        let page = Bounds(x: 0, y: 0, width: width, height: height)
        var group = [Int](repeating: -1, count: glyphs.count)
        var areas: [Bounds] = []
        let inkBox = { (index: Int) -> Bounds in
            let (cx, cy) = (index % columns * cell, index / columns * cell)
            let (r, c) = (rowBits[index], columnBits[index])
            return Bounds(x: cx + c.trailingZeroBitCount, y: cy + r.trailingZeroBitCount,
                          width: 16 - c.leadingZeroBitCount - c.trailingZeroBitCount,
                          height: 16 - r.leadingZeroBitCount - r.trailingZeroBitCount)
        }
        for start in glyphs.indices where glyphs[start] && group[start] < 0 {
            var stack = [start]
            group[start] = areas.count
            var area: Bounds?
            while let index = stack.popLast() {
                area = area.map { $0.union(inkBox(index)) } ?? inkBox(index)
                let (cx, cy) = (index % columns, index / columns)
                for ny in max(0, cy - 1)...min(rows - 1, cy + 1) {
                    for nx in max(0, cx - 1)...min(columns - 1, cx + 1) {
                        let next = ny * columns + nx
                        if glyphs[next], group[next] < 0 {
                            group[next] = areas.count
                            stack.append(next)
                        }
                    }
                }
            }
            // Ink filling its whole rectangle, or exactly its outline, is a block or a box, not a
            // glyph: a terminal's cursor (solid in a focused window, hollow in another).
            if let area, !isBlockOrBox(area, ink: ink, width: width, in: page) {
                areas.append(Bounds(x: area.x - margin, y: area.y - margin, width: area.width + 2 * margin,
                                    height: area.height + 2 * margin).intersection(page))
            }
        }
        areas = merged(areas)
        guard areas.count > 1 else { return areas }
        // What the parts laid one under another (`RemainderMosaic`) come to, beside the rectangle.
        let union = areas.union
        let mosaic = (areas.map(\.width).max() ?? 0) * (areas.reduce(0) { $0 + $1.height } + RemainderMosaic.gap * (areas.count - 1))
        if areas.count > maximum || Double(mosaic) >= worthIt * Double(union.area) { return [union] }
        return areas.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// Whether the ink of a small group of cells around `area` (one shape: the ink reached from its
    /// first pixel, eight neighbours, up to a cell beyond it, where a cell with too little of it to
    /// count as a glyph's leaves it) fills the rectangle around it or is exactly its outline.
    static func isBlockOrBox(_ area: Bounds, ink: [Bool], width: Int, in page: Bounds) -> Bool {
        guard area.width <= 3 * cell, area.height <= 3 * cell else { return false }
        let window = Bounds(x: area.x - cell, y: area.y - cell, width: area.width + 2 * cell,
                            height: area.height + 2 * cell).intersection(page)
        var inArea = 0
        var start: Int?
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX where ink[y * width + x] {
                inArea += 1
                if start == nil { start = y * width + x }
            }
        }
        guard let start else { return false }
        var seen: Set<Int> = [start], stack = [start]
        var (left, top, right, bottom) = (Int.max, Int.max, Int.min, Int.min)
        var reachedInArea = 0
        while let index = stack.popLast() {
            let (x, y) = (index % width, index / width)
            (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x), max(bottom, y))
            if area.contains(x: x, y: y) { reachedInArea += 1 }
            guard seen.count <= window.area else { return false }
            for ny in max(window.y, y - 1)...min(window.maxY - 1, y + 1) {
                for nx in max(window.x, x - 1)...min(window.maxX - 1, x + 1) where ink[ny * width + nx] {
                    if seen.insert(ny * width + nx).inserted { stack.append(ny * width + nx) }
                }
            }
        }
        // Another shape beside it in the cells: glyphs.
        guard reachedInArea == inArea else { return false }
        let shape = Bounds(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        // Ink reaching the window's edge inside the page goes on beyond it: no small shape.
        guard shape.x > window.x || window.x == page.x, shape.y > window.y || window.y == page.y,
              shape.maxX < window.maxX || window.maxX == page.maxX, shape.maxY < window.maxY || window.maxY == page.maxY
        else { return false }
        return seen.count == shape.area || isOutline(inked: seen.count, of: shape, in: page)
    }

    /// Whether `inked` pixels are as many as `area`'s one-pixel outline has, a side lying on
    /// `page`'s edge possibly cut away (a hollow cursor cut by the edge of the region captured).
    static func isOutline(inked: Int, of area: Bounds, in page: Bounds) -> Bool {
        let (width, height) = (area.width, area.height)
        guard width >= 3, height >= 3 else { return false }
        let whole = 2 * (width + height) - 4
        // One side missing, where it lies on the page's edge: its pixels less its two corners.
        let cut = [(area.y == page.y, width - 2), (area.maxY == page.maxY, width - 2),
                   (area.x == page.x, height - 2), (area.maxX == page.maxX, height - 2)]
        return inked == whole || cut.contains { onEdge, pixels in onEdge && inked == whole - pixels }
    }

    /// `areas` with those that overlap, or share most of their rows less than four cells apart,
    /// made one, until none do.
    static func merged(_ areas: [Bounds]) -> [Bounds] {
        var areas = areas
        var changed = true
        while changed {
            changed = false
            outer: for a in areas.indices {
                for b in areas.indices where b > a {
                    let (one, other) = (areas[a], areas[b])
                    let rowsShared = min(one.maxY, other.maxY) - max(one.y, other.y)
                    let apart = max(one.x, other.x) - min(one.maxX, other.maxX)
                    let touching = !one.intersection(other).isEmpty
                    let sameRow = rowsShared * 2 > min(one.height, other.height) && apart < 4 * cell
                    guard touching || sameRow else { continue }
                    areas[a] = one.union(other)
                    areas.remove(at: b)
                    changed = true
                    break outer
                }
            }
        }
        return areas
    }

    /// Calls `body` with every pixel far from its part's background (`InkCheck.contrast`).
    private static func forEachInk(luminance: [UInt8], width: Int, height: Int, regions: ContentRegions,
                                   _ body: (Int, Int) -> Void) {
        guard width > 0, height > 0 else { return }
        // The part of each pixel: the bare desktop, then the windows painted bottom up.
        let parts = regions.rects.count + 1
        var owner = [Int](repeating: regions.rects.count, count: width * height)
        let page = Bounds(x: 0, y: 0, width: width, height: height)
        for (index, rect) in regions.rects.enumerated().reversed() {
            let shown = rect.intersection(page)
            guard !shown.isEmpty else { continue }
            for y in shown.y..<shown.maxY {
                for x in shown.x..<shown.maxX { owner[y * width + x] = index }
            }
        }
        var histograms = [Int](repeating: 0, count: parts * 256)
        for index in 0..<width * height { histograms[owner[index] * 256 + Int(luminance[index])] += 1 }
        let backgrounds = (0..<parts).map { InkCheck.mostCommon(Array(histograms[$0 * 256..<($0 + 1) * 256])) }
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                if abs(Int(luminance[index]) - backgrounds[owner[index]]) >= InkCheck.contrast { body(x, y) }
            }
        }
    }
}
