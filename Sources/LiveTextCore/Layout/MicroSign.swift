/// Tesseract's Greek model writes `μ` (U+03BC) as the micro sign `µ` (U+00B5), which looks the
/// same and which NFC leaves alone: `έτοιµο` is then no word anyone can search for. Inside a word
/// of other Greek letters it is always the letter.
enum MicroSign {
    static func inGreekWords(_ word: String) -> String {
        guard word.unicodeScalars.contains("\u{B5}"),
              word.unicodeScalars.contains(where: { ("\u{370}"..."\u{3FF}").contains($0) || ("\u{1F00}"..."\u{1FFF}").contains($0) })
        else { return word }
        return String(String.UnicodeScalarView(word.unicodeScalars.map { $0 == "\u{B5}" ? "\u{3BC}" : $0 }))
    }
}
