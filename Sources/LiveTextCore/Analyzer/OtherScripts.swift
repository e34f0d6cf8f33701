/// Languages written in another script than Latin, which the analyzer may find on a page read
/// in English: the English model reads Cyrillic, Greek or Chinese as garbage it is unsure of
/// (`Baw 3aka3`, mean confidence 35-70), and the model of the right script reads the same line
/// at 85-96.
public enum OtherScripts {
    /// The languages looked for, by tesseract name, by script: each is tried only when installed,
    /// the first installed one of a script first, the others of that script only on the lines it won.
    /// The scripts whose engines take longest to load come first (chi_sim 57-69 ms, five times
    /// rus or ell: thousands of characters), so that they load while the others are tried.
    static let scripts = [
        ["chi_sim", "chi_tra", "jpn", "kor"],         // Han and its neighbours
        ["rus", "ukr", "bel", "bul", "mkd", "srp"],   // Cyrillic
        ["ell"],                                      // Greek
        ["heb"], ["ara", "fas"], ["hin"], ["tha"],
    ]
    public static let languages = scripts.flatMap { $0 }

    /// The first of each script among `installed`.
    static func representatives(among installed: [String]) -> [String] {
        scripts.compactMap { $0.first(where: installed.contains) }
    }

    /// The other languages of `language`'s script among `installed`.
    static func relatives(of language: String, among installed: [String]) -> [String] {
        (scripts.first { $0.contains(language) } ?? []).filter { $0 != language && installed.contains($0) }
    }

    /// A block read in English whose words are, by length-weighted mean, less sure than this
    /// may be in another script (it is tried by its longest line and may be read again in it).
    /// English text on screens reads at 85-96 (its debris lower), another script at 12-67.
    static let suspiciousConfidence = 60.0
    /// On a page where another script was found, blocks less sure than this are read in it too,
    /// kept line by line where at least as sure (a mail's header, a table of prices).
    static let unsureOnItsPage = 80.0
    /// A line read in another script must be at least this sure, and this much surer than its
    /// English reading, for the block to be read again in that script: the right script reads at
    /// 85-96 (Greek 44-95), debris of an English screen read with a CJK or Cyrillic model at most 74.
    static let minimumConfidence = 80.0
    static let minimumGain = 15.0
    /// At most this many blocks of a page are tried (their longest lines), most text first.
    static let maximumProbes = 12

    /// Letters one language of a script writes and its neighbours do not: between two close
    /// readings of a Cyrillic line, the one holding its own letters wins.
    static let ownLetters: [String: Set<Unicode.Scalar>] = [
        "rus": ["ы", "э", "ъ", "ё", "Ы", "Э", "Ъ", "Ё"],
        "ukr": ["і", "ї", "є", "ґ", "І", "Ї", "Є", "Ґ"],
        "bel": ["ў", "Ў"],
        "bul": ["ъ", "Ъ"],
        "mkd": ["ѓ", "ќ", "ѕ", "љ", "њ", "џ"],
        "srp": ["ђ", "ћ", "љ", "њ", "џ", "ј"],
    ]

    /// Of readings of one line (language, mean confidence, text), the language plainly right
    /// against `english` (the English reading's confidence), or nil.
    static func best(_ readings: [(language: String, confidence: Double, text: String)], english: Double) -> String? {
        let ranked = readings.sorted { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.language < $1.language }
        guard let top = ranked.first, top.confidence >= minimumConfidence,
              top.confidence >= english + minimumGain else { return nil }
        // Close seconds (rus and ukr read each other's text almost as surely): letters decide.
        let close = ranked.filter { top.confidence - $0.confidence <= 5 }
        let owning = close.filter { reading in
            ownLetters[reading.language].map { letters in reading.text.unicodeScalars.contains(where: letters.contains) } ?? false
        }
        return (owning.first ?? top).language
    }
}
