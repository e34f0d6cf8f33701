/// Street lines in English ("1600 Amphitheatre Parkway"), French ("55 Rue du Faubourg
/// Saint-Honoré") and German ("Friedrichstraße 43-45") order.
extension AddressScanner {
    /// Number, name words, type word, optional direction: "1600 Pennsylvania Avenue NW". Without
    /// a type word, the capitalized words make a weak street ("1 Broadway" needs a city line).
    func englishStreet(after number: AddressToken) -> StreetCandidate? {
        var position = number.end
        // "496, Chopra Chowk": India writes a comma after the house number; then the street must
        // have its type word.
        var commaAfterNumber = false
        if let comma = tokens.next(position), tokens.isPunct(comma, ","), comma.start == number.end,
           let name = tokens.next(comma.end), name.kind == .word, sameLine(comma.end, name.start),
           !(tokens.previous(number.start).map { $0.kind == .word && tokens.isCapitalized($0) } ?? false) {
            position = comma.end
            commaAfterNumber = true
        }
        var names = 0
        var lastNameEnd: Int?
        while names <= 4, let t = tokens.next(position), t.kind == .word || isOrdinal(t) {
            let word = tokens.lowercased(t)
            if t.kind == .word, names >= 1, AddressVocabulary.streetTypes.contains(word),
               tokens.isCapitalized(t) {
                var end = t.end
                if end < s.count, s[end] == ".", word.count <= 4 { end += 1 }
                if let direction = tokens.next(end), direction.kind == .word, tokens.isAllCaps(direction),
                   AddressVocabulary.directions.contains(tokens.lowercased(direction)),
                   sameLine(end, direction.start) {
                    end = direction.end
                }
                // With the comma the street needs its city line ("Chapter 3, Main Street" is none).
                return StreetCandidate(range: number.start..<end, strong: !commaAfterNumber, style: .english)
            }
            if word == "broadway", tokens.isCapitalized(t) {
                return StreetCandidate(range: number.start..<t.end, strong: true, style: .english)
            }
            guard tokens.isCapitalized(t) || isOrdinal(t), !AddressVocabulary.notStreetNames.contains(word) else {
                break
            }
            names += 1
            position = t.end
            // "St. Mary's Road", "N. Main St".
            if position < s.count, s[position] == ".", t.end - t.start <= 3 { position += 1 }
            lastNameEnd = t.end
        }
        guard let lastNameEnd, !commaAfterNumber else { return nil }
        return StreetCandidate(range: number.start..<lastNameEnd, strong: false, style: .english)
    }

    /// "5th", "42nd", "1st", "3rd".
    func isOrdinal(_ t: AddressToken) -> Bool {
        guard t.kind == .number, t.end - t.start >= 3, t.end - t.start <= 5 else { return false }
        let suffix = tokens.lowercased(AddressToken(kind: .word, start: t.end - 2, end: t.end))
        return ["st", "nd", "rd", "th"].contains(suffix)
            && s[t.start..<(t.end - 2)].allSatisfy(\.isASCIIDigit)
    }

    /// Number, optional "bis"/"ter", type word, name: "12 bis, rue de la Paix". Always strong.
    func frenchStreet(after number: AddressToken) -> StreetCandidate? {
        guard var t = tokens.next(number.end) else { return nil }
        if t.kind == .word, ["bis", "ter", "b"].contains(tokens.lowercased(t)) {
            guard let next = tokens.next(t.end) else { return nil }
            t = next
        }
        if tokens.isPunct(t, ",") {
            guard let next = tokens.next(t.end) else { return nil }
            t = next
        }
        guard t.kind == .word, AddressVocabulary.frenchStreetTypes.contains(tokens.lowercased(t)) else {
            return nil
        }
        var position = t.end
        if position < s.count, s[position] == "." { position += 1 }
        var capitals = 0
        var end: Int?
        var words = 0
        while words < 8, let w = tokens.next(position), w.kind == .word, sameLine(position, w.start) {
            let lower = tokens.lowercased(w)
            if tokens.isCapitalized(w) || startsWithElidedCapital(w) {
                capitals += 1
                end = w.end
            } else if !AddressVocabulary.frenchParticles.contains(lower) {
                break
            }
            words += 1
            position = w.end
        }
        guard capitals >= 1, let end else { return nil }
        return StreetCandidate(range: number.start..<end, strong: true, style: .french)
    }

    /// "l'Église", "d'Alésia".
    private func startsWithElidedCapital(_ w: AddressToken) -> Bool {
        guard w.end - w.start >= 3 else { return false }
        let first = s[w.start].asciiLowercased, apostrophe = s[w.start + 1]
        return (first == "l" || first == "d") && (apostrophe == "'" || apostrophe == "\u{2019}")
            && s[w.start + 2].properties.isUppercase
    }

    /// Name words then the house number: "Friedrichstraße 43-45", "Berliner Str. 5" (strong),
    /// "Unter den Linden 77" (weak: no type suffix).
    func germanStreet(endingWith number: AddressToken) -> StreetCandidate? {
        // German house numbers have at most four digits ("Order 12345" is no street).
        guard s[number.start..<number.end].prefix(while: \.isASCIIDigit).count <= 4,
              var last = tokens.previous(number.start) else { return nil }
        var abbreviated = false
        if tokens.isPunct(last, "."), let word = tokens.previous(last.start), word.end == last.start {
            last = word
            abbreviated = true
        }
        guard last.kind == .word, sameLine(last.end, number.start), tokens.isCapitalized(last) else { return nil }
        let word = tokens.lowercased(last)
        for suffix in AddressVocabulary.germanStreetSuffixes + AddressVocabulary.dutchStreetSuffixes
        where word.hasSuffix(suffix) {
            if suffix == "str" && !abbreviated { continue }
            // For a four-digit postcode line: "ß" is Austrian (the Swiss write "ss"), a Dutch name Belgian.
            let country: String? = word.contains("ß") ? "AT" : word.hasSuffix("strasse") ? "CH"
                : AddressVocabulary.dutchStreetSuffixes.contains(suffix) ? "BE" : nil
            if word.count > suffix.count + 1 {
                return StreetCandidate(range: last.start..<number.end, strong: true, style: .german, country: country)
            }
            // "Berliner Straße": the type word stands alone after one or two name words.
            var start = last.start
            var taken = 0
            while taken < 2, let w = tokens.previous(start), w.kind == .word, tokens.isCapitalized(w),
                  sameLine(w.end, start) {
                start = w.start
                taken += 1
            }
            guard taken > 0 else { return nil }
            return StreetCandidate(range: start..<number.end, strong: true, style: .german, country: country)
        }
        guard !abbreviated else { return nil }
        var start = last.start
        var position = last.start
        var words = 1
        while words < 4, let w = tokens.previous(position), w.kind == .word, sameLine(w.end, position) {
            if tokens.isCapitalized(w) {
                start = w.start
            } else if !AddressVocabulary.germanParticles.contains(tokens.lowercased(w)) {
                break
            }
            words += 1
            position = w.start
        }
        return StreetCandidate(range: start..<number.end, strong: false, style: .german)
    }

    /// "PO Box 1234", "P.O. Box 1234": a post office box stands for the street.
    func postOfficeBox(endingWith number: AddressToken) -> StreetCandidate? {
        guard let box = tokens.previous(number.start), box.kind == .word, tokens.lowercased(box) == "box",
              sameLine(box.end, number.start) else { return nil }
        var k = box.start
        var letters: [Unicode.Scalar] = []
        while k > 0, box.start - k < 7, letters.count < 2 {
            let c = s[k - 1]
            if c.isASCIILetter { letters.append(c.asciiLowercased) } else if c != "." && !c.isHorizontalSpace { break }
            k -= 1
        }
        guard letters == ["o", "p"], k == 0 || !s[k - 1].isAlphanumeric else { return nil }
        return StreetCandidate(range: k..<number.end, strong: false, style: .english)
    }

    /// The end of a unit after a street: ", Suite 200", " Apt 4B", ", 34th Floor", " #12".
    func secondaryUnitEnd(after end: Int) -> Int? {
        guard let t = tokens.nextAfterSeparator(end) else { return nil }
        if let floor = ordinalFloorEnd(t) ?? districtEnd(t) { return floor }
        if tokens.isPunct(t, "#"), let number = tokens.next(t.end), number.kind == .number, number.start == t.end {
            return number.end
        }
        if isOrdinal(t), let floor = tokens.next(t.end), floor.kind == .word,
           ["floor", "fl"].contains(tokens.lowercased(floor)) {
            return floor.end
        }
        // German floors: "3. OG", "2. Stock", "4. Etage".
        if t.kind == .number, t.end - t.start <= 2, t.end < s.count, s[t.end] == ".",
           let floor = tokens.next(t.end + 1), floor.kind == .word, sameLine(t.end, floor.start),
           AddressVocabulary.germanFloors.contains(tokens.lowercased(floor)) {
            return floor.end
        }
        guard t.kind == .word, AddressVocabulary.units.contains(tokens.lowercased(t)) else { return nil }
        var position = t.end
        if position < s.count, s[position] == "." { position += 1 }
        if let hash = tokens.next(position), tokens.isPunct(hash, "#") { position = hash.end }
        guard let value = tokens.next(position), sameLine(t.end, value.start),
              value.kind == .number || (value.kind == .word && value.end - value.start <= 2 && tokens.isAllCaps(value))
        else { return nil }
        return value.end
    }

    /// "Level 5, " or "Suite 200 " before the house number at `start` (Australian and some US
    /// forms put the unit first): where the unit word starts, on the same line.
    func leadingUnitStart(before start: Int) -> Int? {
        guard var value = tokens.previous(start) else { return nil }
        if tokens.isPunct(value, ",") {
            guard let before = tokens.previous(value.start) else { return nil }
            value = before
        }
        guard value.kind == .number || (value.kind == .word && value.end - value.start <= 3 && tokens.isAllCaps(value)),
              let unit = tokens.previous(value.start), unit.kind == .word, unit.end < value.start,
              AddressVocabulary.units.contains(tokens.lowercased(unit)), sameLine(unit.start, start),
              unit.start == 0 || !s[unit.start - 1].isAlphanumeric else { return nil }
        return unit.start
    }

    /// No line break between `a` and `b`.
    func sameLine(_ a: Int, _ b: Int) -> Bool {
        guard a < b else { return true }
        return !s[a..<b].contains(where: \.isLineBreak)
    }
}
