/// Airlines by the names people write before a flight number: the full names of
/// `AirlineDesignators` ("British Airways 117", "Air Canada 88"), their short forms without
/// "Airlines"/"Airways" ("Turkish 1"), and the one-word names of `FlightWords.airlineNames`.
///
/// A name that is also an everyday word or a place or people ("United", "Delta", "American",
/// "Swiss", "Turkish", "Condor") is a flight only where the text says so (`needsContext`); a name
/// that is nothing else ("Lufthansa", "Ryanair", "easyJet", "Qantas") or a full name with "Air",
/// "Airlines" or "Airways" in it is one by itself.
enum AirlineNames {
    struct Named: Sendable {
        let iata: String
        let name: String
        /// Only with a flight word before it or airports around it.
        let needsContext: Bool
    }

    /// Names (lower case, words joined by one space) → airline.
    static let index: [String: Named] = {
        var table: [String: Named] = [:]
        func add(_ key: String, _ iata: String, _ name: String) {
            guard table[key] == nil else { return }
            let words = key.split(separator: " ")
            let telling = words.contains { ["air", "airlines", "airways", "aviation", "lingus"].contains($0) }
                || distinctive.contains(key)
            table[key] = Named(iata: iata, name: name, needsContext: !telling)
        }
        for airline in AirlineDesignators.all {
            guard let iata = airline.iata else { continue }
            let key = airline.name.lowercased()
            add(key, iata, airline.name)
            for suffix in [" international airlines", " airlines", " airways", " air lines"] where key.hasSuffix(suffix) {
                add(String(key.dropLast(suffix.count)), iata, airline.name)
            }
        }
        for (word, iata) in FlightWords.airlineNames {
            add(word, iata, AirlineDesignators.byIATA[iata]?.name ?? word)
        }
        for (word, iata) in FlightWords.airNames {
            add("air " + word, iata, AirlineDesignators.byIATA[iata]?.name ?? "Air " + word)
        }
        return table
    }()

    /// The first words of the names.
    static let firstWords: Set<String> = Set(index.keys.map { String($0.prefix { $0 != " " }) })

    /// One-word names that are nothing but an airline.
    static let distinctive: Set<String> = [
        "lufthansa", "ryanair", "easyjet", "klm", "iberia", "finnair", "qantas", "aeroflot", "vueling",
        "eurowings", "icelandair", "westjet", "jetblue", "egyptair", "flydubai", "transavia", "sunexpress",
        "aeromexico", "aeroméxico", "avianca", "latam", "volaris", "jetstar", "indigo", "wizz", "etihad",
        "emirates", "allegiant", "cathay", "asiana", "garuda", "saudia", "aegean", "luxair", "tarom",
        "smartwings", "volotea", "loganair", "citilink", "spicejet", "vistara", "airasia", "airbaltic",
        "tuifly", "skywest", "vivaaerobus", "rwandair", "flynas", "cargolux", "martinair", "widerøe",
        "jet2", "germanwings", "aer lingus",
    ]

    /// The longest name of at most three words ending right before the blank(s) before `digits`
    /// (a number's first digit): the airline and where the name starts. Looked up from the
    /// number, so words with no number after them cost nothing.
    static func name(_ scalars: [Unicode.Scalar], before digits: Int) -> (Named, start: Int)? {
        var k = digits - 1
        var blanks = 0
        while k >= 0, blanks < 2, scalars[k] == " " || scalars[k] == "\u{A0}" { k -= 1; blanks += 1 }
        guard blanks > 0, k >= 0, scalars[k].isAlphanumeric else { return nil }
        // Up to three words back, each joined to the next by one space.
        var starts: [Int] = []
        var end = k + 1
        while starts.count < 3 {
            var wordStart = end
            while wordStart > 0, scalars[wordStart - 1].isAlphanumeric, end - wordStart < 24 { wordStart -= 1 }
            guard wordStart < end, !scalars[wordStart].isASCIIDigit else { break }
            if wordStart > 0, scalars[wordStart - 1].isAlphanumeric { break }
            starts.append(wordStart)
            guard wordStart >= 2, scalars[wordStart - 1] == " ", scalars[wordStart - 2].isAlphanumeric else { break }
            end = wordStart - 1
        }
        // Longest first: "Air Canada" before "Canada".
        for start in starts.reversed() {
            guard firstWords.contains(FlightNumberDetector.lowercased(scalars[start..<firstEnd(scalars, start)])) else {
                continue
            }
            var key = String.UnicodeScalarView()
            for c in scalars[start...k] { key.append(contentsOf: c.properties.lowercaseMapping.unicodeScalars) }
            let text = String(key)
            // "easyJet" is written in lower case; other names are capitalised.
            if let named = index[text], scalars[start].properties.isUppercase || distinctive.contains(text) {
                return (named, start)
            }
        }
        return nil
    }

    private static func firstEnd(_ scalars: [Unicode.Scalar], _ start: Int) -> Int {
        var end = start
        while end < scalars.count, scalars[end].isAlphanumeric, end - start < 24 { end += 1 }
        return end
    }
}
