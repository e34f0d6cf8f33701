/// Where a window lies on an image, found from its text: the lines an application published in
/// its window's coordinates (all a Wayland compositor lets it know) matched against the OCR's
/// lines of the same pixels. Each published line and OCR line that read alike vote for the offset
/// between them (left edges, middles; a table cell's, with a run of words of the OCR's line across
/// its row); the offset that most published lines agree on, at least
/// `minimumAgreeing` and no other offset as many, places the window; none otherwise (OCR alone).
public enum WindowOffsetVote {
    /// Published lines that must agree on one offset for it to be believed.
    public static let minimumAgreeing = 2
    /// Fewer characters (blanks aside) read alike too easily to vote.
    static let minimumCharacters = 3
    /// Table cells that vote, at most (the first of them).
    static let maximumCellVoters = 24

    /// The offset (in the image's pixels) from the window's coordinates of `published` to the
    /// image of `ocrLines`, with the published lines that agreed on it; nil without a clear vote.
    public static func offset(of published: [PublishedLine], among ocrLines: [TextLine])
        -> (x: Int, y: Int, agreeing: [Int])? {
        // Every pair that reads alike: the published line, and the offset it says.
        var votes: [(line: Int, x: Int, y: Int, tolerance: Int)] = []
        // A table's cell is a part of the OCR's line across its row: it is matched with that line's
        // runs of words. At most `maximumCellVoters` cells vote: a large table's every cell against
        // every run costs more than its vote is worth.
        let runs = published.contains { $0.cell != nil } ? ocrLines.flatMap(wordRuns) : []
        var cellVoters = 0
        for (number, line) in published.enumerated() where line.text.filter({ !$0.isWhitespace }).count >= minimumCharacters {
            if line.cell != nil {
                guard cellVoters < maximumCellVoters else { continue }
                cellVoters += 1
            }
            for ocr in line.cell == nil ? ocrLines : runs
            where TextFusion.similarity(line.text, ocr.text) >= TextFusion.matchingSimilarity {
                // A line of another size is another line, however alike it reads.
                guard ocr.bounds.height * 3 >= line.bounds.height, ocr.bounds.height <= line.bounds.height * 3 else { continue }
                let y = Int((ocr.bounds.midY - line.bounds.midY).rounded())
                votes.append((number, ocr.bounds.x - line.bounds.x, y, max(6, line.bounds.height / 2)))
            }
        }
        // Each vote's offset, and the published lines whose votes fall near it.
        var best: (x: Int, y: Int, agreeing: [Int])?, tied = false
        for vote in votes {
            let near = votes.filter { abs($0.x - vote.x) <= vote.tolerance && abs($0.y - vote.y) <= vote.tolerance }
            let lines = Array(Set(near.map(\.line))).sorted()
            guard lines.count >= minimumAgreeing else { continue }
            // The offset: the middle of the agreeing votes, one a line (its nearest).
            let chosen = lines.map { line in
                near.filter { $0.line == line }.min { abs($0.x - vote.x) + abs($0.y - vote.y) < abs($1.x - vote.x) + abs($1.y - vote.y) }!
            }
            let x = median(chosen.map(\.x)), y = median(chosen.map(\.y))
            if let current = best {
                if lines.count > current.agreeing.count {
                    (best, tied) = ((x, y, lines), false)
                } else if lines.count == current.agreeing.count,
                          abs(x - current.x) > vote.tolerance || abs(y - current.y) > vote.tolerance {
                    tied = true
                }
            } else {
                best = (x, y, lines)
            }
        }
        return tied ? nil : best
    }

    /// `published` moved onto the image by the voted offset and clipped to `width` × `height`, a
    /// table cell's place with it (their text checked again where they land, as any published
    /// line is); none without a vote.
    public static func placed(_ published: [PublishedLine], among ocrLines: [TextLine], width: Int, height: Int)
        -> [PublishedLine] {
        guard let offset = offset(of: published, among: ocrLines) else { return [] }
        return published.compactMap { line in
            var moved = line
            moved.bounds = line.bounds.moved(x: offset.x, y: offset.y).clamped(width: width, height: height)
            if let cell = line.cell { moved.cell?.place = cell.place.moved(x: offset.x, y: offset.y).clamped(width: width, height: height) }
            return moved.bounds.isEmpty ? nil : moved
        }
    }

    /// Every run of one or more neighbouring words of `line`, as a line of its own (at most
    /// eight words a run: a cell is shorter than a row).
    static func wordRuns(_ line: TextLine) -> [TextLine] {
        let words = line.words
        return words.indices.flatMap { start in
            (start..<min(words.count, start + 8)).map { end in TextLine(words: Array(words[start...end])) }
        }
    }

    static func median(_ values: [Int]) -> Int {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
