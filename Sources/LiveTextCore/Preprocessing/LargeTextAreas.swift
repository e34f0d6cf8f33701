/// Finds the lines of glyphs far above the engine's comfortable size (a sign's heading, a
/// poster photographed close), so that they are read apart, each size at a scale that brings it
/// to the size the engine reads best; the rest of the page is read as it is.
///
/// A page can mix sizes (a 260 px heading over 90 px lines over small print): one scale for all
/// would make the small print unreadable or leave the heading too large. So glyphs taller than
/// `readAbove` are joined into lines (side by side, overlapping vertically, of like height), and
/// the lines into sizes (within `sizeRatio` of each other), each size one pass.
public struct LargeTextAreas: Sendable {
    /// Glyphs taller than this (median glyph height of a line, pixels) are read apart. Measured
    /// with the engine (`Tests/AdapterTests/LargeTextTests`): lines with glyphs up to this read
    /// as they are.
    public var readAbove: Double = 40
    /// The glyph height large text is brought to.
    public var targetGlyphHeight: Double = 24
    /// Lines whose glyph heights are within this ratio share a pass.
    public var sizeRatio: Double = 1.8

    public init() {}

    /// One size of large text: the scale it is read at and the areas (lines, with a margin) it
    /// fills, in the pixels of the page the glyphs were found in.
    public struct Pass: Sendable, Hashable {
        public var scale: Double
        public var glyphHeight: Double
        public var areas: [Bounds]
    }

    /// The passes for `boxes` (the page's glyphs: `TextHeightEstimator.glyphBoxes`), smallest
    /// size first; none when no line holds large glyphs (the common case, at the cost of one look
    /// at each glyph's height).
    public func passes(ofGlyphs boxes: [Bounds], width: Int, height: Int) -> [Pass] {
        let large = boxes.filter { Double($0.height) > readAbove }
        guard large.count >= 2, large.count <= 4000 else { return [] }
        let lines = Self.lines(of: large)
        // Each line: its box and glyph height, smallest first.
        let measured = lines.compactMap { members -> (box: Bounds, glyph: Double)? in
            guard members.count >= 2 else { return nil }
            let heights = members.map(\.height).sorted()
            return (members.union, Double(heights[heights.count / 2]))
        }.sorted { $0.glyph < $1.glyph }
        var passes: [Pass] = []
        var start = 0
        while start < measured.count {
            var end = start + 1
            while end < measured.count, measured[end].glyph <= measured[start].glyph * sizeRatio { end += 1 }
            let band = measured[start..<end]
            let glyph = band.map(\.glyph).sorted()[band.count / 2]
            let areas = band.map { line in
                let dx = Int(line.glyph * 0.6), dy = Int(line.glyph * 0.3)
                return Bounds(x: line.box.x - dx, y: line.box.y - dy, width: line.box.width + 2 * dx,
                              height: line.box.height + 2 * dy).clamped(width: width, height: height)
            }
            passes.append(Pass(scale: targetGlyphHeight / glyph, glyphHeight: glyph, areas: areas))
            start = end
        }
        return passes
    }

    /// The glyphs joined into lines: side by side (a gap of at most a glyph and a half), overlapping
    /// by half the smaller one's height, of heights within a factor of 2.5 (capitals beside lower case).
    static func lines(of glyphs: [Bounds]) -> [[Bounds]] {
        let sorted = glyphs.sorted { $0.x < $1.x }
        var parent = Array(sorted.indices)
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for i in sorted.indices {
            let a = sorted[i]
            for j in (i + 1)..<sorted.count {
                let b = sorted[j]
                // Sorted by x: past this, no glyph of a height that could join is near enough.
                if b.x - a.maxX > a.height * 4 { break }
                let tall = max(a.height, b.height), short = min(a.height, b.height)
                let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
                guard b.x - a.maxX <= tall * 3 / 2, overlap * 2 >= short, tall * 2 <= short * 5 else { continue }
                let (ra, rb) = (find(i), find(j))
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
        }
        var groups: [Int: [Bounds]] = [:]
        for i in sorted.indices { groups[find(i), default: []].append(sorted[i]) }
        return groups.keys.sorted().map { groups[$0]! }
    }
}
