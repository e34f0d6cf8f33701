/// City lines after a street, postcodes and countries.
extension AddressScanner {
    /// The city line after a street: after a comma, a space or one line break. `separated`: the
    /// street is evidence enough (a type word or suffix) for its postcode's city to follow after a
    /// comma or a line break, not only on the postcode's line.
    func cityLine(after end: Int, style: StreetCandidate.Style, country hint: String? = nil,
                  separated: Bool = false) -> CityLine? {
        guard let t = tokens.nextAfterSeparator(end) else { return nil }
        // A German street is followed by a postcode line; a Spanish, Italian or Portuguese one too,
        // or by Brazil's "São Paulo - SP, 01310-100".
        var line: CityLine?
        switch style {
        case .german:
            line = europeanPostcodeLine(t, style: style, hint: hint, separated: separated)
                ?? postcodeFirstLine(t, style: style, separated: separated)
        case .romance:
            line = europeanPostcodeLine(t, style: style, hint: hint, separated: separated)
                ?? postcodeFirstLine(t, style: style, hint: hint, separated: separated)
                ?? brazilianCityLine(t) ?? brazilianCEPFirstLine(t) ?? cityThenPostcodeLine(t, hint: hint)
        default: line = postcodeFirstLine(t, style: style, separated: separated) ?? cityFirstLine(t)
        }
        if let current = line, let province = provinceInParentheses(after: current.range.upperBound) {
            line?.range = current.range.lowerBound..<province
        }
        if let current = line, let (country, countryEnd) = countrySuffix(after: current.range.upperBound) {
            line?.range = current.range.lowerBound..<countryEnd
            line?.country = country
        }
        return line
    }

    /// "10117 Berlin", "D-10117 Berlin", "75008 Paris", "75008 PARIS CEDEX 08".
    private func postcodeFirstLine(_ t: AddressToken, style: StreetCandidate.Style, hint: String? = nil,
                                   separated: Bool) -> CityLine? {
        var digits = t.start..<t.end
        var prefixCountry: String?
        if t.kind == .word {
            // "D-10117", "F-75008".
            let text = tokens.text(t)
            guard let dash = text.firstIndex(of: "-") else { return nil }
            switch text[..<dash] {
            case "D", "DE": prefixCountry = "DE"
            case "F", "FR": prefixCountry = "FR"
            default: return nil
            }
            digits = (t.end - 5)..<t.end
            guard t.end - t.start == text[..<dash].unicodeScalars.count + 6 else { return nil }
        }
        guard let postcode = foldedDigits(digits, count: 5) else { return nil }
        let department = Int(postcode.prefix(2)) ?? 0
        guard department >= 1 else { return nil }
        var country = prefixCountry
        if country == nil {
            switch style {
            case .german: country = "DE"
            case .french: country = "FR"
            case .english: country = region == "DE" ? "DE" : "FR"
            case .romance: country = hint == "PT" || hint == "BE" ? nil : hint
            }
        }
        if country == "FR", department > 98 { return nil }
        guard let city = cityAfterPostcode(t.end, french: country == "FR" || style == .romance, separated: separated)
        else { return nil }
        return CityLine(range: t.start..<city.upperBound, city: city, postcode: postcode,
                        region: nil, country: country)
    }

    /// Postcode lines in the forms five digits do not cover: "1016 DZ Amsterdam" (NL),
    /// "1060 Wien", "8001 Zürich", "1000 Bruxelles" (four digits: AT, CH, BE), "1100-053 Lisboa"
    /// (PT), "721 30 Västerås" (SE).
    private func europeanPostcodeLine(_ t: AddressToken, style: StreetCandidate.Style, hint: String?,
                                      separated: Bool) -> CityLine? {
        guard t.kind == .number, s[t.start] != "0" else { return nil }
        let length = t.end - t.start
        var end = t.end
        var postcode: String
        var country: String?
        if length == 8, s[t.start + 4] == "-", let first = foldedDigits(t.start..<(t.start + 4), count: 4),
           let last = foldedDigits((t.start + 5)..<t.end, count: 3) {
            (postcode, country) = (first + "-" + last, "PT")
        } else if length == 6, let digits = foldedDigits(t.start..<(t.start + 4), count: 4),
                  s[(t.start + 4)..<t.end].allSatisfy({ ("A"..."Z").contains($0) }) {
            (postcode, country) = (digits + " " + oneLine((t.start + 4)..<t.end), "NL")  // "7033AX"
        } else if length == 4, let digits = foldedDigits(t.start..<t.end, count: 4) {
            postcode = digits
            if let letters = tokens.next(t.end), letters.kind == .word, letters.end - letters.start == 2,
               letters.start - t.end <= 1, tokens.isAllCaps(letters),
               let after = tokens.next(letters.end), after.kind == .word, sameLine(letters.end, after.start) {
                (postcode, country, end) = (digits + " " + tokens.text(letters), "NL", letters.end)
            } else if style == .german {
                country = hint
            } else {
                country = hint == "BE" ? "BE" : nil
            }
        } else if length == 3, let first = foldedDigits(t.start..<t.end, count: 3), let second = tokens.next(t.end),
                  second.kind == .number, second.end - second.start == 2, second.start - t.end == 1,
                  let last = foldedDigits(second.start..<second.end, count: 2) {
            (postcode, country, end) = (first + " " + last, "SE", second.end)
        } else {
            return nil
        }
        guard let city = cityAfterPostcode(end, french: true, separated: separated) else { return nil }
        return CityLine(range: t.start..<city.upperBound, city: city, postcode: postcode, region: nil, country: country)
    }

    /// The city after a postcode that follows a street: on its line ("75008 Paris"), after a
    /// comma ("24123, Bergamo") or on the next line ("7033AX⏎Bad Nieuweschans"), as forms and
    /// labels print it. The latter two only when the street is evidence enough (`separated`):
    /// "July 2020⏎2023⏎January" is no street, postcode and city.
    private func cityAfterPostcode(_ end: Int, french: Bool, separated: Bool) -> Range<Int>? {
        if let city = cityWords(after: end, french: french), sameLine(end, city.lowerBound) { return city }
        guard separated, let t = tokens.nextAfterSeparator(end), t.kind == .word, tokens.isCapitalized(t),
              let city = cityWords(after: t.start, french: french), city.lowerBound == t.start else { return nil }
        return city
    }

    /// "Sevilla, 50911", "Nueva Tailandia, HGO 98143": a city, a comma, maybe a state's
    /// abbreviation, and five digits, after a Spanish-style street.
    private func cityThenPostcodeLine(_ first: AddressToken, hint: String?) -> CityLine? {
        guard first.kind == .word, tokens.isCapitalized(first),
              let city = cityWords(after: first.start, french: true), city.lowerBound == first.start,
              let comma = tokens.next(city.upperBound), tokens.isPunct(comma, ","), var code = tokens.next(comma.end),
              sameLine(comma.end, code.start) else { return nil }
        var region: String?
        if code.kind == .word, tokens.isAllCaps(code), (2...5).contains(code.end - code.start),
           let after = tokens.next(code.end), sameLine(code.end, after.start) {
            region = tokens.text(code)
            code = after
        }
        guard code.kind == .number, code.end - code.start == 5, let postcode = foldedDigits(code.start..<code.end, count: 5)
        else { return nil }
        return CityLine(range: first.start..<code.end, city: city, postcode: postcode, region: region,
                        country: hint == "PT" || hint == "BE" ? nil : hint)
    }

    /// "São Paulo - SP, 01310-100": city, state and CEP.
    private func brazilianCityLine(_ first: AddressToken) -> CityLine? {
        guard let city = cityWords(after: first.start, french: true), let dash = tokens.next(city.upperBound),
              tokens.isPunct(dash, "-") || tokens.isPunct(dash, "/"), let state = tokens.next(dash.end),
              AddressVocabulary.brazilianStates.contains(tokens.text(state)) else { return nil }
        var position = state.end
        if let comma = tokens.next(position), tokens.isPunct(comma, ",") { position = comma.end }
        guard let cep = tokens.next(position), cep.kind == .number, sameLine(state.end, cep.start),
              cep.end - cep.start == 9, s[cep.start + 5] == "-",
              let digits = foldedDigits(cep.start..<(cep.start + 5), count: 5),
              let tail = foldedDigits((cep.start + 6)..<cep.end, count: 3) else { return nil }
        return CityLine(range: first.start..<cep.end, city: city, postcode: digits + "-" + tail,
                        region: tokens.text(state), country: "BR")
    }

    /// "Santa Branca⏎03366501 Moura / TO", "01310-100 São Paulo - SP": an optional district line,
    /// then the CEP (eight digits, or five, a dash and three), the city and the state's code.
    private func brazilianCEPFirstLine(_ first: AddressToken) -> CityLine? {
        var cep = first
        if first.kind == .word {
            // The district (bairro) before, on its line or before a comma.
            guard let district = cityWords(after: first.start, french: true), district.lowerBound == first.start,
                  let next = tokens.nextAfterSeparator(district.upperBound) else { return nil }
            cep = next
        }
        guard cep.kind == .number else { return nil }
        let length = cep.end - cep.start
        let postcode: String
        if length == 8, let digits = foldedDigits(cep.start..<cep.end, count: 8) {
            postcode = String(digits.prefix(5)) + "-" + String(digits.suffix(3))
        } else if length == 9, s[cep.start + 5] == "-", let a = foldedDigits(cep.start..<(cep.start + 5), count: 5),
                  let b = foldedDigits((cep.start + 6)..<cep.end, count: 3) {
            postcode = a + "-" + b
        } else {
            return nil
        }
        guard let city = cityWords(after: cep.end, french: true), sameLine(cep.end, city.lowerBound),
              let slash = tokens.next(city.upperBound), tokens.isPunct(slash, "/") || tokens.isPunct(slash, "-"),
              let state = tokens.next(slash.end), sameLine(slash.end, state.start),
              AddressVocabulary.brazilianStates.contains(tokens.text(state)) else { return nil }
        return CityLine(range: first.start..<state.end, city: city, postcode: postcode,
                        region: tokens.text(state), country: "BR")
    }

    /// " (MI)", " (BG)": an Italian province after the city; where it ends.
    private func provinceInParentheses(after end: Int) -> Int? {
        guard let open = tokens.next(end), tokens.isPunct(open, "("), sameLine(end, open.start),
              let code = tokens.next(open.end), code.kind == .word, code.end - code.start == 2, tokens.isAllCaps(code),
              let close = tokens.next(code.end), tokens.isPunct(close, ")") else { return nil }
        return close.end
    }

    /// "Mountain View, CA 94043", "London SW1A 2AA", "Ottawa, ON K1M 1M4".
    private func cityFirstLine(_ first: AddressToken) -> CityLine? {
        guard first.kind == .word, tokens.isCapitalized(first) else { return nil }
        var position = first.start
        var cityEnd: Int?
        var words = 0
        var afterComma = false
        while words <= 5, let t = tokens.next(position) {
            if cityEnd != nil, let tail = cityTail(t) {
                return CityLine(range: first.start..<tail.end, city: first.start..<cityEnd!, postcode: tail.postcode,
                                region: tail.region, country: tail.country)
            }
            // "Vijayanagaram-935231": the city and India's PIN joined by a hyphen.
            if t.kind == .word, tokens.isCapitalized(t), let (dash, pin) = hyphenatedPIN(t) {
                return CityLine(range: first.start..<t.end, city: first.start..<dash, postcode: pin,
                                region: nil, country: "IN")
            }
            // The British layout: the town on its line, the postcode on the next ("North
            // Gavinborough⏎KA50 3WJ").
            if let cityEnd, t.kind == .newline, let code = tokens.next(t.end), code.kind == .word,
               let (postcode, country, end) = foreignPostcode(code), country == "GB" {
                return CityLine(range: first.start..<end, city: first.start..<cityEnd, postcode: postcode,
                                region: nil, country: country)
            }
            if afterComma { return nil }
            if tokens.isPunct(t, ","), cityEnd != nil {
                afterComma = true
                position = t.end
                continue
            }
            guard t.kind == .word, cityEnd == nil || sameLine(cityEnd!, t.start) else { return nil }
            if tokens.isCapitalized(t) {
                cityEnd = t.end
                position = t.end
                // "St. Louis", "Ft. Worth".
                if position < s.count, s[position] == ".", t.end - t.start <= 3 {
                    position += 1
                    cityEnd = position
                }
            } else if AddressVocabulary.englishParticles.contains(tokens.lowercased(t)) {
                position = t.end
            } else {
                return nil
            }
            words += 1
        }
        return nil
    }

    /// State and ZIP, province and postal code, or a UK postcode after a city.
    private func cityTail(_ t: AddressToken) -> (end: Int, postcode: String, region: String?, country: String)? {
        guard t.kind == .word || t.kind == .number || tokens.isPunct(t, "-") else { return nil }
        // After a street, a state and a ZIP are an address even when the ZIP's first digit is not
        // the state's (an OCR misread, or a made-up address): the street is the evidence. Alone,
        // "City, ST 12345" still needs them to agree (`standaloneZIPAddress`).
        if let (state, stateEnd) = usState(t), let zip = tokens.next(stateEnd), sameLine(stateEnd, zip.start),
           isZIP(zip) {
            return (zip.end, zipText(zip) ?? "", state, "US")
        }
        let code = tokens.text(t)
        if let letters = AddressVocabulary.canadianProvinces[code], let postal = tokens.next(t.end),
           sameLine(t.end, postal.start), postal.kind == .word,
           let (postcode, country, end) = foreignPostcode(postal), country == "CA",
           letters.unicodeScalars.contains(s[postal.start]) {
            return (end, postcode, code, "CA")
        }
        if let (postcode, country, end) = foreignPostcode(t) {
            return (end, postcode, nil, country)
        }
        if let (pin, end) = indianStateAndPIN(t) { return (end, pin, nil, "IN") }
        // "Dhule 665013", "Vijayanagaram-935231": a city and India's six-digit PIN (first digit
        // not 0), after a street.
        if t.kind == .number || tokens.isPunct(t, "-") {
            let pin = tokens.isPunct(t, "-") ? tokens.next(t.end) : t
            if let pin, pin.kind == .number, pin.end - pin.start == 6, sameLine(t.start, pin.start),
               let digits = foldedDigits(pin.start..<pin.end, count: 6), let first = digits.unicodeScalars.first,
               ("1"..."9").contains(first) {
                return (pin.end, digits, nil, "IN")
            }
        }
        // "Sydney NSW 2000", "Sydney, NSW, 2000"; after a street the postcode's first digit need
        // not be the state's, as with ZIP codes above.
        let state = tokens.text(t)
        if AddressVocabulary.australianStates.contains(state), var postcode = tokens.next(t.end),
           sameLine(t.end, postcode.start) {
            if tokens.isPunct(postcode, ","), let after = tokens.next(postcode.end), sameLine(postcode.end, after.start) {
                postcode = after
            }
            if postcode.kind == .number, postcode.end - postcode.start == 4,
               s[postcode.start..<postcode.end].allSatisfy(\.isASCIIDigit) {
                return (postcode.end, oneLine(postcode.start..<postcode.end), state, "AU")
            }
        }
        return nil
    }

    /// "Karnataka 560001", "Tamil Nadu - 600 002": an Indian state and a PIN code whose first
    /// digit is the state's.
    private func indianStateAndPIN(_ t: AddressToken) -> (String, Int)? {
        guard tokens.isCapitalized(t) else { return nil }
        var name = tokens.lowercased(t)
        var position = t.end
        var firsts = AddressVocabulary.indianStates[name]
        var words = 1
        while firsts == nil, words < 3, let next = tokens.next(position), next.kind == .word, sameLine(position, next.start) {
            name += " " + tokens.lowercased(next)
            position = next.end
            words += 1
            firsts = AddressVocabulary.indianStates[name]
        }
        guard let firsts, var pin = tokens.next(position), sameLine(position, pin.start) else { return nil }
        if tokens.isPunct(pin, "-") || tokens.isPunct(pin, ","), let after = tokens.next(pin.end) { pin = after }
        guard pin.kind == .number else { return nil }
        var digits = foldedDigits(pin.start..<pin.end, count: 6)
        var end = pin.end
        if digits == nil, pin.end - pin.start == 3, let rest = tokens.next(pin.end), rest.kind == .number,
           rest.start == pin.end + 1, let a = foldedDigits(pin.start..<pin.end, count: 3),
           let b = foldedDigits(rest.start..<rest.end, count: 3) {
            digits = a + b
            end = rest.end
        }
        guard let digits, let first = digits.unicodeScalars.first, firsts.unicodeScalars.contains(first) else { return nil }
        return (digits, end)
    }

    /// A state code ("CA") or name ("California", "New York") and where it ends.
    func usState(_ t: AddressToken) -> (String, Int)? {
        guard t.kind == .word else { return nil }
        if t.end - t.start == 2 {
            let code = tokens.text(t)
            return AddressVocabulary.usStates[code] != nil ? (code, t.end) : nil
        }
        guard tokens.isCapitalized(t), t.end - t.start >= 4 else { return nil }
        let name = tokens.lowercased(t)
        if let second = tokens.next(t.end), second.kind == .word, sameLine(t.end, second.start),
           let code = AddressVocabulary.usStateNames[name + " " + tokens.lowercased(second)] {
            return (code, second.end)
        }
        return AddressVocabulary.usStateNames[name].map { ($0, t.end) }
    }

    /// "94043" or "94043-1351", OCR misreadings folded ("94O43").
    func isZIP(_ t: AddressToken) -> Bool { t.kind == .number && zipText(t) != nil }

    /// The ZIP code's digits, folded.
    func zipText(_ t: AddressToken) -> String? {
        let length = t.end - t.start
        guard let first = foldedDigits(t.start..<(t.start + min(length, 5)), count: 5) else { return nil }
        if length == 5 { return first }
        guard length == 10, s[t.start + 5] == "-",
              let plusFour = foldedDigits((t.start + 6)..<t.end, count: 4) else { return nil }
        return first + "-" + plusFour
    }

    /// The ZIP's first digit is in the state's range (USPS national areas).
    func zipMatchesState(_ zip: AddressToken, _ state: String) -> Bool {
        guard let firsts = AddressVocabulary.usStates[state], let text = zipText(zip),
              let first = text.unicodeScalars.first else { return false }
        return firsts.unicodeScalars.contains(first)
    }

    /// A UK postcode ("SW1A 2AA", "SW1A2AA") or Canadian postal code ("K1M 1M4", "K1M1M4")
    /// starting at the word token `t`: normalized text, country and end.
    func foreignPostcode(_ t: AddressToken) -> (String, String, Int)? {
        guard t.kind == .word else { return nil }
        let word = s[t.start..<t.end]
        if let inward = tokens.next(t.end), inward.kind == .number, sameLine(t.end, inward.start),
           inward.start - t.end <= 2 {
            let second = s[inward.start..<inward.end]
            if PostcodeFormats.isUKOutward(word), PostcodeFormats.isUKInward(second) {
                return (oneLine(t.start..<t.end) + " " + oneLine(inward.start..<inward.end), "GB", inward.end)
            }
            if PostcodeFormats.isCanadianHalf(word, first: true), PostcodeFormats.isCanadianHalf(second, first: false) {
                return (oneLine(t.start..<t.end) + " " + oneLine(inward.start..<inward.end), "CA", inward.end)
            }
        }
        let length = t.end - t.start
        if length == 6, PostcodeFormats.isCanadianHalf(word.prefix(3), first: true),
           PostcodeFormats.isCanadianHalf(word.suffix(3), first: false) {
            return (oneLine(t.start..<(t.start + 3)) + " " + oneLine((t.start + 3)..<t.end), "CA", t.end)
        }
        if (5...7).contains(length), PostcodeFormats.isUKOutward(word.dropLast(3)),
           PostcodeFormats.isUKInward(word.suffix(3)) {
            return (oneLine(t.start..<(t.end - 3)) + " " + oneLine((t.end - 3)..<t.end), "GB", t.end)
        }
        return nil
    }

    /// "Vijayanagaram-935231": where the hyphen is and the PIN after it (six digits, the first
    /// not 0; 9 is the army's), when the word ends so.
    private func hyphenatedPIN(_ t: AddressToken) -> (dash: Int, pin: String)? {
        let dash = t.end - 7
        guard dash > t.start, s[dash] == "-", let pin = foldedDigits((dash + 1)..<t.end, count: 6),
              let first = pin.unicodeScalars.first, ("1"..."9").contains(first) else { return nil }
        return (dash, pin)
    }

    /// City words after a DE or FR postcode: "Berlin", "Frankfurt am Main", "PARIS CEDEX 08".
    private func cityWords(after end: Int, french: Bool) -> Range<Int>? {
        var position = end
        var start: Int?
        var cityEnd: Int?
        var words = 0
        var lastWord = ""
        while words < 5, let t = tokens.next(position), sameLine(position, t.start) {
            if t.kind == .number, lastWord == "cedex", t.end - t.start <= 2 {
                cityEnd = t.end
                break
            }
            guard t.kind == .word else { break }
            let lower = tokens.lowercased(t)
            lastWord = lower
            if tokens.isCapitalized(t) {
                if start == nil { start = t.start }
                cityEnd = t.end
            } else if start == nil || !(french ? AddressVocabulary.frenchParticles : AddressVocabulary.germanParticles).contains(lower) {
                break
            }
            words += 1
            position = t.end
        }
        guard let start, let cityEnd else { return nil }
        return start..<cityEnd
    }

    /// ", USA", "\nGermany", " United Kingdom": the country's code and where its name ends.
    func countrySuffix(after end: Int) -> (String, Int)? {
        guard let t = tokens.nextAfterSeparator(end) else { return nil }
        guard t.kind == .word, tokens.isCapitalized(t) else { return nil }
        // "U.S.A." and "U.S.": letters and dots.
        if s[t.start] == "U", t.end - t.start == 1 {
            var k = t.start
            var letters = ""
            while k < s.count, k - t.start < 6, s[k] == "." || s[k].isASCIILetter {
                if s[k] != "." { letters.unicodeScalars.append(s[k]) }
                k += 1
            }
            if (letters == "USA" || letters == "US"), !(k < s.count && s[k].isAlphanumeric) {
                return ("US", k)
            }
            return nil
        }
        var name = tokens.lowercased(t)
        var best: (String, Int)?
        var position = t.end
        var words = 1
        while true {
            if let code = AddressVocabulary.countries[name] { best = (code, position) }
            guard words < 4, let next = tokens.next(position), next.kind == .word, sameLine(position, next.start) else {
                break
            }
            name += " " + tokens.lowercased(next)
            position = next.end
            words += 1
        }
        return best
    }
}
