/// The tesseract languages Debian packs (`tesseract-ocr-XXX`, Debian 12), by tesseract name, with
/// their ISO 639-1 code where one exists and their name in English.
///
/// A language outside this table has no package to suggest: livetext names none rather than
/// invent one. The `script/…` models and `osd` are left out (they are no language a locale names).
public enum DebianLanguagePacks {
    public struct Language: Sendable, Hashable {
        /// Tesseract's name: `deu`, `chi_sim`, `srp_latn`.
        public let code: String
        /// ISO 639-1, as locales spell the language (`de`), when it has one.
        public let iso639_1: String?
        /// In English: `German`, `Chinese (Simplified)`.
        public let name: String

        /// `tesseract-ocr-chi-sim` for `chi_sim`.
        public var package: String { "tesseract-ocr-" + code.replacingOccurrences(of: "_", with: "-") }
    }

    /// Every language, by tesseract name.
    public static let byCode: [String: Language] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })

    /// The package holding `code`, or nil when Debian packs no such language.
    public static func package(for code: String) -> String? { byCode[code]?.package }

    /// The name in English of `code`, or the code itself when the table does not know it.
    public static func name(of code: String) -> String { byCode[code]?.name ?? code }

    public static let all: [Language] = table.split(separator: "\n").compactMap { row in
        let fields = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3 else { return nil }
        return Language(code: fields[0], iso639_1: fields[1].isEmpty ? nil : fields[1], name: fields[2])
    }

    /// tesseract name | ISO 639-1 | English name. Variants (vertical, old, Cyrillic or Latin
    /// spellings) carry no ISO code: a locale reaches them through its script (`LocaleLanguages`).
    private static let table = """
        afr|af|Afrikaans
        amh|am|Amharic
        ara|ar|Arabic
        asm|as|Assamese
        aze|az|Azerbaijani
        aze_cyrl||Azerbaijani (Cyrillic)
        bel|be|Belarusian
        ben|bn|Bengali
        bod|bo|Tibetan
        bos|bs|Bosnian
        bre|br|Breton
        bul|bg|Bulgarian
        cat|ca|Catalan
        ceb||Cebuano
        ces|cs|Czech
        chi_sim|zh|Chinese (Simplified)
        chi_sim_vert||Chinese (Simplified, vertical)
        chi_tra||Chinese (Traditional)
        chi_tra_vert||Chinese (Traditional, vertical)
        chr||Cherokee
        cos|co|Corsican
        cym|cy|Welsh
        dan|da|Danish
        deu|de|German
        div|dv|Dhivehi
        dzo|dz|Dzongkha
        ell|el|Greek
        eng|en|English
        enm||Middle English
        epo|eo|Esperanto
        est|et|Estonian
        eus|eu|Basque
        fao|fo|Faroese
        fas|fa|Persian
        fil||Filipino
        fin|fi|Finnish
        fra|fr|French
        frk||German (Fraktur)
        frm||Middle French
        fry|fy|Western Frisian
        gla|gd|Scottish Gaelic
        gle|ga|Irish
        glg|gl|Galician
        grc||Ancient Greek
        guj|gu|Gujarati
        hat|ht|Haitian Creole
        heb|he|Hebrew
        hin|hi|Hindi
        hrv|hr|Croatian
        hun|hu|Hungarian
        hye|hy|Armenian
        iku|iu|Inuktitut
        ind|id|Indonesian
        isl|is|Icelandic
        ita|it|Italian
        ita_old||Italian (old)
        jav|jv|Javanese
        jpn|ja|Japanese
        jpn_vert||Japanese (vertical)
        kan|kn|Kannada
        kat|ka|Georgian
        kat_old||Georgian (old)
        kaz|kk|Kazakh
        khm|km|Khmer
        kir|ky|Kyrgyz
        kmr|ku|Kurdish (Kurmanji)
        kor|ko|Korean
        kor_vert||Korean (vertical)
        lao|lo|Lao
        lat|la|Latin
        lav|lv|Latvian
        lit|lt|Lithuanian
        ltz|lb|Luxembourgish
        mal|ml|Malayalam
        mar|mr|Marathi
        mkd|mk|Macedonian
        mlt|mt|Maltese
        mon|mn|Mongolian
        mri|mi|Maori
        msa|ms|Malay
        mya|my|Burmese
        nep|ne|Nepali
        nld|nl|Dutch
        nor|no|Norwegian
        oci|oc|Occitan
        ori|or|Odia
        pan|pa|Punjabi
        pol|pl|Polish
        por|pt|Portuguese
        pus|ps|Pashto
        que|qu|Quechua
        ron|ro|Romanian
        rus|ru|Russian
        san|sa|Sanskrit
        sin|si|Sinhala
        slk|sk|Slovak
        slv|sl|Slovenian
        snd|sd|Sindhi
        spa|es|Spanish
        spa_old||Spanish (old)
        sqi|sq|Albanian
        srp|sr|Serbian
        srp_latn||Serbian (Latin)
        sun|su|Sundanese
        swa|sw|Swahili
        swe|sv|Swedish
        syr||Syriac
        tam|ta|Tamil
        tat|tt|Tatar
        tel|te|Telugu
        tgk|tg|Tajik
        tha|th|Thai
        tir|ti|Tigrinya
        ton|to|Tongan
        tur|tr|Turkish
        uig|ug|Uyghur
        ukr|uk|Ukrainian
        urd|ur|Urdu
        uzb|uz|Uzbek
        uzb_cyrl||Uzbek (Cyrillic)
        vie|vi|Vietnamese
        yid|yi|Yiddish
        yor|yo|Yoruba
        """
}
