extension ImageAnalysis {
    /// What a person wants from the analysis as text: what plain output prints, what `--copy`
    /// puts on the clipboard and `--type` types. The recognized text, then the codes' payloads
    /// (a blank line between); with `onlyItems` (an `--only` filter) the matched items, one a line.
    public func plainText(onlyItems: Bool) -> String {
        if onlyItems { return items.map(\.singleLineText).joined(separator: "\n") }
        var parts = [String]()
        if !text.isEmpty { parts.append(text) }
        if !codes.isEmpty { parts.append(codes.map(\.payload).joined(separator: "\n")) }
        return parts.joined(separator: "\n\n")
    }
}

extension DetectedItem {
    /// The item's text on one line: an address read across OCR line breaks as
    /// "1 Infinite Loop, Cupertino, CA 95014". What `--only` prints and copies.
    public var singleLineText: String { Self.singleLine(text) }

    /// `text`'s lines, trimmed, joined by ", "; text on one line already as it is.
    public static func singleLine(_ text: String) -> String {
        // Most items are one line already: one pass over the scalars says so.
        if let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace,
           !text.unicodeScalars.contains(where: { Character($0).isNewline }) {
            return text
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
