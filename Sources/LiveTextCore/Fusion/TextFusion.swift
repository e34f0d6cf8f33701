/// The OCR's reading and the lines applications published, made one reading: a published line
/// whose box holds ink is taken as the text of that box (exact, where OCR guesses); one whose
/// box holds none keeps its text but takes its place from the OCR line that reads like it, or,
/// matching none, stays out (text published but never drawn). OCR's words outside the taken
/// boxes stay as they were; the blocks of both are put in reading order together.
public enum TextFusion {
    /// What became of the published lines.
    public struct Outcome: Sendable {
        public var blocks: [TextBlock]
        /// Taken where published.
        public var accepted: Int
        /// Taken with the place of the OCR line they match.
        public var moved: Int
        /// Left out: no ink where published, and no OCR line like them.
        public var dropped: Int
    }

    /// How alike (0-1) a published line and an OCR line must read for the one to take the
    /// other's place.
    static let matchingSimilarity = 0.6

    public static func fused(_ blocks: [TextBlock], with published: [PublishedLine], in image: PixelImage) -> Outcome {
        let checked = PublishedCover.checked(published, in: image)
        return fused(blocks, accepted: checked.accepted, unchecked: checked.unchecked)
    }

    /// The same with the ink check already made (`PublishedCover`): `accepted` lines are taken
    /// where they are, not checked again; `unchecked` ones go to the OCR line they read like, or out.
    public static func fused(_ blocks: [TextBlock], accepted: [PublishedLine], unchecked: [PublishedLine]) -> Outcome {
        let ocrLines = blocks.flatMap(\.lines)
        var taken: [(line: PublishedLine, box: Bounds)] = accepted.map { ($0, $0.bounds) }
        var replacedOCR = Set<Int>()
        var outcome = Outcome(blocks: [], accepted: accepted.count, moved: 0, dropped: 0)
        for line in unchecked where !line.text.isEmpty {
            if let pieces = wrapped(line, among: ocrLines, excluding: replacedOCR) {
                for (index, piece) in pieces {
                    replacedOCR.insert(index)
                    taken.append((piece, piece.bounds))
                }
                outcome.moved += 1
            } else if let match = bestMatch(for: line, among: ocrLines, excluding: replacedOCR) {
                replacedOCR.insert(match)
                taken.append((line, ocrLines[match].bounds))
                outcome.moved += 1
            } else {
                outcome.dropped += 1
            }
        }
        let boxes = taken.map(\.box)
        var kept: [TextBlock] = []
        var index = 0
        for block in blocks {
            var lines: [TextLine] = []
            for line in block.lines {
                defer { index += 1 }
                guard !replacedOCR.contains(index) else { continue }
                let words = line.words.filter { word in !boxes.contains { covers($0, word.bounds) } }
                if words.count == line.words.count { lines.append(line) } else if !words.isEmpty { lines.append(TextLine(words: words)) }
            }
            if let block = block.replacingLines(with: lines) { kept.append(block) }
        }
        var groups: [Int: [TextLine]] = [:]
        var order: [Int] = []
        for (line, box) in taken {
            if groups[line.group] == nil { order.append(line.group) }
            groups[line.group, default: []].append(textLine(line.text, in: box, beside: ocrLines))
        }
        let published = order.map { TextBlock(lines: groups[$0]!.sorted { ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x) }) }
        outcome.blocks = ReadingOrder.sorted(kept + published)
        return outcome
    }

    /// Whether the taken box holds the OCR word: its centre lies inside.
    static func covers(_ box: Bounds, _ word: Bounds) -> Bool {
        box.contains(x: word.x + word.width / 2, y: word.y + word.height / 2)
    }

    /// The OCR line that reads most like `line` (overlapping ones first), if alike enough.
    static func bestMatch(for line: PublishedLine, among ocrLines: [TextLine], excluding used: Set<Int>) -> Int? {
        var best: (index: Int, score: Double)?
        for (index, candidate) in ocrLines.enumerated() where !used.contains(index) {
            var score = similarity(line.text, candidate.text)
            guard score >= matchingSimilarity else { continue }
            if !candidate.bounds.intersection(line.bounds).isEmpty { score += 1 }
            if score > (best?.score ?? -1) { best = (index, score) }
        }
        return best?.index
    }

    /// 1 minus the edit distance over the longer length, blanks and case aside.
    static func similarity(_ a: String, _ b: String) -> Double {
        let left = Array(a.lowercased().filter { !$0.isWhitespace }), right = Array(b.lowercased().filter { !$0.isWhitespace })
        let longest = max(left.count, right.count)
        guard longest > 0 else { return 0 }
        return 1 - Double(CodeDigits.edits(left, right)) / Double(longest)
    }

    /// The published text as a line of words in `box`: each word where the OCR line over the
    /// box has its word, when they have as many; else at its share of the box by characters.
    static func textLine(_ text: String, in box: Bounds, beside ocrLines: [TextLine]) -> TextLine {
        let tokens = text.split(whereSeparator: \.isWhitespace)
        let over = ocrLines.first { $0.words.count == tokens.count && covers(box, $0.bounds) }
        let total = max(1, text.count)
        var words: [TextWord] = []
        for (number, token) in tokens.enumerated() {
            var left: Int, right: Int
            if let over {
                let word = over.words[number].bounds
                (left, right) = (max(box.x, word.x), min(box.maxX, word.maxX))
            } else {
                let start = text.distance(from: text.startIndex, to: token.startIndex)
                (left, right) = (box.x + box.width * start / total, box.x + box.width * (start + token.count) / total)
            }
            words.append(TextWord(text: String(token), bounds: Bounds(x: left, y: box.y, width: max(1, right - left), height: box.height),
                                  confidence: 100, source: .accessibility))
        }
        return TextLine(words: words)
    }
}
