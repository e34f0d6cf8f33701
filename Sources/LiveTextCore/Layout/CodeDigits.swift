/// The characters printed under (or over) a bar code, read as text, made to agree with what the
/// code reader decoded: the bars' own check digit has already proved the decoded value, while OCR
/// misreads the small digits squeezed beside them (`17999AA10123456784` under a Code 128 that holds
/// `1Z999AA10123456784`). A line counts as the code's printed value when it lies right under or
/// over the bars, within their width, and reads within a few edits of the value; it then reads
/// the value. Anything else is left as read.
public enum CodeDigits {
    /// The most edits between the reading and the value, also at most a quarter of its length.
    static let maximumEdits = 3

    public static func reconciled(_ blocks: [TextBlock], with codes: [MachineReadableCode]) -> [TextBlock] {
        let bars = codes.filter { !$0.isMatrix && !$0.payload.isEmpty }
        guard !bars.isEmpty else { return blocks }
        return blocks.map { block in
            var changed = false
            let lines = block.lines.map { line -> TextLine in
                guard let code = bars.first(where: { printsValue(line, of: $0) }),
                      comparable(line.text) != comparable(code.payload) else { return line }
                changed = true
                let confidence = line.words.map(\.confidence).max() ?? 0
                return TextLine(words: [TextWord(text: code.payload, bounds: line.bounds, confidence: confidence, quad: line.quad)])
            }
            guard changed else { return block }
            var fixed = TextBlock(lines: lines)
            fixed.language = block.language
            return fixed
        }
    }

    /// Whether `line` is where `code`'s value is printed, and reads close enough to it.
    static func printsValue(_ line: TextLine, of code: MachineReadableCode) -> Bool {
        let bars = code.bounds, box = line.bounds
        let middle = box.x + box.width / 2
        guard middle >= bars.x, middle < bars.maxX, box.width <= bars.width + box.height else { return false }
        // Right under the bars (their reader's bounds may stop short of their ends), or over them.
        let reach = 2 * box.height
        let under = box.y >= bars.y + bars.height / 2 && box.y - bars.maxY <= reach
        let over = box.maxY <= bars.y + bars.height / 2 && bars.y - box.maxY <= reach
        guard under || over else { return false }
        let read = comparable(line.text), value = comparable(code.payload)
        let limit = min(maximumEdits, value.count / 4)
        guard abs(read.count - value.count) <= limit else { return false }
        return edits(read, value) <= limit
    }

    /// The characters that count: a printed value's grouping blanks, Code 39's start and stop
    /// asterisks and GS1's brackets around application identifiers do not.
    static func comparable(_ text: String) -> [Character] {
        text.filter { !$0.isWhitespace && !"*()".contains($0) }.map { $0 }
    }

    /// Levenshtein distance.
    static func edits(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
