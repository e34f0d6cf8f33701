/// The country whose numbering plan a language read on the page points at: German text →
/// Germany. National numbers are read in it after the regions the text's own items name
/// (`RegionHints`) and before the user's region. One country a language, its largest in Europe
/// (Portuguese: Portugal; Spanish: Spain): Austria, Switzerland or Belgium come from their own
/// hints (`+43`, `.ch`, an address), since every extra plan is one more way to read an order
/// number as a phone number.
///
/// English points at no country (it is read everywhere, and the user's region already stands for
/// it). A language's plans are evidence as weak as a hint's: the number must be written in groups
/// and be its whole digit run (`PhoneScanner.candidate`), so a German page gains `(089) 123456`
/// and not an order number.
enum LanguageRegions {
    /// Tesseract's language names → a region with a plan.
    static let regions: [String: String] = [
        "deu": "DE", "fra": "FR", "spa": "ES", "ita": "IT", "nld": "NL", "por": "PT", "pol": "PL",
        "swe": "SE", "nor": "NO", "dan": "DK", "fin": "FI", "ces": "CZ", "ell": "GR", "tur": "TR",
        "rus": "RU", "jpn": "JP", "kor": "KR", "chi_sim": "CN", "chi_tra": "HK", "heb": "IL",
    ]

    /// The plans of `languages`' countries, in a stable order (by language name).
    static func plans(for languages: Set<String>) -> [NumberingPlan] {
        languages.sorted().compactMap { regions[$0].flatMap { NumberingPlans.byRegion[$0] } }
    }
}
