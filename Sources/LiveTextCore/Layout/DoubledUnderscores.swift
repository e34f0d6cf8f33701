/// Two underscores side by side are one unbroken line on the screen, two cells long, and the
/// recognizer reads them as one: `__name__` as `_name_`, `"__main__":` as `"_main_":`,
/// `__init__.py` as `_init_.py`. In a monospace block a word's width says how many characters it
/// holds: a word wider than its text by about as many cells as it has underscores, whose text
/// with each underscore doubled fits its width, has each underscore doubled.
///
/// Applied to the words of monospace blocks only; a word that fits its text as read, or fits
/// neither reading (some of its underscores doubled, some not), is left as it is.
enum DoubledUnderscores {
    /// `line` with the underscores of its words doubled where their widths say so.
    static func corrected(_ line: RecognizedLine, cell: Double) -> RecognizedLine {
        RecognizedLine(bounds: line.bounds, words: line.words.map { corrected($0, cell: cell) })
    }

    static func corrected(_ word: RecognizedWord, cell: Double) -> RecognizedWord {
        guard fitsDoubled(word, cell: cell), !MonospaceJoining.fits(word, characters: word.text.count, cell: cell) else { return word }
        let text = word.text.reduce(into: "") { text, character in
            text.append(character)
            if character == "_" { text.append("_") }
        }
        return RecognizedWord(text: text, bounds: word.bounds, confidence: word.confidence)
    }

    /// Whether `word` is as wide as its text with each underscore doubled (false without one).
    static func fitsDoubled(_ word: RecognizedWord, cell: Double) -> Bool {
        let underscores = word.text.reduce(0) { $0 + ($1 == "_" ? 1 : 0) }
        return underscores > 0 && MonospaceJoining.fits(word, characters: word.text.count + underscores, cell: cell)
    }
}
