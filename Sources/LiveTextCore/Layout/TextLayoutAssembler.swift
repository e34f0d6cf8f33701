/// Turns a recognizer's raw page into the analysis' blocks: original coordinates, junk removed,
/// reading order.
public struct TextLayoutAssembler: Sendable {
    /// Words below this confidence are dropped when they hold no letter or digit.
    public var minimumSymbolConfidence: Double = 60
    /// Words below this confidence are dropped whatever they hold.
    public var minimumWordConfidence: Double = 15
    /// Lines whose mean confidence is below this are dropped (border debris, cut lines).
    public var minimumLineConfidence: Double = 35

    public init() {}

    public func assemble(_ page: RecognizedPage, prepared: PreparedImage) -> [TextBlock] {
        var blocks = [TextBlock]()
        for block in page.blocks {
            var lines = [TextLine]()
            for line in block.lines {
                let words = line.words.compactMap { word -> TextWord? in
                    let text = word.text.trimmingWhitespace()
                    guard keeps(text: text, confidence: word.confidence) else { return nil }
                    let bounds = prepared.originalBounds(of: word.bounds)
                    guard !bounds.isEmpty else { return nil }
                    return TextWord(text: text, bounds: bounds, confidence: word.confidence)
                }
                guard !words.isEmpty else { continue }
                let mean = words.reduce(0) { $0 + $1.confidence } / Double(words.count)
                guard mean >= minimumLineConfidence else { continue }
                lines.append(TextLine(words: words))
            }
            if !lines.isEmpty { blocks.append(TextBlock(lines: lines)) }
        }
        return ReadingOrder.sorted(RowAlignment.merged(blocks.flatMap(ParagraphSplitting.split)))
    }

    func keeps(text: String, confidence: Double) -> Bool {
        guard !text.isEmpty else { return false }
        if confidence < minimumWordConfidence { return false }
        let hasAlphanumeric = text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        if !hasAlphanumeric && confidence < minimumSymbolConfidence { return false }
        return true
    }
}
