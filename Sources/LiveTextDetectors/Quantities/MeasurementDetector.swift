import Foundation
import LiveTextCore

/// Measurements: a number and a unit of length, mass, volume, temperature, speed, area or data
/// ("5 km", "2,5 kg", "350 ml", "-4 °C", "60 mph", "120 m²", "16 GB", "3 pounds", "1 1/2 cups"),
/// heights "5'11\"" and "6 ft 2 in", and ranges with the unit once ("12–14 in", "3 to 5 inches",
/// `MeasurementRanges`); OCR's misread digits in the number ("25O ml", "3.S in.")
/// are folded (`OCRNumberRun`) and a doubled blank before a unit of two or more letters is read as one.
///
/// Durations ("2 hours") belong to the date detector and are not units here. Inches need "in.",
/// "inch(es)" or a `"` glued to the number ("3 in the morning" is not a length); feet marks and
/// inch marks are not taken after an opening quote. One-letter units (m, g, t, l) are not taken
/// after reference words ("Section 5 m...").
///
/// `value`: `value` (decimal string, "." as decimal point), `unit` (canonical symbol: "km",
/// "kg", "°C", "ft²", "GB"), `quantity` ("length", "mass", "volume", "temperature", "speed",
/// "area", "data", "dataRate"); a range's upper end is `maxValue`. Heights give the total in inches plus `feet` and `inches`.
public struct MeasurementDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.measurement] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        let scalars = text.scalars
        let count = scalars.count
        var results: [Detection] = []
        var index = 0
        // Runs already tried folded: each is tried once, so the scan stays linear.
        var foldedUntil = 0
        while index < count {
            let scalar = scalars[index]
            guard scalar.isASCIIDigit || Self.vulgarFraction(scalar) != nil else {
                guard scalar.isASCIILetter else {
                    index += 1
                    continue
                }
                // A word: a number word with a unit word after it, or skipped whole.
                if index >= (results.last?.range.upperBound ?? 0), let found = wordMeasurement(scalars, index) {
                    results.append(found)
                    index = found.range.upperBound
                } else {
                    index += 1
                    while index < count, scalars[index].isASCIILetter { index += 1 }
                }
                continue
            }
            var digitsEnd = index + 1
            while digitsEnd < count, scalars[digitsEnd].isASCIIDigit { digitsEnd += 1 }
            if scalar.isASCIIDigit, index >= foldedUntil,
               let run = OCRNumberRun.find(scalars, around: index, floor: results.last?.range.upperBound ?? 0) {
                foldedUntil = run.end
                if let found = foldedMeasurement(scalars, run) {
                    results.append(found)
                    index = max(found.range.upperBound, digitsEnd)
                    continue
                }
            }
            if QuantityNumber.startsNumber(scalars, index), let found = measurement(scalars, index) {
                results.append(found)
                index = max(found.range.upperBound, digitsEnd)
            } else {
                index = digitsEnd
            }
        }
        return results
    }

    /// A measurement whose number OCR misread ("25O ml", "3.S in.", "1,S0O sq ft"), read from a
    /// copy with the run folded to digits; only when the number takes the whole run.
    private func foldedMeasurement(_ scalars: [Unicode.Scalar], _ run: OCRNumberRun) -> Detection? {
        // Wide enough for a reference word before and the longest unit (and a height) after.
        let (window, offset) = run.window(scalars, before: 16, after: 40)
        let start = run.start - offset
        guard QuantityNumber.startsNumber(window, start),
              let found = measurement(window, start, mustReach: run.end - offset) else { return nil }
        return Detection(kind: .measurement,
                         range: (found.range.lowerBound + offset)..<(found.range.upperBound + offset),
                         value: found.value)
    }

    private func measurement(_ scalars: [Unicode.Scalar], _ start: Int, mustReach: Int = 0) -> Detection? {
        guard let (value, numberEnd) = Self.number(scalars, start), numberEnd >= mustReach else { return nil }
        if numberEnd < scalars.count, Self.isFootMark(scalars[numberEnd]) {
            return height(scalars, start, value, numberEnd)
        }
        if let range = MeasurementRanges.range(scalars, start, value, numberEnd) { return range }
        var position = numberEnd
        if position < scalars.count, scalars[position].isHorizontalSpace { position += 1 }
        // OCR doubles blanks ("3  miles"); one-letter units stay one blank away ("20  m" is not sure).
        let doubledBlank = position > numberEnd && position < scalars.count && scalars[position].isHorizontalSpace
        if doubledBlank { position += 1 }
        // Inch marks glued to the number: 12", 27″.
        // Not the end of a name in quotes: encoding="utf-8", "ISO-8859-1".
        if position == numberEnd, position < scalars.count, Self.isInchMark(scalars[position]),
           !Self.quoted(scalars, start), !Self.continuesAfterMark(scalars, position + 1),
           !(start >= 2 && scalars[start - 1] == "-" && scalars[start - 2].isAlphanumeric) {
            return Detection(kind: .measurement, range: start..<(position + 1),
                             value: Self.value(value, "in", "length"))
        }
        guard let unit = Self.unit(scalars, position) ?? MeasurementRanges.temperatureLetter(scalars, start, position),
              !doubledBlank || unit.unit.text.count >= 2 else { return nil }
        if unit.unit.symbol == "ft", let height = height(scalars, start, value, numberEnd) { return height }
        if MeasurementUnits.singleLetter.contains(FlightNumberDetector.string(unit.unit.text[...])) {
            if Self.referenceWordBefore(scalars, start) { return nil }
            // "ls -1l", "tail -5l", "-2m": a command-line option, not a quantity.
            if position == numberEnd, start >= 1, scalars[start - 1] == "-" { return nil }
        }
        var rangeStart = start
        var signed = value
        if unit.unit.quantity == "temperature", start >= 1, scalars[start - 1] == "-" || scalars[start - 1] == "−",
           start < 2 || !scalars[start - 2].isAlphanumeric {
            rangeStart = start - 1
            signed = "-" + value
        }
        return Detection(kind: .measurement, range: rangeStart..<unit.end,
                         value: Self.value(signed, unit.unit.symbol, unit.unit.quantity))
    }

    /// "six miles", "two kilograms", "ten litres": a number word and a unit word of three letters
    /// or more ("one m", "two in" are prose), one blank apart.
    private func wordMeasurement(_ scalars: [Unicode.Scalar], _ start: Int) -> Detection? {
        guard let (value, end) = NumberWords.read(scalars, at: start), end + 1 < scalars.count,
              scalars[end] == " ", let unit = Self.unit(scalars, end + 1), unit.end - (end + 1) >= 3,
              unit.unit.text.count >= 3 else { return nil }
        return Detection(kind: .measurement, range: start..<unit.end,
                         value: Self.value(String(value), unit.unit.symbol, unit.unit.quantity))
    }

    /// "5'11\"", "5′ 11″", "6 ft 2 in", "6 ft. 2 inches", "5 feet and 3 inches": feet and inches.
    private func height(_ scalars: [Unicode.Scalar], _ start: Int, _ feet: String, _ numberEnd: Int) -> Detection? {
        guard !feet.unicodeScalars.contains(".") else { return nil }
        var position = numberEnd
        let mark = position < scalars.count && Self.isFootMark(scalars[position])
        if mark {
            guard !Self.quoted(scalars, start) else { return nil }
            position += 1
        } else {
            if position < scalars.count, scalars[position] == " " { position += 1 }
            guard let unit = Self.unit(scalars, position), unit.unit.symbol == "ft" else { return nil }
            position = unit.end
        }
        if position < scalars.count, scalars[position] == "," { position += 1 }
        if position < scalars.count, scalars[position] == " " { position += 1 }
        if position + 3 < scalars.count, scalars[position] == "a", scalars[position + 1] == "n",
           scalars[position + 2] == "d", scalars[position + 3] == " " {
            position += 4
        }
        guard position < scalars.count, scalars[position].isASCIIDigit,
              let (inches, inchesEnd) = Self.number(scalars, position),
              let inchValue = Double(inches), inchValue < 12 else { return nil }
        var end = inchesEnd
        if end < scalars.count, Self.isInchMark(scalars[end]) {
            end += 1
        } else {
            var unitStart = end
            if unitStart < scalars.count, scalars[unitStart] == " " { unitStart += 1 }
            if let unit = Self.unit(scalars, unitStart, allowBareIn: true), unit.unit.symbol == "in" {
                end = unit.end
            } else {
                return nil
            }
        }
        let total = (Double(feet) ?? 0) * 12 + inchValue
        var value = Self.value(Self.format(total), "in", "length")
        value["feet"] = .string(feet)
        value["inches"] = .string(inches)
        return Detection(kind: .measurement, range: start..<end, value: value)
    }

    /// The number at `start` as a decimal string: "1,5", "1,500", "1/2", "1 1/2", "1½", "½".
    static func number(_ scalars: [Unicode.Scalar], _ start: Int) -> (String, Int)? {
        if let fraction = vulgarFraction(scalars[start]) { return (format(fraction), start + 1) }
        guard let parsed = QuantityNumber.parse(scalars, at: start) else { return nil }
        var end = parsed.end
        guard parsed.fraction.isEmpty, let whole = Double(parsed.integer) else { return (parsed.decimal, end) }
        if end < scalars.count, let fraction = vulgarFraction(scalars[end]) { return (format(whole + fraction), end + 1) }
        // "1/2", "1 1/2"
        if let (numerator, denominator, fractionEnd) = simpleFraction(scalars, end) {
            guard parsed.integer.count <= 3 else { return nil }
            return (format(numerator / denominator), fractionEnd)
        }
        if end < scalars.count, scalars[end] == " ", let (numerator, denominator, fractionEnd) =
            simpleFraction(scalars, end + 1, leading: true), numerator < denominator {
            end = fractionEnd
            return (format(whole + numerator / denominator), end)
        }
        return (parsed.decimal, end)
    }

    /// "/2" after a numerator at `start - 1`, or "1/2" at `start` when `leading`.
    private static func simpleFraction(_ scalars: [Unicode.Scalar], _ start: Int,
                                       leading: Bool = false) -> (Double, Double, Int)? {
        var position = start
        var numerator: Double
        if leading {
            guard position < scalars.count, let digit = scalars[position].asciiDigitValue else { return nil }
            numerator = Double(digit)
            position += 1
        } else {
            var back = start - 1
            var value = 0.0
            var scale = 1.0
            while back >= 0, let digit = scalars[back].asciiDigitValue, start - back <= 3 {
                value += Double(digit) * scale
                scale *= 10
                back -= 1
            }
            numerator = value
        }
        guard position + 1 < scalars.count, scalars[position] == "/",
              let first = scalars[position + 1].asciiDigitValue, first != 0 else { return nil }
        position += 1
        var denominator = 0.0
        while position < scalars.count, let digit = scalars[position].asciiDigitValue, denominator < 1000 {
            denominator = denominator * 10 + Double(digit)
            position += 1
        }
        guard position >= scalars.count || !scalars[position].isASCIIDigit, denominator <= 64 else { return nil }
        return (numerator, denominator, position)
    }

    private static func vulgarFraction(_ scalar: Unicode.Scalar) -> Double? {
        switch scalar {
        case "½": 0.5
        case "¼": 0.25
        case "¾": 0.75
        case "⅓": 1.0 / 3
        case "⅔": 2.0 / 3
        case "⅛": 0.125
        case "⅜": 0.375
        case "⅝": 0.625
        case "⅞": 0.875
        default: nil
        }
    }

    /// Up to four decimals, trailing zeros dropped.
    static func format(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    struct UnitMatch {
        var unit: MeasurementUnits.Unit
        var end: Int
    }

    /// The longest unit at `position` that ends at a word boundary.
    static func unit(_ scalars: [Unicode.Scalar], _ position: Int, allowBareIn: Bool = false) -> UnitMatch? {
        guard position < scalars.count else { return nil }
        if allowBareIn, position + 1 < scalars.count, scalars[position] == "i", scalars[position + 1] == "n",
           position + 2 >= scalars.count || !scalars[position + 2].isAlphanumeric {
            let unit = MeasurementUnits.Unit(text: ["i", "n"], symbol: "in", quantity: "length", ignoreCase: false)
            return UnitMatch(unit: unit, end: position + 2)
        }
        guard let candidates = MeasurementUnits.byFirstScalar[scalars[position].asciiLowercased] else { return nil }
        for unit in candidates {
            let end = position + unit.text.count
            guard end <= scalars.count else { continue }
            var matches = true
            for (offset, expected) in unit.text.enumerated() {
                let actual = scalars[position + offset]
                if unit.ignoreCase ? actual.asciiLowercased != expected.asciiLowercased : actual != expected {
                    matches = false
                    break
                }
            }
            guard matches else { continue }
            if end < scalars.count, scalars[end].isAlphanumeric { continue }
            // "in." must not be "in.5"; "5 m." is the unit and a full stop: leave the dot out.
            if unit.text.last == ".", end < scalars.count, scalars[end].isASCIIDigit { continue }
            if end < scalars.count, scalars[end] == "/" || scalars[end] == "²" || scalars[end] == "³" { continue }
            return UnitMatch(unit: unit, end: end)
        }
        return nil
    }

    private static func isInchMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "″" || scalar == "”"
    }

    private static func isFootMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "′" || scalar == "’"
    }

    /// The number follows an opening quote: `"5"` is a quotation.
    private static func quoted(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
        guard start > 0 else { return false }
        let previous = scalars[start - 1]
        return previous == "\"" || previous == "“" || previous == "'" || previous == "‘" || previous == "„"
    }

    /// Letters or digits right after a mark: "90's", `12"x`.
    private static func continuesAfterMark(_ scalars: [Unicode.Scalar], _ position: Int) -> Bool {
        position < scalars.count && scalars[position].isAlphanumeric
    }

    static func referenceWordBefore(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
        var position = start - 1
        while position >= 0, scalars[position].isHorizontalSpace || scalars[position] == ".", start - position < 4 {
            position -= 1
        }
        guard position >= 0, position < start - 1, scalars[position].isASCIILetter else { return false }
        var wordStart = position
        while wordStart > 0, scalars[wordStart - 1].isASCIILetter, position - wordStart < 12 { wordStart -= 1 }
        return MeasurementUnits.referenceWords.contains(FlightNumberDetector.lowercased(scalars[wordStart...position]))
    }

    static func value(_ value: String, _ unit: String, _ quantity: String) -> [String: JSONValue] {
        ["value": .string(value), "unit": .string(unit), "quantity": .string(quantity)]
    }
}
