import Testing
@testable import LiveTextCore

@Suite("doubled underscores read as one, in terminal text")
struct DoubledUnderscoresTests {
    /// A word read as `text` whose ink is `cells` cells of 10 px wide (less the side bearings).
    static func word(_ text: String, cells: Int) -> RecognizedWord {
        RecognizedWord(text: text, bounds: Bounds(x: 0, y: 0, width: cells * 10 - 3, height: 14), confidence: 80)
    }

    @Test("a word as wide as its text with each underscore doubled has them doubled", arguments: [
        ("_name_", 8, "__name__"), ("\"_main_\":", 11, "\"__main__\":"), ("_init_.py", 11, "__init__.py"),
        ("a_b", 4, "a__b"),
    ])
    func doubled(read: String, cells: Int, meant: String) {
        #expect(DoubledUnderscores.corrected(Self.word(read, cells: cells), cell: 10).text == meant)
    }

    @Test("a word that fits its text as read, fits neither reading, or has no underscore stays", arguments: [
        ("snake_case", 10), ("_private", 8), ("_x_y", 5), ("name", 6), ("__name__", 8),
    ])
    func kept(read: String, cells: Int) {
        #expect(DoubledUnderscores.corrected(Self.word(read, cells: cells), cell: 10).text == read)
    }

    @Test("a block whose dunder names were read with single underscores is still monospace")
    func blockStaysMonospace() {
        let words = [("if", 2), ("_name_", 8), ("==", 2), ("\"_main_\":", 11), ("print(totals(\"x.csv\"))", 22),
                     ("python3", 7), ("invoice", 7), ("totals.py", 9)].map { Self.word($0.0, cells: $0.1) }
        #expect(MonospaceJoining.fit(words, cell: 10))
        // Two long words far wider than their text for another reason than underscores (a
        // proportional font's) still make a block not monospace.
        let proportional = words.filter { !$0.text.contains("_") } + [Self.word("exported", cells: 11), Self.word("reportage", cells: 13)]
        #expect(!MonospaceJoining.fit(proportional, cell: 10))
    }
}
