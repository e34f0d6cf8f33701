import Foundation

/// Finds how far the text of a page is turned from level, from its glyphs alone.
///
/// The bottoms of glyphs on one line lie on its baseline: projected across the lines at the
/// text's own angle, they pile up in a few narrow rows; at any other angle they smear. So each
/// candidate angle is scored by how unevenly the glyphs' bottom centres fall into rows (the sum
/// of the squared counts), coarsely over the whole range with rows a glyph high, then finely
/// around the best with rows a third of one. The glyphs are the ink components the preprocessor
/// has already found (`TextHeightEstimator.glyphBoxes`), so a page costs no pass over its
/// pixels: a few thousand points times a hundred angles.
///
/// Done here in Swift rather than by leptonica's `pixFindSkew` in the adapter: the core decides
/// what to read at which angle and maps every box back, and it already holds the glyphs; the
/// adapter would need the page handed over only to answer one number, and leptonica's search
/// covers ±7° by default where photos and scans need ±15°.
public struct SkewEstimator: Sendable {
    /// The widest tilt looked for, in degrees, either way.
    public var range: Double = 15
    /// Tilts smaller than this, in degrees, are read as level: the engine copes with them, and
    /// screens (level to the pixel) never pay for turning.
    public var minimumAngle: Double = 0.5
    /// How much more sharply the glyphs line up at the angle found than level, for it to count.
    public var minimumGain: Double = 1.15
    /// Fewer glyphs than this tell nothing.
    public var minimumGlyphs = 12

    public init() {}

    /// The tilt of the text in radians (positive: lines fall to the right), or nil when the text
    /// is level, or too little to tell.
    public func angle(ofGlyphs boxes: [Bounds]) -> Double? {
        guard boxes.count >= minimumGlyphs else { return nil }
        let heights = boxes.map(\.height).sorted()
        let glyph = Double(heights[heights.count / 2])
        let xs = boxes.map { Double($0.x) + Double($0.width) / 2 }, ys = boxes.map { Double($0.maxY) }
        let degree = Double.pi / 180
        // Coarse: rows a glyph high, every quarter degree.
        var best = 0.0, bestScore = -1.0
        for step in Int(-range * 4)...Int(range * 4) {
            let angle = Double(step) / 4 * degree
            let score = Self.score(xs, ys, angle: angle, row: glyph)
            if score > bestScore { (best, bestScore) = (angle, score) }
        }
        // Fine: rows a third of a glyph, every twentieth of a degree around it; the middle of
        // the angles that score best (short lines score alike over a span of angles).
        let row = max(1, glyph / 3)
        let fineAngles = (-8...8).map { best + Double($0) / 20 * degree }
        let scores = fineAngles.map { Self.score(xs, ys, angle: $0, row: row) }
        let fineScore = scores.max() ?? 0
        let top = fineAngles.indices.filter { scores[$0] >= fineScore * 0.999 }
        let fine = (fineAngles[top.first!] + fineAngles[top.last!]) / 2
        guard abs(fine) >= minimumAngle * degree,
              fineScore >= minimumGain * Self.score(xs, ys, angle: 0, row: row) else { return nil }
        return fine
    }

    /// How unevenly the points fall into rows of `row` pixels across lines turned by `angle`.
    static func score(_ xs: [Double], _ ys: [Double], angle: Double, row: Double) -> Double {
        let c = cos(angle) / row, s = sin(angle) / row
        var rows = [Int](repeating: 0, count: xs.count)
        var low = Int.max, high = Int.min
        for index in xs.indices {
            let v = Int((ys[index] * c - xs[index] * s).rounded(.down))
            rows[index] = v
            low = min(low, v); high = max(high, v)
        }
        var counts = [Int](repeating: 0, count: high - low + 1)
        for v in rows { counts[v - low] += 1 }
        return counts.reduce(0.0) { $0 + Double($1 * $1) }
    }
}
