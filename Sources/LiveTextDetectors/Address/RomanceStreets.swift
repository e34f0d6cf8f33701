/// Streets with the type word first and the number last, as Spain, Italy, Portugal, Brazil,
/// Mexico and Belgium write them ("Calle Mayor 5", "Via Giuseppe Verdi, 12", "Rua Augusta 100",
/// "Av. Paulista, 1000", "Rue de la Loi 16"), and the units that follow them ("3º B",
/// "Piso 2", "Interior 5", "Col. Juárez").
extension AddressScanner {
    /// Type word, name words and particles, an optional comma, then the house number `number`.
    func romanceStreet(endingWith number: AddressToken) -> StreetCandidate? {
        guard var position = tokens.previous(number.start).map({ $0.end }) else { return nil }
        if let comma = tokens.previous(number.start), tokens.isPunct(comma, ",") { position = comma.start }
        var words = 0
        var typeStart: Int?
        var sawName = false
        while words < 7, let w = tokens.previous(position), sameLine(w.end, number.start) {
            var word = w
            if tokens.isPunct(w, "."), let abbreviation = tokens.previous(w.start), abbreviation.end == w.start,
               abbreviation.kind == .word {
                word = abbreviation  // "Av.", "Pça."
            }
            guard word.kind == .word else { break }
            let lower = tokens.lowercased(word)
            if tokens.isCapitalized(word), AddressVocabulary.romanceStreetTypes.contains(lower), sawName {
                typeStart = word.start
                break
            }
            if tokens.isCapitalized(word) || (word.kind == .word && s[word.start].isASCIIDigit) {
                sawName = true
            } else if !AddressVocabulary.romanceParticles.contains(lower) {
                break
            }
            words += 1
            position = word.start
        }
        guard let typeStart, let typeToken = tokens.next(typeStart) else { return nil }
        // Weak: "Via Slack 2", "Plaza Hotel 5" are no streets without a postcode line after them.
        return StreetCandidate(range: typeStart..<houseNumberEnd(number), strong: false, style: .romance,
                               country: AddressVocabulary.romanceTypeCountries[tokens.lowercased(typeToken)])
    }

    /// The end of a house number with its Austrian door ("1/3"), Spanish "s/n" or letter part.
    func houseNumberEnd(_ number: AddressToken) -> Int {
        let end = number.end
        guard end + 1 < s.count, s[end] == "/", s[end + 1].isASCIIDigit else { return end }
        var k = end + 1
        while k < s.count, k - end <= 3, s[k].isASCIIDigit { k += 1 }
        return k < s.count && s[k].isAlphanumeric ? end : k
    }

    /// "3º B", "2ª", "1º Dcha.": a Spanish floor and door after the street.
    func ordinalFloorEnd(_ t: AddressToken) -> Int? {
        guard t.kind == .number, t.end - t.start <= 3, s[t.end - 1] == "º" || s[t.end - 1] == "ª" || s[t.end - 1] == "°"
        else { return nil }
        if let door = tokens.next(t.end), door.kind == .word, sameLine(t.end, door.start),
           door.end - door.start <= 4, tokens.isCapitalized(door) {
            return door.end < s.count && s[door.end] == "." ? door.end + 1 : door.end
        }
        return t.end
    }

    /// "Col. Juárez", "Colonia Roma Norte", "Bairro Centro": a Mexican colonia or a district before
    /// the postcode line, up to the next comma.
    /// `named`: the district follows a dash without such a word ("Av. Paulista, 1000 - Bela Vista").
    func districtEnd(_ t: AddressToken, named: Bool = false) -> Int? {
        guard t.kind == .word else { return nil }
        var position = t.start
        if !named {
            guard AddressVocabulary.districtWords.contains(tokens.lowercased(t)) else { return nil }
            position = t.end
            if position < s.count, s[position] == "." { position += 1 }
        }
        var end: Int?
        var words = 0
        while words < 4, let w = tokens.next(position), w.kind == .word, sameLine(position, w.start) {
            guard tokens.isCapitalized(w) || AddressVocabulary.romanceParticles.contains(tokens.lowercased(w)) else { break }
            if tokens.isCapitalized(w) { end = w.end }
            position = w.end
            words += 1
        }
        return end
    }

    /// " - Bela Vista" after a Brazilian street: the district after a dash.
    func dashDistrictEnd(after end: Int) -> Int? {
        guard let dash = tokens.next(end), tokens.isPunct(dash, "-"), let next = tokens.next(dash.end),
              sameLine(dash.end, next.start) else { return nil }
        return districtEnd(next, named: true)
    }
}
