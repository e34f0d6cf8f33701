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

    /// The longest name of at most three words starting at the capitalised word at `start`:
    /// the airline and where the name ends.
    static func name(_ scalars: [Unicode.Scalar], at start: Int) -> (Named, end: Int)? {
        guard start < scalars.count, scalars[start].isAlphanumeric, !scalars[start].isASCIIDigit else { return nil }
        let capitalised = scalars[start].properties.isUppercase
        var ends: [Int] = []
        var key = String.UnicodeScalarView()
        var position = start
        while ends.count < 3 {
            let wordStart = position
            while position < scalars.count, scalars[position].isAlphanumeric, position - wordStart < 16 {
                key.append(contentsOf: scalars[position].properties.lowercaseMapping.unicodeScalars)
                position += 1
            }
            guard position > wordStart else { break }
            ends.append(position)
            guard position + 1 < scalars.count, scalars[position] == " ", scalars[position + 1].isAlphanumeric,
                  !scalars[position + 1].isASCIIDigit else { break }
            key.append(" ")
            position += 1
        }
        // Longest first: "Air Canada" before "Air".
        var words = String(key).split(separator: " ")
        while !words.isEmpty {
            let key = words.joined(separator: " ")
            // "easyJet" is written in lower case; other names are capitalised.
            if let named = index[key], capitalised || distinctive.contains(key) {
                return (named, ends[words.count - 1])
            }
            words.removeLast()
        }
        return nil
    }
}
