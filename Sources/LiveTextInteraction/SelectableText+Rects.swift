import LiveTextCore

extension SelectableText {
    /// The quads that draw `selection` on the image: `rects(of:)` turned with tilted text (the
    /// rectangles themselves for level text).
    public func quads(of selection: TextSelection) -> [Quad] {
        rects(of: selection).map { frame.quad(of: $0) }
    }

    /// Points inside the selection's two ends on the image, half a pixel in from its first
    /// line's start and its last line's end, at mid-height; nil when it covers nothing.
    public func ends(of selection: TextSelection) -> (from: PixelPoint, to: PixelPoint)? {
        let rects = rects(of: selection)
        guard !selection.isEmpty, let first = rects.first, let last = rects.last else { return nil }
        return (frame.image(PixelPoint(x: Double(first.x) + 0.5, y: first.midY)),
                frame.image(PixelPoint(x: Double(last.maxX) - 0.5, y: last.midY)))
    }

    /// The rectangles that draw `selection`, in the text's frame (image pixels for level text;
    /// `quads(of:)` on the image): one per line it covers, as high as the line, from
    /// the start position (on its first line) to the end position (on its last), whole lines
    /// between. Where a position falls inside a word, its x is estimated in proportion across the
    /// word's bounds. A line the selection only touches at an end (nothing of it selected) has none.
    public func rects(of selection: TextSelection) -> [Bounds] {
        guard !selection.isEmpty, let start = locate(selection.start), let end = locate(selection.end),
              (start.word, start.character) < (end.word, end.character) else { return [] }
        var rects: [Bounds] = []
        for index in words[start.word].line...words[end.word].line {
            let line = lines[index]
            let left = index == words[start.word].line ? x(of: start) : line.bounds.x
            let right = index == words[end.word].line ? x(of: end) : line.bounds.maxX
            guard right > left else { continue }
            rects.append(Bounds(x: left, y: line.bounds.y, width: right - left, height: line.bounds.height))
        }
        return rects
    }

    /// The x of a character boundary, in proportion across its word.
    func x(of location: (word: Int, character: Int)) -> Int {
        let word = words[location.word]
        let count = word.characters.count
        guard count > 0 else { return word.bounds.x }
        return word.bounds.x + Int((Double(word.bounds.width) * Double(location.character) / Double(count)).rounded())
    }
}
