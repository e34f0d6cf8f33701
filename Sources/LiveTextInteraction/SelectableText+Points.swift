import LiveTextCore

extension SelectableText {
    /// The position under `point` (image pixels) when it is over a word: the character boundary
    /// nearest to it. Nil over no word: the pointer is not over text.
    public func position(at point: PixelPoint) -> TextPosition? {
        let point = frame.level(point)
        guard let index = words.firstIndex(where: { $0.bounds.contains(point) }) else { return nil }
        return position(in: words[index], nearest: point.x)
    }

    /// The start of the word under `point`, nil over none.
    public func word(at point: PixelPoint) -> TextPosition? {
        let point = frame.level(point)
        return words.first { $0.bounds.contains(point) }?.position
    }

    /// The position nearest to `point`, wherever it is: the nearest line, on it the word under or
    /// nearest to the point across, in it the nearest character boundary. Nil without words.
    public func position(nearest point: PixelPoint) -> TextPosition? {
        let point = frame.level(point)
        guard let line = nearestLine(to: point) else { return nil }
        var best = line.words.lowerBound, bestDistance = Double.infinity
        for index in line.words {
            let distance = words[index].bounds.distance(to: point).dx
            if distance < bestDistance { best = index; bestDistance = distance }
            if distance == 0 { break }
        }
        return position(in: words[best], nearest: point.x)
    }

    /// A press at `from` dragged to `to`: everything between the two positions nearest to them.
    public func selection(from: PixelPoint, to: PixelPoint) -> TextSelection? {
        guard let anchor = position(nearest: from), let focus = position(nearest: to) else { return nil }
        return TextSelection(anchor: anchor, focus: focus)
    }

    /// `selection` extended to the position nearest `point` (Shift+click); a new caret there
    /// when there is no selection yet.
    public func extend(_ selection: TextSelection?, to point: PixelPoint) -> TextSelection? {
        guard let position = position(nearest: point) else { return selection }
        guard let selection else { return TextSelection(caret: position) }
        return selection.extended(to: position)
    }

    /// The word nearest to `point` (a double click).
    public func wordSelection(at point: PixelPoint) -> TextSelection? {
        position(nearest: point).flatMap(wordSelection(containing:))
    }

    /// The line nearest to `point` (a triple click).
    public func lineSelection(at point: PixelPoint) -> TextSelection? {
        position(nearest: point).flatMap(lineSelection(containing:))
    }

    /// The block nearest to `point`.
    public func blockSelection(at point: PixelPoint) -> TextSelection? {
        position(nearest: point).flatMap(blockSelection(containing:))
    }

    /// The line a point picks, as a document editor would: the line under it; else the line whose
    /// area (its block's width, down to halfway to the next line: see `Line.area`) holds it, so that
    /// a point far right of a short line, or in a column's gap between two lines, picks that line;
    /// else the line whose area is nearest, vertical distance counting `verticalWeight` times the
    /// horizontal, so that overshooting a line's row sideways (into a gutter, past a column's
    /// edge) stays on that row rather than jumping to a line above or below. The first in
    /// reading order of equally near ones.
    func nearestLine(to point: PixelPoint) -> Line? {
        if let under = lines.first(where: { $0.bounds.contains(point) }) { return under }
        var best: Line?, bestDistance = Double.infinity
        for line in lines {
            let (dx, dy) = line.area.distance(to: point)
            let distance = dx * dx + (Self.verticalWeight * dy) * (Self.verticalWeight * dy)
            if distance < bestDistance { best = line; bestDistance = distance }
            if distance == 0 { break }
        }
        return best
    }

    /// How much more a pixel of vertical distance to a line counts than a horizontal one.
    static let verticalWeight = 2.0

    /// The character boundary of `word` nearest to `x`, estimated in proportion across its bounds
    /// (words have no per-character boxes).
    func position(in word: Word, nearest x: Double) -> TextPosition {
        var position = word.position
        let count = word.characters.count
        let bounds = word.bounds
        if x <= Double(bounds.x) || bounds.width == 0 {
            position.character = x <= Double(bounds.x) ? 0 : count
        } else {
            let fraction = (x - Double(bounds.x)) / Double(bounds.width)
            position.character = min(count, max(0, Int((fraction * Double(count)).rounded())))
        }
        return position
    }
}
