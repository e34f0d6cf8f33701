/// A commit hash or a checksum in a terminal is read with letters for the digits they look like
/// (`9cleOa7` for `9c1e0a7`, `a7ib0d4e…` for `a71b0d4e…`): the recognizer's dictionary leans to
/// letters, and in a monospace font `1`, `l` and `i`, `0` and `O` differ by a serif or a dot.
/// Such a word is made hexadecimal again where nothing else can be meant: its other characters
/// hexadecimal digits, some of them decimal, and either long (16 characters or more) or where
/// `git log` puts a hash (first on its line but for the graph's `|`, `*`, `/` and `\`, or after
/// `commit`).
///
/// Applied to the words of monospace blocks only.
enum HexMisreads {
    /// Letters read for the digits they look like, and the digit.
    static let digits: [Character: Character] = ["l": "1", "i": "1", "I": "1", "O": "0", "o": "0"]
    /// The characters `git log --graph` draws before a hash.
    static let graph: Set<Character> = ["|", "*", "/", "\\"]
    /// A word this long or longer is a hash wherever it stands.
    static let longHash = 16

    /// `line` with its misread hashes corrected.
    static func corrected(_ line: RecognizedLine) -> RecognizedLine {
        var words = line.words
        var leading = true  // only graph characters so far
        for index in words.indices {
            let text = words[index].text
            let atHashPlace = leading || (index > 0 && words[index - 1].text == "commit")
            if let fixed = hexadecimal(text, anywhere: !atHashPlace) { words[index].text = fixed }
            leading = leading && text.allSatisfy { graph.contains($0) }
        }
        return RecognizedLine(bounds: line.bounds, words: words)
    }

    /// `word` as the hexadecimal number it was meant to be, or nil when it is not one, or was
    /// read right; `anywhere`: the word stands where no hash is expected, so it must be long.
    static func hexadecimal(_ word: String, anywhere: Bool) -> String? {
        let characters = Array(word)
        guard let first = characters.firstIndex(where: isHexLike),
              let last = characters.lastIndex(where: isHexLike) else { return nil }
        let core = characters[first...last]
        guard core.count >= (anywhere ? longHash : 7), core.count <= 64, core.allSatisfy(isHexLike),
              !characters[..<first].contains(where: \.isLetter), !characters[(last + 1)...].contains(where: \.isLetter)
        else { return nil }
        let misread = core.filter { digits[$0] != nil }.count
        let decimal = core.filter { $0.isASCII && $0.isNumber }.count
        guard misread > 0, decimal > 0, 3 * misread <= core.count else { return nil }
        return String(characters[..<first]) + String(core.map { digits[$0] ?? $0 }) + String(characters[(last + 1)...])
    }

    private static func isHexLike(_ character: Character) -> Bool {
        digits[character] != nil || ("0"..."9").contains(character) || ("a"..."f").contains(character)
    }
}
