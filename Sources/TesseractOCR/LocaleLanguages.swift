/// The languages the user's locale settings name, as tesseract languages.
///
/// Read from `LANGUAGE` (a `:`-separated list, GNU gettext's preference order), then `LC_ALL`,
/// `LC_MESSAGES` and `LANG`; `C` and `POSIX` name none. `de_AT.UTF-8` is `deu`, `pt_BR` `por`,
/// `zh_CN` `chi_sim`, `zh_TW` `chi_tra`, `sr_RS@latin` `srp_latn`.
public struct LocaleLanguages: Sendable, Hashable {
    /// The tesseract languages, most preferred first, each once.
    public var languages: [String]
    /// Locale names whose language tesseract has no data for in Debian (`ast_ES`), each once.
    public var unknown: [String]

    public init(environment: [String: String]) {
        var names = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        names += ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment[$0] }
        var languages = [String](), unknown = [String]()
        for name in names where !name.isEmpty {
            guard let language = Self.language(ofLocale: name) else {
                let plain = Self.plain(name)
                if !Self.isNeutral(plain), !unknown.contains(plain) { unknown.append(plain) }
                continue
            }
            if !languages.contains(language) { languages.append(language) }
        }
        self.languages = languages
        self.unknown = unknown
    }

    /// The tesseract language of one locale name (`de_DE.UTF-8@euro`), nil for `C`/`POSIX` or
    /// a language Debian has no data for.
    public static func language(ofLocale name: String) -> String? {
        let plain = plain(name)
        guard !isNeutral(plain) else { return nil }
        let modifier = name.split(separator: "@", maxSplits: 1).dropFirst().first.map { $0.lowercased() }
        let parts = plain.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let code = parts.first?.lowercased() else { return nil }
        let region = parts.dropFirst().first?.uppercased()
        switch (code, modifier) {
        case ("zh", _) where ["TW", "HK", "MO", "HANT"].contains(region ?? ""):
            return "chi_tra"
        case ("sr", "latin"): return "srp_latn"
        case ("uz", "cyrillic"): return "uzb_cyrl"
        case ("az", "cyrillic"): return "aze_cyrl"
        default: break
        }
        let iso = aliases[code] ?? code
        if let language = DebianLanguagePacks.all.first(where: { $0.iso639_1 == iso }) { return language.code }
        // Three letters: a tesseract name already (`fil_PH`, `ceb_PH`) when Debian packs it.
        return DebianLanguagePacks.byCode[iso] != nil ? iso : nil
    }

    /// Old or alternative codes locales still use, by the ISO 639-1 code the table has.
    static let aliases = ["iw": "he", "in": "id", "ji": "yi", "nb": "no", "nn": "no", "tl": "fil"]

    /// Without encoding and modifier: `de_DE` of `de_DE.UTF-8@euro`.
    static func plain(_ name: String) -> String {
        String(name.prefix { $0 != "." && $0 != "@" })
    }

    static func isNeutral(_ plain: String) -> Bool { plain.isEmpty || plain == "C" || plain == "POSIX" }
}
