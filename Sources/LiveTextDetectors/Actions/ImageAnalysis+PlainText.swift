import LiveTextCore

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
