/// Check boxes and radio buttons beside a dialog's labels, which the recognizer reads as
/// characters (`©` for a radio button, `@` for a chosen one, `J`, `(J`, `]` for boxes): they are
/// widgets, not text, and are left out of the line they begin or end.
///
/// A mark is told from a character by its size and its shape, not by what it was read as: about
/// square, clearly taller than the words of its line (a letter `O` or a `©` of the text is as tall
/// as its capitals), apart from them, its outline closed on all four sides, and inside either
/// empty (not chosen) or filled at its middle (a chosen radio button's dot, a ticked box's fill).
/// A `©` of a larger size keeps its `c` between the two, off the middle, and stays text.
enum WidgetMarks {
    /// How much taller than the median word of its line a mark is, at least.
    static let minimumHeightRatio = 1.15
    /// Its width over its height.
    static let aspect = 0.75...1.35
    /// The share of each side's middle half its outline covers with ink, at least.
    static let closedShare = 0.6
    /// Inside: at most this share of ink (empty), or at least `filledShare` at the middle.
    static let emptyShare = 0.1, filledShare = 0.6

    /// `line` without the marks that begin or end it; nil when nothing but marks is left.
    static func removed(from line: RecognizedLine, in page: PixelImage) -> RecognizedLine? {
        var words = line.words
        guard words.count >= 2 else { return line }
        if isMark(words[0], beside: Array(words.dropFirst()), in: page) { words.removeFirst() }
        if words.count >= 2, isMark(words[words.count - 1], beside: Array(words.dropLast()), in: page) { words.removeLast() }
        guard words.count != line.words.count else { return line }
        return RecognizedLine(bounds: words.map(\.bounds).union, words: words)
    }

    /// Whether `word` is a widget's mark beside the words `others` of its line.
    static func isMark(_ word: RecognizedWord, beside others: [RecognizedWord], in page: PixelImage) -> Bool {
        let box = word.bounds
        guard word.text.count <= 3, word.text.filter(\.isLetter).count <= 1, box.height >= 6,
              aspect.contains(Double(box.width) / Double(box.height)), !others.isEmpty else { return false }
        let heights = others.map(\.bounds.height).sorted()
        guard Double(box.height) >= minimumHeightRatio * Double(heights[heights.count / 2]) else { return false }
        // Apart from the text beside it.
        let gap = others.map { max($0.bounds.x - box.maxX, box.x - $0.bounds.maxX) }.min() ?? 0
        guard Double(gap) >= 0.25 * Double(box.height) else { return false }
        let inside = box.clamped(width: page.width, height: page.height)
        guard inside == box else { return false }
        return isClosed(box, in: page) && (inkShare(box, within: 0...0.6, in: page) <= emptyShare
            || inkShare(box, within: 0...0.3, in: page) >= filledShare)
    }

    /// Ink on each side of `box`: across the middle half of its outer quarter rows and columns.
    static func isClosed(_ box: Bounds, in page: PixelImage) -> Bool {
        let band = max(1, box.height / 4), quarterX = box.width / 4, quarterY = box.height / 4
        func ink(_ x: Int, _ y: Int) -> Bool { page.pixels[y * page.width + x] < PageStrips.inkThreshold }
        func columnsInked(rows: Range<Int>) -> Bool {
            let columns = (box.x + quarterX)..<(box.maxX - quarterX)
            let inked = columns.filter { x in rows.contains { ink(x, $0) } }.count
            return Double(inked) >= closedShare * Double(max(1, columns.count))
        }
        func rowsInked(columns: Range<Int>) -> Bool {
            let rows = (box.y + quarterY)..<(box.maxY - quarterY)
            let inked = rows.filter { y in columns.contains { ink($0, y) } }.count
            return Double(inked) >= closedShare * Double(max(1, rows.count))
        }
        return columnsInked(rows: box.y..<(box.y + band)) && columnsInked(rows: (box.maxY - band)..<box.maxY)
            && rowsInked(columns: box.x..<(box.x + band)) && rowsInked(columns: (box.maxX - band)..<box.maxX)
    }

    /// The share of inked pixels whose distance from `box`'s middle, over its half size, is in `radii`.
    static func inkShare(_ box: Bounds, within radii: ClosedRange<Double>, in page: PixelImage) -> Double {
        let cx = Double(box.x) + Double(box.width) / 2, cy = Double(box.y) + Double(box.height) / 2
        var inked = 0, all = 0
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX {
                let u = (Double(x) + 0.5 - cx) / (Double(box.width) / 2), v = (Double(y) + 0.5 - cy) / (Double(box.height) / 2)
                guard radii.contains((u * u + v * v).squareRoot()) else { continue }
                all += 1
                if page.pixels[y * page.width + x] < PageStrips.inkThreshold { inked += 1 }
            }
        }
        return all == 0 ? 0 : Double(inked) / Double(all)
    }
}
