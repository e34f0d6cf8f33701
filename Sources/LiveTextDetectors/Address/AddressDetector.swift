import LiveTextCore

/// Postal addresses (US, UK, DE, FR, CA), across line breaks.
///
/// The scanner stops only at digits. A digit that starts a token may be a house number: the
/// street is read forward ("1600 Amphitheatre Parkway", "55 Rue du Faubourg Saint-Honoré") or
/// backward ("Friedrichstraße 43-45", "Unter den Linden 77"), then a city line in one of the
/// postcode formats may follow on the same or the next line, then a country. A ZIP code or a UK
/// or Canadian postcode with a city (and state or province) before it is an address by itself.
/// A street without a type word, or in German without a type suffix, needs a city line; a lone
/// postcode or city never makes an address.
///
/// `value`: `components` with `street`, `city`, `postcode`, `region` (state or province code)
/// and `country` (ISO alpha-2) where known.
public struct AddressDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.address] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        var scanner = AddressScanner(s: text.scalars, region: context.region)
        scanner.scan()
        return scanner.found
    }
}

/// A street: where it is, and whether it stands on its own.
struct StreetCandidate {
    enum Style { case english, french, german, romance }
    var range: Range<Int>
    /// A street type word or suffix is present: an address even without a city line.
    var strong: Bool
    var style: Style
    /// The country the street's type word points at ("Calle" ES, "Via" IT), for its postcode line.
    var country: String?
}

/// A city line: "Mountain View, CA 94043", "London SW1A 2AA", "10117 Berlin", "Ottawa, ON K1M 1M4".
struct CityLine {
    var range: Range<Int>
    var city: Range<Int>?
    var postcode: String
    var region: String?
    var country: String?
}

struct AddressScanner {
    let s: [Unicode.Scalar]
    let region: String
    let tokens: AddressTokenizer
    var found: [Detection] = []

    init(s: [Unicode.Scalar], region: String) {
        self.s = s
        self.region = region
        tokens = AddressTokenizer(s: s)
    }

    mutating func scan() {
        let n = s.count
        var i = 0
        while i < n {
            guard s[i].isASCIIDigit else { i += 1; continue }
            let previous: Unicode.Scalar? = i > 0 ? s[i - 1] : nil
            if let previous, previous.isAlphanumeric {
                // "SW1A", "K1M": a UK or Canadian postcode whose letters come before the digit.
                if let end = standalonePostcodeAddress(digitAt: i) { i = end; continue }
                if let token = misreadNumberToken(digitAt: i), let end = addressFromNumber(token) {
                    i = end
                    continue
                }
                i += 1
                while i < n, s[i].isAlphanumeric { i += 1 }
                continue
            }
            // "13:15 Hollow Lane", "room 4.12": the minutes of a time or a decimal's fraction.
            if let previous, previous == ":" || previous == ".", i > 1, s[i - 2].isASCIIDigit {
                while i < n, s[i].isASCIIDigit { i += 1 }
                continue
            }
            if let previous, AddressTokenizer.isJoiner(previous), i > 1, s[i - 2].isAlphanumeric {
                i += 1
                continue
            }
            guard let token = tokens.next(i) else { break }
            if let end = addressFromNumber(token) ?? standaloneZIPAddress(token) {
                i = end
            } else {
                i = max(token.end, i + 1)
            }
        }
    }

    // MARK: - Emitting

    private mutating func emit(_ range: Range<Int>, street: Range<Int>?, city: CityLine?, country: String?) -> Int {
        var components: [String: JSONValue] = [:]
        if let street { components["street"] = .string(oneLine(street)) }
        if let city {
            if let cityRange = city.city { components["city"] = .string(oneLine(cityRange)) }
            components["postcode"] = .string(city.postcode)
            if let region = city.region { components["region"] = .string(region) }
        }
        if let country = country ?? city?.country { components["country"] = .string(country) }
        found.append(Detection(kind: .address, range: range, value: ["components": .object(components)]))
        return range.upperBound
    }

    func oneLine(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        var lastWasSpace = false
        for c in s[range] {
            if c.isSpaceOrLineBreak {
                if !lastWasSpace { view.append(" ") }
                lastWasSpace = true
            } else {
                view.append(c)
                lastWasSpace = false
            }
        }
        return String(view)
    }

    // MARK: - From a house number

    /// An address whose street has the house number `token`; returns where it ends.
    private mutating func addressFromNumber(_ token: AddressToken) -> Int? {
        guard token.kind == .number, isHouseNumber(token) else { return nil }
        var candidates: [StreetCandidate] = []
        if let street = frenchStreet(after: token) { candidates.append(street) }
        if let street = englishStreet(after: token) { candidates.append(street) }
        // Before the German reading: "Calle Mayor 5" also reads as a German street without a type.
        if let street = romanceStreet(endingWith: token) { candidates.append(street) }
        if let street = germanStreet(endingWith: token) { candidates.append(street) }
        if let street = postOfficeBox(endingWith: token) { candidates.append(street) }

        var best: (range: Range<Int>, street: Range<Int>, city: CityLine?, country: String?)?
        for street in candidates {
            var streetEnd = street.range.upperBound == token.end ? houseNumberEnd(token) : street.range.upperBound
            // Up to three units: "Edif. 033, Depto. 665", "3º B", "Col. Juárez".
            for _ in 0..<3 {
                guard let unitEnd = secondaryUnitEnd(after: streetEnd) else { break }
                streetEnd = unitEnd
            }
            if street.style == .romance, let district = dashDistrictEnd(after: streetEnd) { streetEnd = district }
            let city = cityLine(after: streetEnd, style: street.style, country: street.country,
                                separated: street.strong || street.style == .romance)
            var range = street.range.lowerBound..<(city?.range.upperBound ?? streetEnd)
            var country = city?.country
            if city == nil {
                guard street.strong, !(street.style == .english && isYearLike(token)) else { continue }
                if let (code, end) = countrySuffix(after: streetEnd) {
                    range = range.lowerBound..<end
                    country = code
                } else if street.style == .french {
                    country = nil
                }
            }
            if best == nil || range.count > best!.range.count {
                best = (range, street.range.lowerBound..<streetEnd, city, country)
            }
        }
        guard var best else { return nil }
        // "Level 5, 1 Martin Place, Sydney NSW 2000": a unit before the number, with a city line.
        if best.city != nil, let unitStart = leadingUnitStart(before: best.range.lowerBound),
           unitStart >= (found.last?.range.upperBound ?? 0) {
            best.range = unitStart..<best.range.upperBound
        }
        return emit(best.range, street: best.street, city: best.city, country: best.country)
    }

    /// "12", "221B", "43-45", "12a": 1-5 digits not starting with 0, a letter or a range after.
    /// OCR misreadings count as digits ("l600").
    private func isHouseNumber(_ t: AddressToken) -> Bool {
        guard s[t.start] != "0", s[t.start] != "O" else { return false }
        var digits = 0, letters = 0, k = t.start
        while k < t.end, Self.misreadDigit(s[k]) != nil { digits += 1; k += 1 }
        guard (1...5).contains(digits) else { return false }
        while k < t.end {
            let c = s[k]
            if c.isASCIILetter { letters += 1 } else if !(c.isASCIIDigit || c == "-") { return false }
            k += 1
        }
        return letters <= 1 && t.end - t.start <= 11
    }

    /// A token starting with letters OCR misread for digits ("l600"), reached at its first digit.
    private func misreadNumberToken(digitAt i: Int) -> AddressToken? {
        var start = i
        while start > 0, i - start < 2, s[start - 1].isASCIILetter, Self.misreadDigit(s[start - 1]) != nil {
            start -= 1
        }
        guard start < i, start == 0 || !s[start - 1].isAlphanumeric, var token = tokens.next(start),
              foldedDigits(token.start..<token.end, count: token.end - token.start) != nil else { return nil }
        token.kind = .number
        return token
    }

    /// The digit a scalar stands for in a digit-dominant token: itself, or a letter OCR confuses
    /// with it (a narrower set than `OCRConfusion`: these letters are also common in words).
    static func misreadDigit(_ c: Unicode.Scalar) -> UInt8? {
        if let d = c.asciiDigitValue { return UInt8(d) }
        switch c {
        case "O", "o": return 0
        case "l", "I", "|": return 1
        case "S": return 5
        case "B": return 8
        default: return nil
        }
    }

    /// The digits of `range` when it is `count` digit-like scalars, mostly real digits.
    func foldedDigits(_ range: Range<Int>, count: Int) -> String? {
        guard range.count == count else { return nil }
        var text = ""
        var real = 0
        for c in s[range] {
            guard let d = Self.misreadDigit(c) else { return nil }
            if c.isASCIIDigit { real += 1 }
            text.unicodeScalars.append(Unicode.Scalar(d + 0x30))
        }
        return real * 10 >= count * 6 ? text : nil
    }

    private func isYearLike(_ t: AddressToken) -> Bool {
        guard t.end - t.start == 4 else { return false }
        let text = tokens.text(t)
        return text.hasPrefix("19") || text.hasPrefix("20") || text.hasPrefix("18")
    }

    // MARK: - Standalone city lines

    /// "Mountain View, CA 94043": a ZIP code after a state code and a city.
    private mutating func standaloneZIPAddress(_ zip: AddressToken) -> Int? {
        guard isZIP(zip), let state = tokens.previous(zip.start), state.kind == .word,
              let (code, _) = usState(state), zipMatchesState(zip, code) else { return nil }
        guard let cityStart = cityWordsBackward(before: state.start) else { return nil }
        var line = CityLine(range: cityStart.lowerBound..<zip.end, city: cityStart, postcode: zipText(zip) ?? "",
                            region: code, country: "US")
        if let (country, end) = countrySuffix(after: zip.end) {
            line.range = line.range.lowerBound..<end
            line.country = country
        }
        return emit(line.range, street: nil, city: line, country: line.country)
    }

    /// "London SW1A 2AA", "Ottawa, ON K1M 1M4" found from the digit inside the outward code.
    private mutating func standalonePostcodeAddress(digitAt i: Int) -> Int? {
        var start = i
        while start > 0, s[start - 1].isASCIILetter, i - start < 2 { start -= 1 }
        guard start < i, start == 0 || !s[start - 1].isAlphanumeric,
              let token = tokens.next(start), token.kind == .word,
              let (postcode, country, end) = foreignPostcode(token) else { return nil }
        var regionCode: String?
        var before = start
        if country == "CA", let province = tokens.previous(start), province.kind == .word,
           let letters = AddressVocabulary.canadianProvinces[tokens.text(province)] {
            guard letters.unicodeScalars.contains(s[start]) else { return nil }
            regionCode = tokens.text(province)
            before = province.start
        }
        guard let city = cityWordsBackward(before: before) else { return nil }
        var line = CityLine(range: city.lowerBound..<end, city: city, postcode: postcode, region: regionCode,
                            country: country)
        if let (code, countryEnd) = countrySuffix(after: end) {
            line.range = line.range.lowerBound..<countryEnd
            line.country = code
        }
        // "Mill Lane, Ashford, Kent TN24 8AB": a British street without a house number above.
        if country == "GB", let leading = britishLeadingStart(before: city.lowerBound),
           leading >= (found.last?.range.upperBound ?? 0) {
            return emit(leading..<line.range.upperBound, street: nil, city: line, country: line.country)
        }
        return emit(line.range, street: nil, city: line, country: line.country)
    }

    /// City words ending before `end` on the same line, after an optional comma: their range.
    private func cityWordsBackward(before end: Int) -> Range<Int>? {
        var position = end
        if let comma = tokens.previous(position), tokens.isPunct(comma, ",") { position = comma.start }
        var start: Int?
        var cityEnd: Int?
        var words = 0
        while words < 4, let t = tokens.previous(position), t.kind == .word {
            if tokens.isCapitalized(t) {
                start = t.start
                if cityEnd == nil { cityEnd = t.end }
            } else if !(AddressVocabulary.englishParticles.contains(tokens.lowercased(t)) && cityEnd != nil) {
                break
            }
            words += 1
            position = t.start
        }
        guard let start, let cityEnd else { return nil }
        return start..<cityEnd
    }
}
