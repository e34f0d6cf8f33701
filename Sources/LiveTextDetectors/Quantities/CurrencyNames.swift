/// Currency symbols, codes and words, and how the region reads the ambiguous ones.
///
/// ISO 4217 codes and the symbols' usual currencies are facts from the ISO 4217 list and the
/// Unicode currency symbols block.
enum CurrencyNames {
    /// Active ISO 4217 codes common enough to be printed on prices and bills.
    static let isoCodes: Set<String> = [
        "USD", "EUR", "GBP", "JPY", "CNY", "CHF", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "ISK", "PLN",
        "CZK", "HUF", "RON", "BGN", "RSD", "RUB", "UAH", "BYN", "TRY", "ILS", "AED", "SAR", "QAR", "KWD",
        "BHD", "OMR", "JOD", "EGP", "MAD", "TND", "DZD", "ZAR", "NGN", "KES", "GHS", "TZS", "UGX", "ETB",
        "INR", "PKR", "BDT", "LKR", "NPR", "IDR", "MYR", "SGD", "THB", "VND", "PHP", "HKD", "TWD", "KRW",
        "MOP", "KZT", "GEL", "AMD", "AZN", "MXN", "BRL", "ARS", "CLP", "COP", "PEN", "UYU", "BOB", "PYG",
        "CRC", "GTQ", "DOP", "JMD", "TTD", "BSD", "BBD", "XOF", "XAF", "XPF", "FJD", "IRR", "IQD", "LBP",
    ]

    /// Other letter forms, as printed: value is a code or `$`/`¥`/`kr`/`Rs` for the region rule.
    static let letterForms: [String: String] = [
        "RMB": "CNY", "NIS": "ILS", "SFR": "CHF", "SFr": "CHF", "Fr": "CHF", "CHf": "CHF", "RM": "MYR",
        "Rp": "IDR", "Rs": "Rs", "kr": "kr", "Kr": "kr", "zł": "PLN", "Kč": "CZK", "Ft": "HUF",
        "lei": "RON", "TL": "TRY", "Dhs": "AED", "Dh": "AED", "DH": "MAD", "SR": "SAR",
    ]

    /// Dollar prefixes: "US$", "C$", "A$".
    static let dollarPrefixes: [String: String] = [
        "US": "USD", "U": "USD", "C": "CAD", "CA": "CAD", "CAN": "CAD", "A": "AUD", "AU": "AUD",
        "NZ": "NZD", "HK": "HKD", "S": "SGD", "SG": "SGD", "R": "BRL", "NT": "TWD", "MX": "MXN",
        "MEX": "MXN", "RD": "DOP", "J": "JMD", "TT": "TTD", "FJ": "FJD", "B": "BSD",
    ]

    /// A currency symbol's code, or `$`/`¥`/`kr` for the region rule.
    static func symbol(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "$", "＄", "\u{FE69}": "$"
        case "€": "EUR"
        case "£", "￡": "GBP"
        case "¥", "￥": "¥"
        case "₹": "INR"
        case "₩": "KRW"
        case "₽": "RUB"
        case "₺": "TRY"
        case "₪": "ILS"
        case "₱": "PHP"
        case "฿": "THB"
        case "₫": "VND"
        case "₴": "UAH"
        case "₦": "NGN"
        case "₡": "CRC"
        case "₲": "PYG"
        case "₵": "GHS"
        case "₸": "KZT"
        case "₼": "AZN"
        case "₾": "GEL"
        case "元", "圆": "CNY"
        case "円": "JPY"
        default: nil
        }
    }

    /// Currency words after a number ("5 dollars", "20 euros"), lower case. "pounds" is left to
    /// the measurement detector: "3 pounds" is more often a weight.
    static let words: [String: String] = [
        "dollar": "$", "dollars": "$", "buck": "$", "bucks": "$", "euro": "EUR", "euros": "EUR",
        "eur": "EUR", "yen": "JPY", "yuan": "CNY", "renminbi": "CNY", "rupee": "Rs", "rupees": "Rs",
        "peso": "MXN", "pesos": "MXN", "franc": "CHF", "francs": "CHF", "franken": "CHF",
        "sterling": "GBP", "krona": "SEK", "kronor": "SEK", "krone": "kr", "kroner": "kr",
        "ruble": "RUB", "rubles": "RUB", "rouble": "RUB", "roubles": "RUB", "lira": "TRY",
        "zloty": "PLN", "złoty": "PLN", "zlotys": "PLN", "forint": "HUF", "rand": "ZAR",
        "dirham": "AED", "dirhams": "AED", "shekel": "ILS", "shekels": "ILS", "baht": "THB",
        "ringgit": "MYR", "rupiah": "IDR", "dong": "VND", "reais": "BRL",
    ]

    /// Currencies by their English names with the country's adjective (CLDR's display names),
    /// lower case, singular and plural.
    static let namedCurrencies: [String: String] = {
        let names: [(String, String, String)] = [
            ("us", "dollar", "USD"), ("u.s.", "dollar", "USD"), ("american", "dollar", "USD"),
            ("canadian", "dollar", "CAD"), ("australian", "dollar", "AUD"), ("new zealand", "dollar", "NZD"),
            ("hong kong", "dollar", "HKD"), ("singapore", "dollar", "SGD"), ("british", "pound", "GBP"),
            ("indian", "rupee", "INR"), ("pakistani", "rupee", "PKR"), ("sri lankan", "rupee", "LKR"),
            ("mexican", "peso", "MXN"), ("swiss", "franc", "CHF"), ("japanese", "yen", "JPY"),
            ("chinese", "yuan", "CNY"), ("south african", "rand", "ZAR"), ("swedish", "krona", "SEK"),
            ("norwegian", "krone", "NOK"), ("danish", "krone", "DKK"), ("brazilian", "real", "BRL"),
            ("polish", "zloty", "PLN"), ("turkish", "lira", "TRY"), ("russian", "ruble", "RUB"),
        ]
        var table: [String: String] = [:]
        for (adjective, word, code) in names {
            table[adjective + " " + word] = code
            let plural = switch word {
            case "yen", "rand": word
            case "krona": "kronor"
            case "krone": "kroner"
            case "real": "reais"
            default: word + "s"
            }
            table[adjective + " " + plural] = code
        }
        return table
    }()

    /// The first words of `namedCurrencies`' keys: the cheap test before reading further.
    static let namedCurrencyFirstWords = Set(namedCurrencies.keys.compactMap { $0.split(separator: " ").first.map(String.init) })

    /// Minor units after a number ("75 cents", "2 pence"): the major currency's marker, as a
    /// power of ten. "cents" are the region's dollar or euro.
    static let minorUnits: [String: String] = [
        "cent": "cent", "cents": "cent", "pence": "GBP", "penny": "GBP", "pennies": "GBP",
    ]

    /// Regions whose currency is the euro: their cents are euro cents.
    static let euroRegions: Set<String> = [
        "AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR", "IE", "IT", "LT", "LU", "LV", "MT",
        "NL", "PT", "SI", "SK",
    ]

    /// Regions whose own currency is written `$`.
    static let dollarRegions: [String: String] = [
        "CA": "CAD", "AU": "AUD", "NZ": "NZD", "SG": "SGD", "HK": "HKD", "TW": "TWD", "MX": "MXN",
        "FJ": "FJD", "JM": "JMD", "TT": "TTD", "BS": "BSD", "BB": "BBD", "BZ": "BZD", "LR": "LRD",
        "NA": "NAD", "SR": "SRD", "GY": "GYD", "BN": "BND", "SB": "SBD", "CL": "CLP", "CO": "COP",
        "AR": "ARS", "UY": "UYU", "KY": "KYD", "BM": "BMD", "XC": "XCD",
    ]

    /// The ISO code for a symbol, code or word marker in `region`.
    static func resolve(_ marker: String, region: String) -> String {
        switch marker {
        case "$": dollarRegions[region] ?? "USD"
        case "cent": euroRegions.contains(region) ? "EUR" : resolve("$", region: region)
        case "¥": region == "CN" ? "CNY" : "JPY"
        case "kr":
            switch region {
            case "NO": "NOK"
            case "DK", "FO", "GL": "DKK"
            case "IS": "ISK"
            default: "SEK"
            }
        case "Rs":
            switch region {
            case "PK": "PKR"
            case "LK": "LKR"
            case "NP": "NPR"
            case "MU": "MUR"
            default: "INR"
            }
        default: marker
        }
    }

    /// Magnitude words and letters after an amount ("$1.2M", "€3 million"), as powers of ten.
    static let magnitudes: [String: Int] = [
        "k": 3, "K": 3, "thousand": 3, "Tsd": 3, "M": 6, "m": 6, "mn": 6, "mio": 6, "Mio": 6,
        "million": 6, "millions": 6, "Mill": 6, "B": 9, "bn": 9, "Bn": 9, "billion": 9, "billions": 9,
        "Mrd": 9, "tn": 12, "trillion": 12,
    ]
}
