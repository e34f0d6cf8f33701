import LiveTextCore

extension SelectableText {
    /// The rectangles that draw `selection`: one per line it covers, as high as the line, from
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
