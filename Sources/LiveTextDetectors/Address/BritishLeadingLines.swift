/// The lines of a British address above its postcode line when its street has no house number:
/// "Mill Lane, Ashford, Kent TN24 8AB", "Unit 4, Riverside Industrial Estate, Leeds LS9 0RQ",
/// on one line with commas or on several lines.
///
/// Read backward from the city before a UK postcode, one part at a time (a part ends at a comma
/// or a line break): an optional town ("Ashford" before the county "Kent"), then a street whose
/// last word is a street type ("Mill Lane", "Riverside Industrial Estate"), then an optional unit
/// ("Unit 4", "Flat 3B"). Without such a street nothing is added: a building or company name
/// alone ("Acme Ltd, Leeds LS9 0RQ") is not taken.
extension AddressScanner {
    /// Street types of British addresses that are not in `AddressVocabulary.streetTypes`.
    static let britishStreetTypes: Set<String> = ["estate", "park", "parade", "gate", "yard", "court", "wynd"]

    /// Where the address starts when parts before the city at `cityStart` make it longer.
    func britishLeadingStart(before cityStart: Int) -> Int? {
        guard let (townStart, townWords, townHasType) = part(before: cityStart) else { return nil }
        var streetStart: Int
        if townHasType {
            streetStart = townStart
        } else {
            guard townWords <= 3, let (start, _, hasType) = part(before: townStart), hasType else { return nil }
            streetStart = start
        }
        // "Unit 4, …", "Flat 3B\n…"
        if let (unitStart, words, _) = part(before: streetStart, allowNumber: true), words <= 3,
           let first = tokens.next(unitStart), first.kind == .word,
           AddressVocabulary.units.contains(tokens.lowercased(first)) {
            streetStart = unitStart
        }
        return streetStart
    }

    /// The part ending at the comma or line break right before `end`: its start, word count and
    /// whether its last word is a street type. Capitalized words only (and "of", "the" inside),
    /// with a number when `allowNumber`; at most five tokens.
    private func part(before end: Int, allowNumber: Bool = false) -> (Int, Int, Bool)? {
        guard let separator = tokens.previous(end),
              separator.kind == .newline || tokens.isPunct(separator, ",") else { return nil }
        var position = separator.start
        var start: Int?
        var words = 0
        var hasType = false
        while words < 5, let t = tokens.previous(position) {
            if t.kind == .newline || tokens.isPunct(t, ",") { break }
            if t.kind == .word, tokens.isCapitalized(t) {
                if start == nil {
                    let word = tokens.lowercased(t)
                    hasType = AddressVocabulary.streetTypes.contains(word) || Self.britishStreetTypes.contains(word)
                }
            } else if t.kind == .number, allowNumber {
            } else if t.kind == .word, start != nil, ["of", "the", "upon", "on"].contains(tokens.lowercased(t)) {
            } else {
                return nil
            }
            start = t.start
            words += 1
            position = t.start
        }
        guard let start else { return nil }
        // The part must begin a line, follow a comma, or begin the text.
        if let before = tokens.previous(start), !(before.kind == .newline || tokens.isPunct(before, ",")) {
            return nil
        }
        return (start, words, hasType)
    }
}
