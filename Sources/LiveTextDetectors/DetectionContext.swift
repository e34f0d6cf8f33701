import Foundation

/// What detection depends on besides the text: the reference time for relative dates, the
/// default region for national phone numbers and addresses, and the languages the text was read in.
public struct DetectionContext: Sendable {
    /// "Now" for relative dates ("tomorrow", "Friday at 3pm").
    public var referenceDate: Date
    /// The time zone dates without an offset are in.
    public var timeZone: TimeZone
    /// ISO 3166 alpha-2 region, upper case (`US`, `DE`): how national numbers are read.
    public var region: String
    /// Regions the text points at (an address's country, a currency, a country-code domain):
    /// `DataDetector` fills them from the other detectors' items before it reads phone numbers.
    var regionHints: [RegionHint] = []
    /// The languages the text was read in, as tesseract names them (`eng`, `deu`, `fra`, `spa`):
    /// what the analysis' blocks say (`AnalysisInterpreter`), or `LIVETEXT_LANGUAGES` for
    /// `livetext detect`. A language here turns on its date words (`DateLanguages`) and makes its
    /// country's numbering plan one national phone numbers are read in (`LanguageRegions`).
    public var languages: Set<String> = []

    public init(referenceDate: Date = Date(), timeZone: TimeZone = .current, region: String = "US",
                languages: Set<String> = []) {
        self.referenceDate = referenceDate
        self.timeZone = timeZone
        self.region = region.uppercased()
        self.languages = languages
    }

    /// The context the environment gives: `LIVETEXT_REFERENCE_TIME` (ISO 8601; its offset, when
    /// present, is the time zone), `LIVETEXT_REGION` (ISO 3166 alpha-2), else the locale of
    /// `LC_ALL`/`LC_MESSAGES`/`LANG` (`de_DE.UTF-8` → `DE`), else `US`; `LIVETEXT_LANGUAGES`
    /// (tesseract names, `deu,fra` or `deu+fra`), else none: text handed over as text was read by
    /// no one, and the locale's language is not the text's.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(InvalidContext) -> DetectionContext {
        var context = DetectionContext()
        if let zone = environment["TZ"].flatMap(TimeZone.init(identifier:)) {
            context.timeZone = zone
        }
        if let text = environment["LIVETEXT_REFERENCE_TIME"], !text.isEmpty {
            guard let (date, zone) = ISO8601Reference.parse(text, defaultZone: context.timeZone) else {
                throw InvalidContext(
                    message: "LIVETEXT_REFERENCE_TIME '\(text)' is not an ISO 8601 date and time "
                        + "(e.g. 2026-03-01T09:30:00+01:00)")
            }
            context.referenceDate = date
            context.timeZone = zone
        }
        if let region = environment["LIVETEXT_REGION"], !region.isEmpty {
            guard region.count == 2, region.unicodeScalars.allSatisfy(\.isASCIILetter) else {
                throw InvalidContext(
                    message: "LIVETEXT_REGION '\(region)' is not an ISO 3166 alpha-2 region (e.g. US, DE)")
            }
            context.region = region.uppercased()
        } else if let region = localeRegion(environment) {
            context.region = region
        }
        if let list = environment["LIVETEXT_LANGUAGES"], !list.isEmpty {
            let names = list.split(whereSeparator: { $0 == "," || $0 == "+" || $0 == " " }).map(String.init)
            guard names.allSatisfy(Self.isLanguageName) else {
                throw InvalidContext(
                    message: "LIVETEXT_LANGUAGES '\(list)' is not a list of tesseract language names "
                        + "(e.g. deu,fra)")
            }
            context.languages = Set(names)
        }
        return context
    }

    /// `deu`, `chi_sim`, `Latin`: letters, digits and `_`, at most 32.
    static func isLanguageName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.count <= 32
            && name.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || $0 == "_" }
    }

    /// `de_DE.UTF-8@euro` → `DE`.
    static func localeRegion(_ environment: [String: String]) -> String? {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            let name = value.split(separator: ".").first.map(String.init) ?? value
            let parts = name.split(separator: "_")
            guard parts.count == 2 else { return nil }
            let region = parts[1].prefix(while: { $0 != "@" })
            guard region.count == 2, region.unicodeScalars.allSatisfy(\.isASCIILetter) else { return nil }
            return region.uppercased()
        }
        return nil
    }
}

/// A bad `LIVETEXT_REFERENCE_TIME` or `LIVETEXT_REGION`.
public struct InvalidContext: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Parses the reference time: `2026-03-01`, `2026-03-01T09:30`, `2026-03-01T09:30:00Z`,
/// `2026-03-01T09:30:00.5+01:00`, `2026-03-01 09:30:00`.
enum ISO8601Reference {
    static func parse(_ text: String, defaultZone: TimeZone) -> (Date, TimeZone)? {
        let s = Array(text.unicodeScalars)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= s.count else { return nil }
            var value = 0
            for k in i..<(i + digits) {
                guard let d = s[k].asciiDigitValue else { return nil }
                value = value * 10 + d
            }
            i += digits
            return value
        }
        func expect(_ c: Unicode.Scalar) -> Bool {
            guard i < s.count, s[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"),
              let day = number(2) else { return nil }
        var hour = 0, minute = 0, second = 0, nanosecond = 0
        var zone = defaultZone
        if i < s.count {
            guard s[i] == "T" || s[i] == " " else { return nil }
            i += 1
            guard let h = number(2), expect(":"), let m = number(2) else { return nil }
            hour = h
            minute = m
            if expect(":") {
                guard let sec = number(2) else { return nil }
                second = sec
                if expect(".") || expect(",") {
                    var fraction = 0.0, scale = 0.1
                    while i < s.count, let d = s[i].asciiDigitValue {
                        fraction += Double(d) * scale
                        scale /= 10
                        i += 1
                    }
                    nanosecond = Int(fraction * 1e9)
                }
            }
            if i < s.count {
                if expect("Z") {
                    zone = TimeZone(secondsFromGMT: 0)!
                } else {
                    guard s[i] == "+" || s[i] == "-" else { return nil }
                    let sign = s[i] == "-" ? -1 : 1
                    i += 1
                    guard let oh = number(2) else { return nil }
                    _ = expect(":")
                    let om = number(2) ?? 0
                    guard oh <= 14, om < 60,
                          let offset = TimeZone(secondsFromGMT: sign * (oh * 3600 + om * 60)) else {
                        return nil
                    }
                    zone = offset
                }
            }
        }
        guard i == s.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
              second < 61 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour,
                                        minute: minute, second: second, nanosecond: nanosecond)
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day else { return nil }
        return (date, zone)
    }
}
