@testable import LiveTextInteraction
import Testing

/// What the selection's menu sends and says: the phrase of Look Up and Translate, the quoted
/// subject of a title, Copy as One Line.
@Suite("menu wording")
struct MenuWordingTests {
    @Test("Look Up and Translate take the first line that holds text, blanks made single spaces", arguments: [
        ("Reyes", "Reyes"),
        ("  Maria   Reyes \nSales Manager\n\nAcme", "Maria Reyes"),
        ("\n\n  \nomega\nlast", "omega"),
        ("a\tb  c", "a b c"),
        ("   \n ", ""),
    ])
    func phrase(selected: String, expected: String) {
        #expect(MenuWording.phrase(of: selected) == expected)
    }

    @Test("a long first line is cut at a word boundary to at most 100 characters; one long word inside the word")
    func phraseCap() {
        let words = Array(repeating: "lorem ipsum", count: 20).joined(separator: " ")  // 239 characters
        let phrase = MenuWording.phrase(of: words + "\nsecond line")
        #expect(phrase.count <= MenuWording.phraseLimit && phrase.count > 90)
        #expect(words.hasPrefix(phrase + " "), "cut between words: \(phrase)")
        // A word ends at the 100th character: all 100 kept.
        let whole = String(repeating: "abcd ", count: 19) + "abcde"
        #expect(MenuWording.phrase(of: whole + " tail") == whole)
        // A space is the 100th character: the words before it.
        let spaced = String(repeating: "abcd ", count: 20)
        #expect(MenuWording.phrase(of: spaced + "tail") == String(spaced.dropLast()))
        let word = String(repeating: "x", count: 130)
        #expect(MenuWording.phrase(of: word) == String(repeating: "x", count: 100))
    }

    @Test("a title quotes its subject, the start of a long one cut at a word boundary with an ellipsis, in at most 30 characters", arguments: [
        ("Reyes", "“Reyes”"),
        ("Invoice 4471 is due on 2026-12-01", "“Invoice 4471 is due on…”"),
        ("https://example.org/a/very/long/path/indeed", "“https://example.org/a/very/lo…”"),
        ("two\nlines", "“two lines”"),
    ])
    func quoted(subject: String, expected: String) {
        #expect(MenuWording.quoted(subject) == expected)
        #expect(expected.count - 2 <= MenuWording.subjectLimit)
    }

    @Test("Copy as One Line: lines joined by single spaces, a word hyphenated over a line end joined again, other hyphens kept", arguments: [
        ("ha beta\ngamma del", "ha beta gamma del"),
        ("alpha beta\ngamma delta\n\nomega", "alpha beta gamma delta omega"),
        ("  an exam-\n  ple of a hyphen-\nated   word ", "an example of a hyphenated word"),
        ("Jean-\nLuc Picard", "Jean-Luc Picard"),
        ("pages 10-\n12", "pages 10-12"),
        ("Paris -\nLyon", "Paris - Lyon"),
        ("inter\u{AD}\nnational", "international"),
        ("one\r\ntwo", "one two"),
    ])
    func oneLine(selected: String, expected: String) {
        #expect(MenuWording.oneLine(selected) == expected)
    }
}
