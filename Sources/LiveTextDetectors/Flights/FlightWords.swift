/// The words around a flight number: flight words that vouch for it, designators that are also
/// everyday abbreviations, airline names before "flight".
enum FlightWords {
    /// Two-letter US state codes: after a comma they start a ZIP code, not a flight.
    static let usStates: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
        "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY",
        "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV",
        "WI", "WY", "DC", "PR",
    ]

    /// Real designators that are also common abbreviations or words ("PO 1234", "ID 4711",
    /// "LOT 12", "RAM 16", "TBA 2025"): only with a flight word.
    static let ambiguousDesignators: Set<String> = [
        "PO", "NO", "OK", "ID", "IT", "TV", "UK", "EU", "ME", "OR", "DR", "PT", "SS", "MP", "LG", "TB",
        "IE", "AL", "MI", "MO", "DE", "PS", "AM", "PM", "US", "IN", "HD", "SC", "NE", "OH", "BE", "TO",
        "UP", "WE", "DD", "MM", "EL", "ER", "RS", "TT", "SM", "GS", "SL", "TA", "PR", "MX", "PC", "BS",
        "CV", "XL", "GE", "JD", "MK", "EC", "DG", "TC", "SW", "DI", "PN", "NS", "QC", "BB", "KK", "FX",
        "LOT", "CAL", "ANA", "EVA", "ICE", "TAM", "SKY", "SOL", "ONE", "ARE", "LAN", "MAS", "TAP", "FIN",
        "BEL", "TOM", "TUI", "UPS", "RAM", "AVA", "EVE", "ANT", "GAP", "MAC", "NOK", "PAC", "PAL", "SAS",
        "TAR", "THA", "UAE", "LAM", "LOG", "DAL", "ASA", "TAI", "TBA", "ARA", "CAV", "CAI", "SEY", "ACI",
        "ANG", "BRU", "TOK", "GLO", "PIC", "PIA", "ELL", "JAL", "KAL", "IRA", "SIL", "CSA", "DHL", "FDX",
    ]

    /// Words that say a flight number follows (lower case).
    static let flightWords: Set<String> = [
        "flight", "flights", "flt", "flug", "flugnummer", "vol", "vuelo", "volo", "voo",
        "flyg", "vlucht", "rejs", "flightno", "fltno", "flightnumber",
    ]

    /// Words that start a bare "flight 920".
    static let bareFlightWords: Set<String> = ["flight", "flt", "flug", "vol", "vuelo", "volo", "voo"]

    /// A flight word within the two words before `start` ("Flight LH 400", "flight no. UA 1234",
    /// "Flug: LH400", "Flight number: BA 117").
    static func hasFlightWord(_ scalars: [Unicode.Scalar], before start: Int) -> Bool {
        var position = start - 1
        for _ in 0..<3 {
            // Skip separators: blanks, ':', '#', '.', '-'.
            var skipped = 0
            while position >= 0, skipped < 4,
                  scalars[position].isHorizontalSpace || scalars[position] == ":" || scalars[position] == "#"
                    || scalars[position] == "." || scalars[position] == "-" {
                position -= 1
                skipped += 1
            }
            guard position >= 0, scalars[position].isASCIILetter else { return false }
            var wordStart = position
            while wordStart > 0, scalars[wordStart - 1].isASCIILetter, position - wordStart < 12 {
                wordStart -= 1
            }
            let word = FlightNumberDetector.lowercased(scalars[wordStart...position])
            if flightWords.contains(word) { return true }
            // Only "no", "nr", "number", "nummer", "numero", "n" may stand between.
            guard ["no", "nr", "number", "nummer", "numero", "num", "n", "nº"].contains(word) else { return false }
            position = wordStart - 1
        }
        return false
    }

    /// Skips blanks and a "no."/"#"/"number" after a bare flight word.
    static func skipNumberWord(_ scalars: [Unicode.Scalar], _ start: Int) -> Int {
        var position = start
        func skipSeparators() {
            var skipped = 0
            while position < scalars.count, skipped < 3,
                  scalars[position].isHorizontalSpace || scalars[position] == ":" || scalars[position] == "#" {
                position += 1
                skipped += 1
            }
        }
        skipSeparators()
        let wordStart = position
        while position < scalars.count, scalars[position].isASCIILetter, position - wordStart < 7 { position += 1 }
        let word = FlightNumberDetector.lowercased(scalars[wordStart..<position])
        if ["no", "nr", "number", "nummer"].contains(word) {
            if position < scalars.count, scalars[position] == "." { position += 1 }
            skipSeparators()
            return position
        }
        return wordStart
    }

    /// A duration or measure unit after the digits: "flight 10 minutes".
    static func followedByUnit(_ scalars: [Unicode.Scalar], _ end: Int) -> Bool {
        var position = end
        while position < scalars.count, scalars[position].isHorizontalSpace, position - end < 2 { position += 1 }
        let wordStart = position
        while position < scalars.count, scalars[position].isASCIILetter, position - wordStart < 10 { position += 1 }
        let word = FlightNumberDetector.lowercased(scalars[wordStart..<position])
        return ["h", "hr", "hrs", "hour", "hours", "min", "mins", "minute", "minutes", "km", "mi", "miles",
                "m", "ft", "feet", "kg", "stunden", "minuten", "heures", "am", "pm", "people", "passengers",
                "seats", "times", "percent"].contains(word)
    }

    /// An airline named right before a bare flight word: "United flight 920",
    /// "British Airways flight 117", "Air Canada flight 88"; the IATA code and where the name starts.
    static func airlineNamed(_ scalars: [Unicode.Scalar], before start: Int) -> (String, Int)? {
        func word(endingBefore end: Int) -> (String, Int)? {
            var position = end - 1
            var skipped = 0
            while position >= 0, scalars[position].isHorizontalSpace, skipped < 2 {
                position -= 1
                skipped += 1
            }
            guard skipped > 0, position >= 0, scalars[position].isASCIILetter else { return nil }
            var wordStart = position
            while wordStart > 0, scalars[wordStart - 1].isASCIILetter, position - wordStart < 12 { wordStart -= 1 }
            if wordStart > 0, scalars[wordStart - 1].isAlphanumeric { return nil }
            return (FlightNumberDetector.lowercased(scalars[wordStart...position]), wordStart)
        }
        guard var (name, nameStart) = word(endingBefore: start) else { return nil }
        if name == "airways" || name == "airlines" || name == "air" || name == "lines" {
            guard let (previous, previousStart) = word(endingBefore: nameStart) else { return nil }
            if name == "lines", previous == "air" {
                guard let (first, firstStart) = word(endingBefore: previousStart) else { return nil }
                name = first
                nameStart = firstStart
            } else {
                name = previous
                nameStart = previousStart
            }
        } else if let (previous, previousStart) = word(endingBefore: nameStart), previous == "air",
                  let code = airNames[name] {
            return (code, previousStart)
        }
        guard let code = airlineNames[name] else { return nil }
        return (code, nameStart)
    }

    /// "Air X" airlines by X.
    static let airNames: [String: String] = [
        "canada": "AC", "france": "AF", "india": "AI", "china": "CA", "europa": "UX", "transat": "TS",
        "berlin": "AB", "arabia": "G9", "astana": "KC", "serbia": "JU", "baltic": "BT",
    ]

    /// Airlines by the word that names them (the first word of "X Airways"/"X Airlines").
    static let airlineNames: [String: String] = [
        "united": "UA", "delta": "DL", "american": "AA", "lufthansa": "LH", "southwest": "WN",
        "alaska": "AS", "jetblue": "B6", "spirit": "NK", "frontier": "F9", "ryanair": "FR",
        "easyjet": "U2", "emirates": "EK", "qantas": "QF", "klm": "KL", "iberia": "IB", "finnair": "AY",
        "swiss": "LX", "austrian": "OS", "turkish": "TK", "qatar": "QR", "etihad": "EY", "british": "BA",
        "westjet": "WS", "hawaiian": "HA", "allegiant": "G4", "aeromexico": "AM", "avianca": "AV",
        "vueling": "VY", "norwegian": "DY", "eurowings": "EW", "condor": "DE", "icelandair": "FI",
        "aeroflot": "SU", "wizz": "W6", "indigo": "6E", "cathay": "CX", "singapore": "SQ",
        "virgin": "VS", "aegean": "A3", "tap": "TP", "sas": "SK", "lot": "LO", "ita": "AZ",
        "saudia": "SV", "egyptair": "MS", "ethiopian": "ET", "kenya": "KQ", "latam": "LA",
        "copa": "CM", "volaris": "Y4", "porter": "PD", "scoot": "TR", "jetstar": "JQ", "korean": "KE",
        "asiana": "OZ", "thai": "TG", "garuda": "GA", "malaysia": "MH", "philippine": "PR",
        "brussels": "SN", "transavia": "HV", "flydubai": "FZ", "sunexpress": "XQ", "pegasus": "PC",
        "aer": "EI", "lingus": "EI",
    ]
}
