/// Two readings of a measurement the plain "number unit" rule misses.
///
/// Ranges with the unit once: "12–14 in", "12-14 inches", "3 to 5 inches", "20 – 25 mph",
/// "65 to 70 °F": one item from the first number to the unit, the upper end as `maxValue`. The
/// upper end must be larger (a score "14-12" is no range). A bare "in" counts only after a range
/// and only where a line, a cell or a clause ends after it ("Snow 12–14 in", "(3-5 in)") or a
/// word that goes with a length follows ("12–14 in on the pass"), never "3 to 5 in the morning".
///
/// A temperature's letter alone, "72 F", "21 C", "75F", only right after a word that says
/// temperature ("Temperature 72 F", "temp: 21 C", "feels like 75F"): elsewhere "14 F" is a seat
/// and "5 C" a vitamin.
enum MeasurementRanges {
    /// The range at `start` (whose number `low` ends at `lowEnd`), or nil.
    static func range(_ scalars: [Unicode.Scalar], _ start: Int, _ low: String, _ lowEnd: Int) -> Detection? {
        let count = scalars.count
        var position = lowEnd
        var spaced = false
        if position < count, scalars[position] == " " {
            position += 1
            spaced = true
        }
        guard position < count else { return nil }
        let connector = scalars[position]
        if connector == "-" || connector == "–" || connector == "—" {
            position += 1
        } else if spaced, position + 2 < count, connector == "t", scalars[position + 1] == "o",
                  scalars[position + 2] == " " {
            position += 2
        } else {
            return nil
        }
        if position < count, scalars[position] == " " { position += 1 }
        guard position < count, scalars[position].isASCIIDigit,
              let (high, highEnd) = MeasurementDetector.number(scalars, position),
              let lowValue = Double(low), let highValue = Double(high), highValue > lowValue else { return nil }
        if highEnd < count, scalars[highEnd] == "\"" || scalars[highEnd] == "″",
           highEnd + 1 >= count || !scalars[highEnd + 1].isAlphanumeric {
            return detection(start, highEnd + 1, low, high, "in", "length")
        }
        var unitStart = highEnd
        if unitStart < count, scalars[unitStart] == " " { unitStart += 1 }
        guard let unit = MeasurementDetector.unit(scalars, unitStart, allowBareIn: true) else { return nil }
        let bareIn = unit.unit.text == ["i", "n"] && !unit.unit.ignoreCase
        if bareIn, !endsClause(scalars, unit.end) { return nil }
        if MeasurementUnits.singleLetter.contains(FlightNumberDetector.string(unit.unit.text[...])),
           MeasurementDetector.referenceWordBefore(scalars, start) { return nil }
        return detection(start, unit.end, low, high, unit.unit.symbol, unit.unit.quantity)
    }

    private static func detection(_ start: Int, _ end: Int, _ low: String, _ high: String, _ unit: String,
                                  _ quantity: String) -> Detection {
        var value = MeasurementDetector.value(low, unit, quantity)
        value["maxValue"] = .string(high)
        return Detection(kind: .measurement, range: start..<end, value: value)
    }

    /// Nothing but a line or cell end, or a clause's punctuation, after `end`.
    private static func endsClause(_ scalars: [Unicode.Scalar], _ end: Int) -> Bool {
        guard end < scalars.count else { return true }
        let next = scalars[end]
        if next.isLineBreak || next == "," || next == ";" || next == ")" || next == "]" || next == "|" { return true }
        if next == "." { return end + 1 >= scalars.count || scalars[end + 1].isSpaceOrLineBreak }
        guard next.isHorizontalSpace, end + 1 < scalars.count else { return false }
        // Two blanks: the next column of a table.
        if scalars[end + 1].isHorizontalSpace { return true }
        var wordEnd = end + 1
        while wordEnd < scalars.count, scalars[wordEnd].isASCIILetter, wordEnd - end <= 10 { wordEnd += 1 }
        guard wordEnd < scalars.count ? !scalars[wordEnd].isAlphanumeric : true else { return false }
        return wordsAfterInches.contains(FlightNumberDetector.lowercased(scalars[(end + 1)..<wordEnd]))
    }

    /// Words a length in inches is followed by ("12–14 in on the pass", "3-5 in deep"); "the", "a"
    /// and the like are not among them ("3 to 5 in the morning").
    static let wordsAfterInches: Set<String> = [
        "of", "on", "at", "by", "for", "and", "or", "deep", "wide", "long", "tall", "high", "thick", "across",
        "expected", "possible", "likely", "overnight", "total", "snow", "rain", "apart",
    ]

    /// "F" or "C" alone at `position` after the number at `start`, when a temperature word is
    /// right before the number.
    static func temperatureLetter(_ scalars: [Unicode.Scalar], _ start: Int,
                                  _ position: Int) -> MeasurementDetector.UnitMatch? {
        guard position < scalars.count, scalars[position] == "F" || scalars[position] == "C",
              position + 1 >= scalars.count || !(scalars[position + 1].isAlphanumeric || scalars[position + 1] == "'"
                  || scalars[position + 1] == "’"),
              temperatureWordBefore(scalars, start) else { return nil }
        let fahrenheit = scalars[position] == "F"
        let unit = MeasurementUnits.Unit(text: [scalars[position]], symbol: fahrenheit ? "°F" : "°C",
                                         quantity: "temperature", ignoreCase: false)
        return MeasurementDetector.UnitMatch(unit: unit, end: position + 1)
    }

    /// Words that say the number after them is a temperature.
    static let temperatureWords: Set<String> = [
        "temperature", "temperatures", "temp", "temps", "temperatur", "température", "temperatura", "like",
    ]

    /// A temperature word (or "feels like") right before `start`, a colon or "=" between allowed.
    private static func temperatureWordBefore(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
        var position = start - 1
        while position >= 0, start - position <= 3,
              scalars[position].isHorizontalSpace || scalars[position] == ":" || scalars[position] == "=" {
            position -= 1
        }
        guard position >= 0, position < start - 1, scalars[position].isAlphanumeric else { return false }
        var wordStart = position
        while wordStart > 0, scalars[wordStart - 1].isAlphanumeric, position - wordStart < 12 { wordStart -= 1 }
        let word = String(String.UnicodeScalarView(scalars[wordStart...position])).lowercased()
        guard temperatureWords.contains(word) else { return false }
        guard word == "like" else { return true }
        // "feels like", "feel like"
        var before = wordStart - 1
        guard before >= 1, scalars[before] == " " else { return false }
        before -= 1
        var feelStart = before
        while feelStart > 0, scalars[feelStart - 1].isASCIILetter, before - feelStart < 6 { feelStart -= 1 }
        let feel = FlightNumberDetector.lowercased(scalars[feelStart...before])
        return feel == "feels" || feel == "feel"
    }
}
