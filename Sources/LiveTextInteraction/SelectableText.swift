import LiveTextCore

/// An analysis' text as selection sees it: every word in reading order (the order of
/// `ImageAnalysis.blocks` → lines → words, which is the order of `text`), with its bounds on the
/// image and where it sits in `text`. Built once per analysis; every question after is a lookup.
public struct SelectableText: Sendable {
    /// One word, in reading order.
    struct Word: Sendable {
        var position: TextPosition
        var bounds: Bounds
        var characters: [Character]
        /// Unicode-scalar offset of its first character in `ImageAnalysis.text`.
        var textOffset: Int
        /// The scalars of each character, to turn text offsets into character offsets.
        var scalarCounts: [Int]
        /// Index of its line in `lines`.
        var line: Int
    }

    /// One line that has words, in reading order.
    struct Line: Sendable {
        var block: Int
        var line: Int
        var bounds: Bounds
        /// Its words, as indices into `words`.
        var words: Range<Int>
        /// Where a point belongs to it, as a document editor's line box: across the whole width of
        /// its block, and from halfway to the line above to halfway to the line below (its own
        /// top and bottom at the block's ends). Set once all lines are known.
        var area: Bounds = .zero
    }

    let blocks: [TextBlock]
    let words: [Word]
    let lines: [Line]
    /// The frame words and lines are kept in: the image for level text; for tilted text the
    /// image turned so that its text is level, where rows, areas and positions work as on level
    /// text. Points come in through it and rectangles go out through it.
    let frame: TextFrame

    public init(_ analysis: ImageAnalysis) {
        self.init(blocks: analysis.blocks)
    }

    /// Follows how `ImageAnalysis.text` is built: words joined by a space, lines by `\n`,
    /// blocks by a blank line.
    public init(blocks: [TextBlock]) {
        self.blocks = blocks
        let tilted = blocks.lazy.flatMap(\.lines).flatMap(\.words).first { !$0.quad.isLevel }
        let frame = TextFrame(angle: tilted?.quad.angle ?? 0)
        self.frame = frame
        var words: [Word] = [], lines: [Line] = []
        var offset = 0
        for (b, block) in blocks.enumerated() {
            if b > 0 { offset += 2 }
            for (l, line) in block.lines.enumerated() {
                if l > 0 { offset += 1 }
                let first = words.count
                for (w, word) in line.words.enumerated() {
                    if w > 0 { offset += 1 }
                    let characters = Array(word.text)
                    words.append(Word(position: TextPosition(block: b, line: l, word: w), bounds: frame.bounds(of: word),
                                      characters: characters, textOffset: offset,
                                      scalarCounts: characters.map(\.unicodeScalars.count), line: lines.count))
                    offset += word.text.unicodeScalars.count
                }
                if words.count > first {
                    lines.append(Line(block: b, line: l, bounds: words[first...].map(\.bounds).union,
                                      words: first..<words.count))
                }
            }
        }
        self.words = words
        self.lines = Self.withAreas(lines)
    }

    /// `lines` with their areas: each block's width, the gaps between its lines split halfway.
    private static func withAreas(_ lines: [Line]) -> [Line] {
        var lines = lines
        var start = 0
        while start < lines.count {
            var end = start + 1
            while end < lines.count, lines[end].block == lines[start].block { end += 1 }
            let left = lines[start..<end].map(\.bounds.x).min() ?? 0
            let right = lines[start..<end].map(\.bounds.maxX).max() ?? 0
            for index in start..<end {
                let own = lines[index].bounds
                var top = own.y, bottom = own.maxY
                // Only between lines that follow each other down the page (not overlapping ones).
                if index > start, lines[index - 1].bounds.maxY <= own.y { top = (lines[index - 1].bounds.maxY + own.y) / 2 }
                if index + 1 < end, own.maxY <= lines[index + 1].bounds.y { bottom = (own.maxY + lines[index + 1].bounds.y) / 2 }
                lines[index].area = Bounds(x: left, y: top, width: right - left, height: bottom - top)
            }
            start = end
        }
        return lines
    }

    /// No words: nothing to select.
    public var isEmpty: Bool { words.isEmpty }

    /// Before the first word; nil without words.
    public var startPosition: TextPosition? { words.first.map(\.position) }

    /// After the last word; nil without words.
    public var endPosition: TextPosition? { words.last.map(endOf) }

    /// Everything from the first word to the last; nil without words.
    public func selectAll() -> TextSelection? {
        guard let start = startPosition, let end = endPosition else { return nil }
        return TextSelection(anchor: start, focus: end)
    }

    /// The whole word `position` is in (or the word it falls before, when it names none).
    public func wordSelection(containing position: TextPosition) -> TextSelection? {
        guard let index = locate(position)?.word else { return nil }
        return TextSelection(anchor: words[index].position, focus: endOf(words[index]))
    }

    /// The whole line `position` is on.
    public func lineSelection(containing position: TextPosition) -> TextSelection? {
        guard let index = locate(position)?.word else { return nil }
        return selection(ofLines: words[index].line...words[index].line)
    }

    /// The whole block `position` is in.
    public func blockSelection(containing position: TextPosition) -> TextSelection? {
        guard let index = locate(position)?.word else { return nil }
        let block = words[index].position.block
        guard let first = lines.firstIndex(where: { $0.block == block }),
              let last = lines.lastIndex(where: { $0.block == block }) else { return nil }
        return selection(ofLines: first...last)
    }

    /// `position` made valid: inside a word that exists, its character within the word. A
    /// position that names no word (an empty line, an index past the end) moves to the start of
    /// the next word in reading order, or the end of the last one.
    public func clamped(_ position: TextPosition) -> TextPosition? {
        guard let (index, character) = locate(position) else { return nil }
        var clamped = words[index].position
        clamped.character = character
        return clamped
    }

    // MARK: - Lookups

    /// The word `position` is in and its character offset, clamped; nil without words.
    func locate(_ position: TextPosition) -> (word: Int, character: Int)? {
        guard !words.isEmpty else { return nil }
        // Binary search: the first word whose path is not before the position's.
        var low = 0, high = words.count
        while low < high {
            let mid = (low + high) / 2
            let p = words[mid].position
            if (p.block, p.line, p.word) < (position.block, position.line, position.word) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        guard low < words.count else { return (words.count - 1, words[words.count - 1].characters.count) }
        let word = words[low]
        let sameWord = (word.position.block, word.position.line, word.position.word)
            == (position.block, position.line, position.word)
        return (low, sameWord ? min(max(0, position.character), word.characters.count) : 0)
    }

    /// The position after the last character of `word`.
    func endOf(_ word: Word) -> TextPosition {
        var end = word.position
        end.character = word.characters.count
        return end
    }

    /// From the start of the first of `range`'s lines to the end of the last.
    func selection(ofLines range: ClosedRange<Int>) -> TextSelection {
        let first = words[lines[range.lowerBound].words.lowerBound]
        let last = words[lines[range.upperBound].words.upperBound - 1]
        return TextSelection(anchor: first.position, focus: endOf(last))
    }
}
