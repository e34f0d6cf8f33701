extension TextFusion {
    /// A published line in its widget's box (`boxIsWidget`) that the toolkit wrapped over several
    /// lines but published as one (a Qt label's name): the OCR lines in that box, top to bottom,
    /// each given the published words that read most like it (the last the rest), when together
    /// they read like the published line; nil otherwise (fewer than two such lines, or too unlike).
    /// Each piece is the published text of one OCR line, by its index.
    static func wrapped(_ line: PublishedLine, among ocrLines: [TextLine], excluding used: Set<Int>)
        -> [(index: Int, line: PublishedLine)]? {
        guard line.boxIsWidget else { return nil }
        let inside = ocrLines.indices.filter { !used.contains($0) && covers(line.bounds, ocrLines[$0].bounds) }
            .sorted { (ocrLines[$0].bounds.y, ocrLines[$0].bounds.x) < (ocrLines[$1].bounds.y, ocrLines[$1].bounds.x) }
        var words = line.text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard inside.count >= 2, words.count >= inside.count,
              similarity(line.text, inside.map { ocrLines[$0].text }.joined(separator: " ")) >= matchingSimilarity
        else { return nil }
        var pieces: [(index: Int, line: PublishedLine)] = []
        for (position, index) in inside.enumerated() {
            let left = inside.count - position - 1
            var count = words.count
            if left > 0 {
                // At least one word for each line still to come; the fewest words of the most alike.
                let alike = { (count: Int) in similarity(words.prefix(count).joined(separator: " "), ocrLines[index].text) }
                count = (1...(words.count - left)).max { alike($0) < alike($1) } ?? 1
            }
            var piece = line
            piece.text = words.prefix(count).joined(separator: " ")
            piece.bounds = ocrLines[index].bounds
            pieces.append((index, piece))
            words.removeFirst(count)
        }
        return pieces
    }
}
