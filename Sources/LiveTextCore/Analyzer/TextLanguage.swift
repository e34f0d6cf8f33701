/// Which Latin-script language a piece of recognized text is in, from its words alone.
///
/// Deterministic and cheap (one pass over the words): the common short words of each language,
/// letters only one language writes, and spellings typical of one. It must work on text read
/// with the wrong model, so the words are compared with their accents taken off, and the ways
/// the English model misreads German (`für` as `fiir`, `ü` as `ii`) count for German too.
public enum TextLanguage {
    /// The languages it tells apart, by tesseract name.
    public static let known = ["eng", "deu", "fra", "spa", "por", "ita", "nld", "pol"]

    /// The language `text` is plainly in, among `candidates` (tesseract names), or nil when the
    /// text is too short or too mixed to say.
    public static func identify(_ text: String, among candidates: Set<String>) -> String? {
        let scores = self.scores(text).filter { candidates.contains($0.key) }
        let ranked = scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        guard let best = ranked.first, best.value >= minimumScore else { return nil }
        let second = ranked.dropFirst().first?.value ?? 0
        return best.value >= margin * second ? best.key : nil
    }

    /// Evidence needed: two or three common words, or two and a spelling or letter of its own.
    static let minimumScore = 2.5
    /// How far ahead of the next language the best must be.
    static let margin = 1.6

    /// The words of `text`: runs of letters (and inner apostrophes) between spaces, hyphens and
    /// punctuation at their ends. A token holding digits or symbols (`v2`, `/var/log`,
    /// `access.log`, `7e4lc2`) is no word of any language.
    static func words(of text: String) -> [Substring] {
        let edges: Set<Character> = [".", ",", ";", ":", "!", "?", "¡", "¿", "\"", "(", ")", "[", "]", "«", "»", "„", "“", "”"]
        return text.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "–" }).compactMap { token in
            var word = token[...]
            while let first = word.first, edges.contains(first) { word = word.dropFirst() }
            while let last = word.last, edges.contains(last) { word = word.dropLast() }
            let isWord = !word.isEmpty && word.allSatisfy { $0.isLetter || $0 == "'" || $0 == "’" }
            return isWord ? word : nil
        }
    }

    /// Each language's evidence in `text`.
    static func scores(_ text: String) -> [String: Double] {
        var scores = [String: Double]()
        for token in words(of: text) {
            let raw = token.lowercased()
            let word = folded(raw)
            guard !word.isEmpty else { continue }
            for (language, words) in commonWords where words.contains(word.trimmingApostrophes) {
                scores[language, default: 0] += 1
            }
            for (language, letters) in ownLetters where word.count > 1 && raw.unicodeScalars.contains(where: letters.contains) {
                scores[language, default: 0] += 1.5
            }
            for (language, spellings) in typicalSpellings {
                for (spelling, weight) in spellings where word.contains(spelling) {
                    scores[language, default: 0] += weight
                }
            }
        }
        return scores
    }

    /// Lowercased text without accents (`ß` as `ss`), apostrophes kept.
    static func folded(_ word: String) -> String {
        var result = ""
        for scalar in word.unicodeScalars {
            if scalar == "ß" { result += "ss"; continue }
            if scalar == "ł" { result += "l"; continue }
            if scalar == "’" { result += "'"; continue }
            let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
            if base.properties.isAlphabetic || base == "'" { result.unicodeScalars.append(base) }
        }
        return result
    }

    /// Short words that make up much of any text in the language (accents off). A word several
    /// languages share counts for each.
    static let commonWords: [String: Set<String>] = [
        "eng": words("""
            the and of to is that for it with as was on are be this by at from or have an not you your we \
            our will can all has more about which their if but new here its when who they what there \
            also see how been were would should could than then into only other some these those my me
            """),
        "deu": words("""
            der die das und ist nicht mit den dem des ein eine einen einem einer sich auf fur fiir fuer \
            zu von im bei auch wir sie es ich oder aus wie nach uber iiber noch nur wird werden sind \
            kann als am zum zur war hat haben ihre ihr unser unsere diese dieser dieses mehr bitte \
            jetzt hier alle sehr schon uns euch wenn dann weil dass oder gibt ab bis
            """),
        "fra": words("""
            le la les des du de et est un une pour dans que qui pas sur au aux avec ce cette il elle \
            nous vous sont par plus ou ne se son sa ses leur tout tous votre vos ete etre avoir fait \
            mais comme sans chez nos notre ces tres ici je
            """),
        "spa": words("""
            el la los las de del y es en un una por para con que no se su sus al como mas pero lo le \
            este esta estos estas son fue ser hay muy tambien todo todos nuestro nuestra usted desde \
            sobre entre ya aqui
            """),
        "por": words("""
            o a os as de do da dos das e em um uma para com que nao se seu sua no na nos nas por mais \
            como mas foi ser sao esta este isso voce ao aos pelo pela tambem muito aqui ja obrigado \
            obrigada sim bem ate onde quando seus suas nosso nossa feira
            """),
        "ita": words("""
            il lo la i gli le di del della dei delle e un una per con che non si suo sua nel nella al \
            alla sono come piu ma anche questo questa essere ha ci da dal dalla sul sulla tutti qui gia
            """),
        "nld": words("""
            de het een en van is in op te dat die voor met niet zijn er aan ook als bij om door naar \
            maar wordt worden nog wat uw ons onze deze dit kan hebben heeft je jij we wij zij meer hier
            """),
        "pol": words("""
            i w z na do nie sie jest to ze o a od po za dla jak co tak przez lub oraz ale ten ta te \
            sa byc bedzie jego jej ich moze tylko juz przy nad pod tym tego jako wiec
            """),
    ]

    /// Letters one language writes and the others (of `known`) do not, or hardly.
    static let ownLetters: [String: Set<Unicode.Scalar>] = [
        "deu": ["ä", "ö", "ü", "ß"],
        "fra": ["è", "ê", "ë", "î", "ï", "ô", "û", "ù", "œ", "â"],
        "spa": ["ñ", "¿", "¡", "í"],
        "por": ["ã", "õ"],
        "ita": ["ì", "ò"],
        "pol": ["ą", "ę", "ł", "ś", "ć", "ż", "ź", "ń"],
    ]

    /// Spellings (accents off) far more frequent in one language than in the others, and how
    /// much each occurrence counts. `ii` inside a word is how the English model reads `ü`.
    static let typicalSpellings: [String: [(String, Double)]] = [
        "deu": [("sch", 0.4), ("ung", 0.5), ("cht", 0.3), ("lich", 0.5), ("keit", 0.6), ("heit", 0.4),
                ("tz", 0.4), ("ii", 0.6), ("ei", 0.2), ("ss", 0.2), ("tr", 0.1)],
        "fra": [("eau", 0.6), ("aux", 0.6), ("eux", 0.6), ("oi", 0.3), ("ais", 0.4), ("ait", 0.4),
                ("qu'", 0.8), ("l'", 0.5), ("d'", 0.5), ("ment", 0.3), ("ou", 0.2)],
        "spa": [("cion", 0.7), ("ado", 0.2), ("ll", 0.2), ("ue", 0.2), ("nos", 0.2), ("dad", 0.5)],
        "por": [("cao", 0.8), ("coes", 0.8), ("oes", 0.4), ("nh", 0.6), ("lh", 0.6), ("ao", 0.3)],
        "ita": [("zione", 0.8), ("gli", 0.6), ("cch", 0.6), ("zz", 0.5), ("tt", 0.2), ("ell'", 0.5)],
        "nld": [("ij", 0.6), ("aa", 0.5), ("oo", 0.3), ("uu", 0.5), ("oe", 0.3), ("heid", 0.6),
                ("lijk", 0.6), ("sch", 0.2)],
        "pol": [("sz", 0.5), ("cz", 0.5), ("rz", 0.6), ("prz", 0.6), ("wsk", 0.6), ("ych", 0.5),
                ("dz", 0.4), ("owa", 0.3)],
    ]

    private static func words(_ list: String) -> Set<String> {
        Set(list.split(whereSeparator: \.isWhitespace).map(String.init))
    }
}

extension String {
    /// Without leading and trailing apostrophes (`l'` stays a spelling, `'the'` is `the`).
    fileprivate var trimmingApostrophes: String {
        var text = Substring(self)
        while text.first == "'" { text = text.dropFirst() }
        while text.last == "'" { text = text.dropLast() }
        return String(text)
    }
}
