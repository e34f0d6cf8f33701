/// What the selection's menu says and hands over, from the selected text: the short phrase that
/// Look Up and Translate take, the subject a title names ("Look Up “Reyes”"), and the text as one
/// line. Plain functions of a string, so each rule is tested alone.
public enum MenuWording {
    /// Look Up and Translate take at most this many characters: a word or a short phrase, never
    /// a page sent to a search URL.
    public static let phraseLimit = 100
    /// A title names its subject in at most this many characters, the ellipsis included.
    public static let subjectLimit = 30

    /// The phrase Look Up and Translate take from `selected`: its first line that holds more than
    /// blanks, runs of blanks made single spaces, cut at a word boundary to at most `phraseLimit`
    /// characters (inside a word only when the phrase is one long word). Empty for blank text.
    public static func phrase(of selected: String) -> String {
        let line = selected.split(whereSeparator: \.isNewline)
            .first { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
        let single = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return cut(single, to: phraseLimit)
    }

    /// `subject` as a title quotes it: “as is” when it fits `subjectLimit`, else its start cut at a
    /// word boundary with an ellipsis inside the quotes (“Invoice 4471 is due on…”).
    public static func quoted(_ subject: String) -> String {
        let single = subject.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard single.count > subjectLimit else { return "“\(single)”" }
        return "“\(cut(single, to: subjectLimit - 1))…”"
    }

    /// `selected` as one line: its lines trimmed and joined by single spaces, blank lines (between
    /// blocks) dropped. A word broken over a line end by a hyphen is joined again ("exam-" and
    /// "ple" give "example") when the hyphen follows a letter and the next line starts with a
    /// lowercase letter; a soft hyphen at a line end always joins. A hyphen between a word and a
    /// capital or a digit stays, with no space after it ("Jean-" and "Luc" give "Jean-Luc", "10-"
    /// and "12" give "10-12"); a dash standing alone is followed by a space.
    public static func oneLine(_ selected: String) -> String {
        let lines = selected.split(whereSeparator: \.isNewline)
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
        var joined = ""
        for line in lines {
            guard let next = line.first else { continue }
            if joined.last == "\u{AD}" {
                joined.removeLast()
            } else if joined.last == "-" || joined.last == "\u{2010}" {
                let beforeHyphen = joined.dropLast().last
                let inWord = (beforeHyphen?.isLetter == true || beforeHyphen?.isNumber == true) && (next.isLetter || next.isNumber)
                if inWord && beforeHyphen?.isLetter == true && next.isLowercase {
                    joined.removeLast()
                } else if !inWord {
                    // A dash standing alone ("Paris -"), or before what is no word: a space.
                    joined += " "
                }
            } else if !joined.isEmpty {
                joined += " "
            }
            joined += line
        }
        return joined
    }

    /// The start of `text` in at most `limit` characters: whole words when a word boundary falls
    /// in its second half, else cut inside the word. `text` itself when it fits.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let head = text.prefix(limit)
        // Cut at the limit already at a word boundary: the character after it is a space.
        if text[head.endIndex].isWhitespace { return String(head) }
        if let space = head.lastIndex(where: \.isWhitespace), head.distance(from: head.startIndex, to: space) >= limit / 2 {
            return String(head[..<space])
        }
        return String(head)
    }
}
