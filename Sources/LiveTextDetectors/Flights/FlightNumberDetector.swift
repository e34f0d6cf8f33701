import LiveTextCore

/// Flight numbers: an airline designator and 1-4 digits ("UA 1234", "LH400", "EZY1234", "U2 8123"),
/// an airline's name and 1-4 digits ("Lufthansa 456", "British Airways 117": `AirlineNames`), and
/// "flight 920" after a flight word.
///
/// A designator is an IATA code (two characters, letters or a letter and a digit) or an ICAO code
/// (three letters), upper case. Accepted without further evidence: a designator of
/// `AirlineDesignators` that is not also a common abbreviation, followed by 3-4 digits. Anything
/// else (unknown designators, 1-2 digit numbers, designators like `PO`, `ID`, `LOT`, `RAM`) needs a
/// flight word or, for a known airline's 1-2 digits, airports around it (`FlightRoute`: "AA 7 JFK-LAX"), or a
/// flight word ("flight", "flight no.", "Flug", "vol", "vuelo", ...) just before it. A US state
/// code after a comma ("Mountain View, CA 9404") is an address, and numbers that go on
/// ("B747-400", "A4.2", "10:30") are not flight numbers.
///
/// OCR's misread digits in the number are folded (`FlightDigits`): "LH40O" is LH400.
///
/// `value`: `airline` (the designator as written, upper case; null for a bare "flight 920"),
/// `number` (the digits without leading zeros: "LH 0400" → "400"), `flight` (`LH400`),
/// `designatorType` (`iata`/`icao`) and `airlineName` when the designator is known.
public struct FlightNumberDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.flight] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        let scalars = text.scalars
        let count = scalars.count
        var results: [Detection] = []
        var index = 0
        while index < count {
            let scalar = scalars[index]
            guard scalar.isASCIIAlphanumeric else {
                index += 1
                continue
            }
            let start = index
            var end = index + 1
            while end < count, scalars[end].isASCIIAlphanumeric { end += 1 }
            // A token glued to other letters (accents, other scripts) is not a designator.
            let glued = (start > 0 && scalars[start - 1].isAlphanumeric)
                || (end < count && scalars[end].isAlphanumeric)
            if !glued, let found = flight(text, start, end) ?? bareFlight(text, start, end)
                ?? namedFlight(text, start, after: results.last?.range.upperBound ?? 0) {
                results.append(found)
                index = found.range.upperBound
            } else {
                index = end
            }
        }
        return results
    }

    /// A designator token (alone, then blank and digits; or glued to its digits) at `start`.
    private func flight(_ text: ScannedText, _ start: Int, _ end: Int) -> Detection? {
        let scalars = text.scalars
        let length = end - start
        guard length >= 2, Self.isUpperOrDigit(scalars[start]) else { return nil }
        var designatorEnd: Int
        var digitsStart: Int
        var digitsEnd: Int
        var digits: String
        var next = end
        while next < scalars.count, next - end < 2, scalars[next] == " " || scalars[next] == "\u{A0}" {
            next += 1
        }
        // A misread letter after the blank ("U2 B123") may also be the next word ("QF1 Sydney").
        let spaced = length <= 3 && next > end && next < scalars.count
            && (scalars[next].isASCIIDigit || Self.misreadNumber(scalars, next))
        if spaced {
            // "UA 1234": the designator alone, 1-2 blanks, then the digits.
            designatorEnd = end
            digitsStart = next
            guard let run = FlightDigits.read(scalars, from: next, limit: 4) else { return nil }
            digitsEnd = run.end
            digits = run.digits
            if digitsEnd < scalars.count, scalars[digitsEnd].isAlphanumeric { return nil }
        } else {
            // "LH400", "EZY1234", "U21234": letters then digits inside one token.
            guard length >= 3 else { return nil }
            let threeLetters = length >= 4 && (0..<3).allSatisfy { Self.isUpper(scalars[start + $0]) }
            designatorEnd = start + (threeLetters ? 3 : 2)
            digitsStart = designatorEnd
            // "LH40O", "KLl001": misread digits inside the token.
            guard let run = FlightDigits.read(scalars, from: digitsStart, limit: 4), run.end == end else { return nil }
            digitsEnd = end
            digits = run.digits
        }
        let digitCount = digitsEnd - digitsStart
        guard (1...4).contains(digitCount) else { return nil }
        let designator = Self.string(scalars[start..<designatorEnd])
        let isICAO = designator.count == 3
        if isICAO {
            guard designator.unicodeScalars.allSatisfy(Self.isUpper) else { return nil }
        } else {
            let a = scalars[start], b = scalars[start + 1]
            guard Self.isUpperOrDigit(a), Self.isUpperOrDigit(b), Self.isUpper(a) || Self.isUpper(b) else {
                return nil
            }
        }
        guard !Self.continues(scalars, before: start), !Self.continues(scalars, after: digitsEnd) else {
            return nil
        }
        if !isICAO, FlightWords.usStates.contains(designator), Self.afterComma(scalars, start) { return nil }
        let airline = isICAO ? AirlineDesignators.byICAO[designator] : AirlineDesignators.byIATA[designator]
        let ambiguous = FlightWords.ambiguousDesignators.contains(designator)
        // One or two digits after an airline's code only between airports ("AA 7 JFK-LAX").
        let trusted = airline != nil && !ambiguous
            && (digitCount >= 3 || FlightRoute.after(scalars, digitsEnd) || FlightRoute.before(scalars, start))
        guard trusted || FlightWords.hasFlightWord(scalars, before: start) else { return nil }
        let number = String(digits.drop(while: { $0 == "0" }).isEmpty ? "0" : digits.drop(while: { $0 == "0" }))
        var value: [String: JSONValue] = [
            "airline": .string(designator),
            "number": .string(number),
            "flight": .string(designator + number),
            "designatorType": .string(isICAO ? "icao" : "iata"),
        ]
        if let airline { value["airlineName"] = .string(airline.name) }
        return Detection(kind: .flight, range: start..<digitsEnd, value: value)
    }

    /// "flight 920", "Flug 4711": a flight word, optional "no."/"#"/"number", then 2-4 digits.
    /// An airline named just before ("United flight 920") gives the designator.
    private func bareFlight(_ text: ScannedText, _ start: Int, _ end: Int) -> Detection? {
        let scalars = text.scalars
        let first = scalars[start].asciiLowercased
        guard first == "f" || first == "v", end - start >= 3, end - start <= 6,
              FlightWords.bareFlightWords.contains(Self.lowercased(scalars[start..<end])) else { return nil }
        var position = end
        if position < scalars.count, scalars[position] == "." { return nil }  // "vol. 12"
        position = FlightWords.skipNumberWord(scalars, position)
        guard position < scalars.count, scalars[position].isASCIIDigit,
              let run = FlightDigits.read(scalars, from: position, limit: 4) else { return nil }
        let digitsStart = position
        position = run.end
        guard (2...4).contains(position - digitsStart), !Self.continues(scalars, after: position),
              position >= scalars.count || !scalars[position].isAlphanumeric else { return nil }
        // "flight 2 hours", "flight 10 minutes late" are durations.
        if FlightWords.followedByUnit(scalars, position) { return nil }
        let digits = run.digits
        let number = String(digits.drop(while: { $0 == "0" }))
        guard !number.isEmpty else { return nil }
        var rangeStart = start
        var value: [String: JSONValue] = ["airline": .null, "number": .string(number), "flight": .string(number)]
        if let (code, nameStart) = FlightWords.airlineNamed(scalars, before: start) {
            rangeStart = nameStart
            value["airline"] = .string(code)
            value["flight"] = .string(code + number)
            value["designatorType"] = .string("iata")
            if let airline = AirlineDesignators.byIATA[code] { value["airlineName"] = .string(airline.name) }
        }
        return Detection(kind: .flight, range: rangeStart..<position, value: value)
    }

    /// "Lufthansa 456", "British Airways 117", "United 1 from SFO": an airline's name
    /// (`AirlineNames`), then 1-4 digits. A name that is also a word, and a number that reads as a
    /// year ("Emirates 2024"), only after a flight word or between airports.
    /// Looked up from the digits at `digitsStart` back to the name, which must start at or after
    /// `previousEnd` (the last item found).
    private func namedFlight(_ text: ScannedText, _ digitsStart: Int, after previousEnd: Int) -> Detection? {
        let scalars = text.scalars
        guard scalars[digitsStart].isASCIIDigit, digitsStart > 1,
              let (airline, start) = AirlineNames.name(scalars, before: digitsStart), start >= previousEnd,
              let run = FlightDigits.read(scalars, from: digitsStart, limit: 4) else { return nil }
        let end = run.end
        guard end >= scalars.count || !scalars[end].isAlphanumeric, !Self.continues(scalars, after: end),
              !Self.continues(scalars, before: start), !FlightWords.followedByUnit(scalars, end) else { return nil }
        let number = String(run.digits.drop { $0 == "0" })
        guard !number.isEmpty else { return nil }
        let year = run.digits.count == 4 && (run.digits.hasPrefix("19") || run.digits.hasPrefix("20"))
        if airline.needsContext || year {
            guard FlightWords.hasFlightWord(scalars, before: start) || FlightRoute.after(scalars, end)
                || FlightRoute.before(scalars, start) else { return nil }
        }
        let value: [String: JSONValue] = [
            "airline": .string(airline.iata), "number": .string(number), "flight": .string(airline.iata + number),
            "designatorType": .string("iata"), "airlineName": .string(airline.name),
        ]
        return Detection(kind: .flight, range: start..<end, value: value)
    }

    /// A number starting with a misread letter at `start` ("B123", "l884"): it reads as mostly
    /// digits and ends the word.
    private static func misreadNumber(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
        guard FlightDigits.confusedDigit(scalars[start]) != nil,
              let run = FlightDigits.read(scalars, from: start, limit: 4) else { return false }
        return run.end >= scalars.count || !scalars[run.end].isAlphanumeric
    }

    /// The token before `start` runs into it: "SKU-LH400", "1.A320".
    private static func continues(_ scalars: [Unicode.Scalar], before start: Int) -> Bool {
        guard start >= 2 else { return false }
        let joiner = scalars[start - 1]
        return (joiner == "-" || joiner == "/" || joiner == "." || joiner == "_" || joiner == "#"
            || joiner == "+" || joiner == "=") && scalars[start - 2].isAlphanumeric
    }

    /// The number goes on after `end`: "747-400", "4.2", "10:30", "12/5", "3,5".
    private static func continues(_ scalars: [Unicode.Scalar], after end: Int) -> Bool {
        guard end + 1 < scalars.count else { return false }
        let joiner = scalars[end]
        guard joiner == "-" || joiner == "/" || joiner == "." || joiner == "," || joiner == ":"
            || joiner == "_" || joiner == "+" || joiner == "×" else { return false }
        return scalars[end + 1].isASCIIAlphanumeric
            && !(joiner == "." && scalars[end + 1].isASCIILetter && scalars[end + 1].properties.isUppercase)
    }

    /// A comma (and blanks) right before `start`: "Springfield, IL 6270".
    private static func afterComma(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
        var position = start - 1
        while position >= 0, scalars[position].isHorizontalSpace { position -= 1 }
        return position >= 0 && scalars[position] == ","
    }

    @inline(__always) static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x41 && scalar.value <= 0x5A
    }

    @inline(__always) static func isUpperOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        isUpper(scalar) || scalar.isASCIIDigit
    }

    /// The scalars as a String; short ASCII words (the usual case) without a heap allocation.
    static func string(_ scalars: ArraySlice<Unicode.Scalar>, lowercased: Bool = false) -> String {
        if scalars.count <= 15, scalars.allSatisfy({ $0.value < 0x80 }) {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                var count = 0
                for scalar in scalars {
                    buffer[count] = UInt8(lowercased ? scalar.asciiLowercased.value : scalar.value)
                    count += 1
                }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
            }
        }
        var result = String.UnicodeScalarView()
        for scalar in scalars { result.append(lowercased ? scalar.asciiLowercased : scalar) }
        return String(result)
    }

    static func lowercased(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        string(scalars, lowercased: true)
    }
}
