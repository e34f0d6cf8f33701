/// A line cut in half by the edge of a selection reads as garbage (`rele 1 moria etatft J79NA`):
/// it touches the top or bottom of the image, is lower than the page's other lines and is read
/// unsurely. Such a line is left out; one cut only below its baseline reads well and stays.
enum CutLines {
    /// Lines this unsure (length-weighted mean word confidence) or more may be cut ones.
    static let maximumConfidence = 70.0
    /// …and this much lower than the page's median line, or lower.
    static let maximumHeight = 0.85

    /// `blocks` without their cut lines (a block left empty goes too), in an image `height` high.
    /// The lines measured against are those that touch neither edge when there are any: in a
    /// crop of three lines, two of them cut, the median would be a cut one.
    static func dropped(from blocks: [TextBlock], imageHeight height: Int) -> [TextBlock] {
        let all = blocks.flatMap(\.lines)
        guard all.count >= 2 else { return blocks }
        let touches = { (line: TextLine) in line.bounds.y <= 1 || line.bounds.maxY >= height - 1 }
        let whole = all.filter { !touches($0) }
        let heights = (whole.isEmpty ? all : whole).map(\.bounds.height).sorted()
        let median = Double(heights[heights.count / 2])
        return blocks.compactMap { block in
            let lines = block.lines.filter { line in
                let confidence = TextBlock.meanConfidence(line.words.map { ($0.text, $0.confidence) })
                return !(touches(line) && confidence < maximumConfidence && Double(line.bounds.height) <= maximumHeight * median)
            }
            return block.replacingLines(with: lines)
        }
    }
}
