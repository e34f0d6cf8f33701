import LiveTextCore

/// Where each word of an analysis sits in its `text`, so an item found in the text gets the pixel
/// bounds of the words it covers, as a whole and line by line.
struct WordLocations {
    private var ranges: [Range<Int>] = []
    private var bounds: [Bounds] = []
    private var quads: [Quad] = []
    /// The number of each word's line, counted through the whole analysis.
    private var lines: [Int] = []

    /// Follows how `ImageAnalysis.text` is built: words joined by a space, lines by `\n`,
    /// blocks by a blank line.
    init(_ blocks: [TextBlock]) {
        var offset = 0, lineNumber = 0
        for (b, block) in blocks.enumerated() {
            if b > 0 { offset += 2 }
            for (l, line) in block.lines.enumerated() {
                if l > 0 { offset += 1 }
                for (w, word) in line.words.enumerated() {
                    if w > 0 { offset += 1 }
                    let length = word.text.unicodeScalars.count
                    ranges.append(offset..<(offset + length))
                    bounds.append(word.bounds)
                    quads.append(word.quad)
                    lines.append(lineNumber)
                    offset += length
                }
                lineNumber += 1
            }
        }
    }

    /// The union of the bounds of the words `range` touches, each cut to the characters it
    /// covers; nil when it touches none.
    func bounds(of range: Range<Int>) -> Bounds? {
        let touched = words(touching: range)
        return touched.isEmpty ? nil : touched.map { covered(by: range, of: $0) }.union
    }

    /// Word `index`'s bounds cut to the characters `range` covers of it ("April" of "April.",
    /// "example.org" of "(example.org)"), each character taken as an equal share of the word's
    /// width: no glyph widths are known here, and the shares are close for the few characters a
    /// word's punctuation adds.
    private func covered(by range: Range<Int>, of index: Int) -> Bounds {
        let word = ranges[index], box = bounds[index]
        let from = max(range.lowerBound, word.lowerBound), to = min(range.upperBound, word.upperBound)
        guard from > word.lowerBound || to < word.upperBound, !box.isEmpty, to > from else { return box }
        let count = word.count
        let left = box.x + box.width * (from - word.lowerBound) / count
        let right = box.x + (box.width * (to - word.lowerBound) + count - 1) / count
        return Bounds(x: left, y: box.y, width: max(1, right - left), height: box.height)
    }

    /// The quad holding the words `range` touches, each cut to the characters it covers, turned
    /// as they are (the rectangle of `bounds(of:)` for level text); nil when it touches none.
    func quad(of range: Range<Int>) -> Quad? {
        Quad.enclosing(words(touching: range).map { coveredQuad(by: range, of: $0) })
    }

    /// One quad per line `range` touches, beside `lineBounds(of:)`.
    func lineQuads(of range: Range<Int>) -> [Quad] {
        var result: [Quad] = []
        var current: (line: Int, quads: [Quad])?
        for index in words(touching: range) {
            let quad = coveredQuad(by: range, of: index)
            if let open = current, open.line == lines[index] {
                current = (open.line, open.quads + [quad])
            } else {
                if let open = current, let quad = Quad.enclosing(open.quads), !quad.bounds.isEmpty { result.append(quad) }
                current = (lines[index], [quad])
            }
        }
        if let open = current, let quad = Quad.enclosing(open.quads), !quad.bounds.isEmpty { result.append(quad) }
        return result
    }

    /// Word `index`'s quad cut as `covered(by:of:)` cuts its bounds: along its length.
    private func coveredQuad(by range: Range<Int>, of index: Int) -> Quad {
        let quad = quads[index]
        guard !quad.isLevel else { return Quad(covered(by: range, of: index)) }
        let word = ranges[index]
        let from = max(range.lowerBound, word.lowerBound), to = min(range.upperBound, word.upperBound)
        guard from > word.lowerBound || to < word.upperBound, to > from else { return quad }
        let count = Double(word.count)
        return quad.part(from: Double(from - word.lowerBound) / count, to: Double(to - word.lowerBound) / count)
    }

    /// One rectangle per line `range` touches, in reading order: the union of the bounds of the
    /// words it touches on that line, cut to the characters it covers (lines whose touched words
    /// have no area left out).
    func lineBounds(of range: Range<Int>) -> [Bounds] {
        var result: [Bounds] = []
        var current: (line: Int, bounds: Bounds)?
        for index in words(touching: range) {
            let box = covered(by: range, of: index)
            if let open = current, open.line == lines[index] {
                current = (open.line, open.bounds.union(box))
            } else {
                if let open = current, !open.bounds.isEmpty { result.append(open.bounds) }
                current = (lines[index], box)
            }
        }
        if let open = current, !open.bounds.isEmpty { result.append(open.bounds) }
        return result
    }

    /// The indices of the words `range` touches, in text order.
    private func words(touching range: Range<Int>) -> Range<Int> {
        // Words are in text order: binary-search the first word ending after the range starts.
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < ranges.count, ranges[end].lowerBound < range.upperBound { end += 1 }
        return low..<end
    }
}
