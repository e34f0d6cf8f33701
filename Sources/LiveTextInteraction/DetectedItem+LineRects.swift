import LiveTextCore

extension DetectedItem {
    /// The rectangles to underline: one per line the item covers (`lines` when it covers more
    /// than one, else `bounds`); none without bounds.
    public var lineRects: [Bounds] {
        lines ?? bounds.map { [$0] } ?? []
    }

    /// Where it lies, line by line, to underline and to hit: the quads of tilted text
    /// (`lineQuads`, else `quad`), the rectangles of `lineRects` for level text.
    public var lineShapes: [Quad] {
        if let lineQuads, lineQuads.contains(where: { !$0.isLevel }) { return lineQuads }
        if lines == nil, let quad, !quad.isLevel { return [quad] }
        return lineRects.map(Quad.init)
    }
}

extension TextLine {
    /// Fills covering the line: its bounds when level, its quad when tilted.
    public func fills(_ color: LiveColor) -> [LivePaint] {
        quad.isLevel ? [.fill(bounds, color)] : quad.fills(color)
    }
}
