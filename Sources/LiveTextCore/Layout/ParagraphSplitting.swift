/// Splits a recognizer's block where a vertical gap between two of its lines is wider than a
/// line: the recognizer often lumps a card's figure, a table header and the table's first column
/// into one block, which then cannot be read across its rows.
public enum ParagraphSplitting {
    /// A gap wider than this share of the taller line's height ends a paragraph.
    static let maximumGap = 2.0

    public static func split(_ block: TextBlock) -> [TextBlock] {
        guard block.lines.count > 1 else { return [block] }
        var parts: [[TextLine]] = [[block.lines[0]]]
        for line in block.lines.dropFirst() {
            let previous = parts[parts.count - 1].last!
            let gap = line.bounds.y - previous.bounds.maxY
            let height = max(line.bounds.height, previous.bounds.height)
            if Double(gap) > maximumGap * Double(height) {
                parts.append([line])
            } else {
                parts[parts.count - 1].append(line)
            }
        }
        return parts.count == 1 ? [block] : parts.map { lines in
            var part = TextBlock(lines: lines)
            part.language = block.language
            return part
        }
    }
}
