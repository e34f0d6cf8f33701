/// Monospace fonts draw the zero slashed or dotted (Noto Sans Mono, DejaVu Sans Mono), and at
/// 10-11 px that zero is a few grey pixels the recognizer reads as `@` as often as not:
/// `203.@.113.45`, `3@04ms`, `deploy@1@.@.4.21`. Which way it goes is no matter of scale: on
/// the Noto Sans Mono mail capture the errors come and go between enlargements 0.1 apart (1.5:
/// 20 edits, 1.57: 48, 1.8: 23, 2.0: 50, 2.82: 42), and bare tesseract makes them too once the
/// text is enlarged. What the text around it says is steadier: an `@` among digits is a zero, the `@`
/// of an address (`deploy@10.0.4.21`, `j_doe+ci@example.io`) and of `@reboot` stays.
///
/// Applied to the words of monospace blocks only: prose keeps `lunch @12`.
enum SlashedZeros {
    /// Characters around the digits of a number, an address or a time (`0.08`, `10:41`, `1/8`).
    static let numberSeparators: Set<Character> = [".", ":", ",", "/", "-"]
    /// Characters of an address' local part (`first.last+tag`).
    static let localPart: Set<Character> = [".", "_", "%", "+", "-"]

    /// `line` with the zeros of its words.
    static func corrected(_ line: RecognizedLine) -> RecognizedLine {
        RecognizedLine(bounds: line.bounds, words: line.words.map {
            RecognizedWord(text: corrected($0.text), bounds: $0.bounds, confidence: $0.confidence)
        })
    }

    /// `word` with each `@` that stands for a zero made `0`.
    static func corrected(_ word: String) -> String {
        guard word.contains("@") else { return word }
        var characters = Array(word)
        if isHexNumber(characters) { return String(characters.map { $0 == "@" ? "0" : $0 }) }
        let hasDigit = characters.contains(where: \.isASCIIDigitCharacter)
        var separatorSeen = false
        for index in characters.indices where characters[index] == "@" {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if !separatorSeen, isAddressSeparator(at: index, in: characters) {
                separatorSeen = true
                continue
            }
            let besideDigit = previous?.isASCIIDigitCharacter == true || next?.isASCIIDigitCharacter == true
            let inNumber = hasDigit && (previous.map { numberSeparators.contains($0) } ?? true)
                && (next.map { numberSeparators.contains($0) } ?? true)
            if besideDigit || inNumber { characters[index] = "0" }
        }
        return String(characters)
    }

    /// An `@` between a local part and a host: something of an address before it (holding a
    /// letter, or followed by a letter: `42@example.org`) and a letter or digit after it.
    private static func isAddressSeparator(at index: Int, in characters: [Character]) -> Bool {
        guard index + 1 < characters.count, let next = characters[index + 1].asciiAlphanumeric else { return false }
        var start = index
        while start > 0, characters[start - 1].asciiAlphanumeric != nil || localPart.contains(characters[start - 1]) {
            start -= 1
        }
        guard start < index else { return false }
        return characters[start..<index].contains(where: \.isASCIILetterCharacter) || next.isASCIILetterCharacter
    }

    /// A hexadecimal number such as a commit hash (`1d@b5a8`): 7 to 64 hex digits and `@`s, a
    /// decimal digit among them, and punctuation only at its ends.
    private static func isHexNumber(_ characters: [Character]) -> Bool {
        let core = characters.drop { !$0.isHexDigit && $0 != "@" }.reversed().drop { !$0.isHexDigit && $0 != "@" }
        guard (7...64).contains(core.count), core.allSatisfy({ $0.isHexDigit || $0 == "@" }),
              core.contains(where: \.isASCIIDigitCharacter) else { return false }
        return core.allSatisfy { !$0.isLetter || "abcdef".contains($0) || $0 == "@" }
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
    var isASCIILetterCharacter: Bool { isASCII && isLetter }
    /// The character itself when it is an ASCII letter or digit.
    var asciiAlphanumeric: Character? { isASCII && (isLetter || isNumber) ? self : nil }
}
