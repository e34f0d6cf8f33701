/// A terminal's quotes are straight (`grep -rn "max_retry_count"`), and a command copied with the
/// typographic ones the recognizer prefers (`“max_retry_count”™`) does not run. In monospace
/// blocks, `“ ” „` are `"`, `‘ ’ ‚` are `'`, and a `™` is the closing `"` it was read for, or
/// the second half of one already read.
enum StraightQuotes {
    /// `line` with straight quotes.
    static func corrected(_ line: RecognizedLine) -> RecognizedLine {
        RecognizedLine(bounds: line.bounds, words: line.words.map {
            RecognizedWord(text: corrected($0.text), bounds: $0.bounds, confidence: $0.confidence)
        })
    }

    static func corrected(_ word: String) -> String {
        guard word.contains(where: { "“”„‘’‚™".contains($0) }) else { return word }
        var out = ""
        for character in word {
            switch character {
            case "“", "”", "„": out.append("\"")
            case "‘", "’", "‚": out.append("'")
            case "™": if out.last != "\"" { out.append("\"") }
            default: out.append(character)
            }
        }
        return out
    }
}
