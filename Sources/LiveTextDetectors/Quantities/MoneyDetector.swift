import LiveTextCore

/// Money amounts with their currency: "$12.50", "US$ 5", "12,50 €", "EUR 1.234,56",
/// "1,234.56 USD", "CHF 20.-", "5 dollars", "$1.2M", "-$5.00", and as OCR misreads them:
/// "€l2.50", "1,234.S6 USD", "CHF2O.-", "US$  5".
///
/// A number needs a currency right before it (symbol, ISO 4217 code, "US$", "Rs.") or right after
/// it (symbol, code, "zł", "kr", a currency word); a bare number is never money. Separators are
/// read per number (see `QuantityNumber`). `$`, `¥`, `kr` and `Rs` follow the context region
/// (`CurrencyNames.resolve`). OCR's misread digits are folded inside the amount next to a
/// currency (`OCRNumberRun`), and a doubled blank between currency and amount is read as one.
///
/// `value`: `amount` (decimal string, "." as decimal point, no grouping, magnitudes expanded:
/// "$1.2M" → "1200000"; negative amounts start with "-") and `currency` (ISO 4217).
public struct MoneyDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.money] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        let scalars = text.scalars
        let count = scalars.count
        var results: [Detection] = []
        var index = 0
        var lastEnd = 0
        // Runs already tried folded: a digit inside one is not tried again, so the text is read
        // a constant number of times.
        var foldedUntil = 0
        var poundMarks = PoundMarks()
        while index < count {
            guard scalars[index].isASCIIDigit else {
                guard scalars[index].isASCIILetter else {
                    index += 1
                    continue
                }
                // A word: a number word with a currency word after it, or skipped whole.
                if index >= lastEnd, let found = wordAmount(scalars, index, context.region) {
                    results.append(found)
                    lastEnd = found.range.upperBound
                    index = lastEnd
                } else {
                    index += 1
                    while index < count, scalars[index].isASCIILetter { index += 1 }
                }
                continue
            }
            let start = index
            var digitsEnd = index
            while digitsEnd < count, scalars[digitsEnd].isASCIIDigit { digitsEnd += 1 }
            if index >= foldedUntil, let run = OCRNumberRun.find(scalars, around: index, floor: lastEnd) {
                foldedUntil = run.end
                if let found = foldedAmount(scalars, run, lastEnd, context.region) {
                    results.append(found)
                    lastEnd = found.range.upperBound
                    index = max(found.range.upperBound, digitsEnd)
                    continue
                }
            }
            if let found = amount(scalars, start, lastEnd, context.region)
                ?? pence(scalars, start, &poundMarks, context.region) {
                results.append(found)
                lastEnd = found.range.upperBound
                index = max(found.range.upperBound, digitsEnd)
            } else {
                index = digitsEnd
            }
        }
        return results
    }

    /// "twelve euros", "fifty dollars", "two pence", "twenty-five cents": a number word and a
    /// currency word (not a symbol or code: "ten USD" is rare, "one $" rarer).
    private func wordAmount(_ scalars: [Unicode.Scalar], _ start: Int, _ region: String) -> Detection? {
        guard let (value, end) = NumberWords.read(scalars, at: start),
              let suffix = Self.suffix(scalars, end), suffix.word, suffix.end > end + 1 else { return nil }
        let amount = QuantityNumber(end: end, integer: String(value), fraction: "").scaled(by: suffix.power)
        return Detection(kind: .money, range: start..<suffix.end,
                         value: ["amount": .string(amount), "currency": .string(CurrencyNames.resolve(suffix.marker, region: region))])
    }

    /// "99p", "45p": pence with their glued symbol, where the page is British money (`PenceAmounts`).
    /// A one-digit amount ("9p") also needs a pound sign on its line, a little before or after it.
    private func pence(_ scalars: [Unicode.Scalar], _ start: Int, _ marks: inout PoundMarks,
                       _ region: String) -> Detection? {
        guard PenceAmounts.mayEnd(scalars, after: start), QuantityNumber.startsNumber(scalars, start),
              let number = QuantityNumber.parse(scalars, at: start),
              let end = PenceAmounts.end(scalars, start, number), marks.present(in: scalars, near: start, region: region),
              number.integer.count >= 2 || !number.fraction.isEmpty || Self.poundOnLine(scalars, start, end)
        else { return nil }
        return Detection(kind: .money, range: start..<end,
                         value: ["amount": .string(number.scaled(by: -2)), "currency": .string("GBP")])
    }

    /// A "£" within 80 scalars of `start`..<`end` on the same line.
    private static func poundOnLine(_ scalars: [Unicode.Scalar], _ start: Int, _ end: Int) -> Bool {
        var position = start - 1
        while position >= 0, start - position <= 80, !scalars[position].isLineBreak {
            if scalars[position] == "£" { return true }
            position -= 1
        }
        position = end
        while position < scalars.count, position - end < 80, !scalars[position].isLineBreak {
            if scalars[position] == "£" { return true }
            position += 1
        }
        return false
    }

    private struct Prefix {
        var start: Int
        var marker: String
        var negative: Bool
    }

    /// The amount in an OCR-misread run ("€l2.50", "1,234.S6 USD", "CHF2O.-"), read from a copy
    /// with the run folded to digits; only when the number takes the whole run.
    private func foldedAmount(_ scalars: [Unicode.Scalar], _ run: OCRNumberRun, _ lastEnd: Int,
                              _ region: String) -> Detection? {
        // Wide enough for the longest prefix ("-US$  ", "Rs.  ") and suffix (magnitude, blanks,
        // a currency word) the reading below looks at.
        let (window, offset) = run.window(scalars, before: 16, after: 40)
        guard let found = amount(window, run.start - offset, max(0, lastEnd - offset), region,
                                 mustReach: run.end - offset) else { return nil }
        return Detection(kind: .money, range: (found.range.lowerBound + offset)..<(found.range.upperBound + offset),
                         value: found.value)
    }

    private func amount(_ scalars: [Unicode.Scalar], _ start: Int, _ lastEnd: Int,
                        _ region: String, mustReach: Int = 0) -> Detection? {
        let prefix = Self.prefix(scalars, start, lastEnd)
        let glued = prefix.map { $0.start < start && Self.gluedPrefix(scalars, start) } ?? false
        guard glued || QuantityNumber.startsNumber(scalars, start) else { return nil }
        guard var number = QuantityNumber.parse(scalars, at: start) else { return nil }
        var end = number.end
        // "CHF 20.-", "20,--": a price with no cents.
        if end + 1 < scalars.count, scalars[end] == "." || scalars[end] == ",",
           scalars[end + 1] == "-" || scalars[end + 1] == "—" || scalars[end + 1] == "–" {
            end += 2
            while end < scalars.count, scalars[end] == "-" { end += 1 }
        }
        var power = 0
        if let (magnitude, magnitudeEnd) = Self.magnitude(scalars, end) {
            power = magnitude
            end = magnitudeEnd
        }
        var suffix = Self.suffix(scalars, end)
        if prefix == nil, suffix == nil, power == 0,
           let spaced = QuantityNumber.parse(scalars, at: start, spaceGroups: true), spaced.end > number.end,
           let spacedSuffix = Self.suffix(scalars, spaced.end) {
            number = spaced
            end = spaced.end
            suffix = spacedSuffix
        }
        guard number.end >= mustReach else { return nil }
        guard let marker = prefix?.marker ?? suffix?.marker else { return nil }
        // A magnitude letter only counts with a currency: "5m" alone is a length.
        if power != 0, prefix == nil, suffix == nil { return nil }
        var negative = prefix?.negative ?? false
        var rangeStart = prefix?.start ?? start
        if prefix == nil, start >= 1, scalars[start - 1] == "-" || scalars[start - 1] == "−",
           start < 2 || !scalars[start - 2].isAlphanumeric, start - 1 >= lastEnd {
            negative = true
            rangeStart = start - 1
        }
        var rangeEnd = suffix?.end ?? end
        var upper: String?
        // "$10–20", "$10-$20", "€5–8": a range with the currency once or twice.
        if suffix == nil, power == 0, let (high, highEnd) = Self.rangeEnd(scalars, rangeEnd, prefix: prefix),
           high.decimal.count <= 15, (Double(high.decimal) ?? 0) > (Double(number.decimal) ?? .infinity) {
            upper = high.decimal
            rangeEnd = highEnd
        }
        power += suffix?.power ?? 0
        var amount = power == 0 ? number.decimal : number.scaled(by: power)
        if negative, amount.contains(where: { $0 != "0" && $0 != "." }) { amount = "-" + amount }
        let currency = CurrencyNames.resolve(marker, region: region)
        var value: [String: JSONValue] = ["amount": .string(amount), "currency": .string(currency)]
        if let upper { value["maxAmount"] = .string(upper) }
        return Detection(kind: .money, range: rangeStart..<rangeEnd, value: value)
    }

    /// The upper end of a range after an amount with a currency before it: "–20", "-$20", " – 20".
    private static func rangeEnd(_ scalars: [Unicode.Scalar], _ end: Int, prefix: Prefix?) -> (QuantityNumber, Int)? {
        guard let prefix, !prefix.negative else { return nil }
        var position = end
        if position < scalars.count, scalars[position] == " " { position += 1 }
        guard position < scalars.count, scalars[position] == "-" || scalars[position] == "–" else { return nil }
        position += 1
        if position < scalars.count, scalars[position] == " " { position += 1 }
        if position < scalars.count, let symbol = CurrencyNames.symbol(scalars[position]), symbol == prefix.marker {
            position += 1
        }
        guard position < scalars.count, scalars[position].isASCIIDigit,
              let high = QuantityNumber.parse(scalars, at: position), Self.suffix(scalars, high.end) == nil,
              high.end >= scalars.count || !(scalars[high.end].isAlphanumeric || scalars[high.end] == "%") else {
            return nil
        }
        return (high, high.end)
    }

    @inline(__always)
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar.isASCIILetter : scalar.properties.isAlphabetic
    }

    /// The prefix ends right at the digit ("US$5", "Rs.500", "€5").
    private static func gluedPrefix(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
        let previous = scalars[start - 1]
        return !previous.isHorizontalSpace
    }

    /// A currency before the number at `start`, with an optional minus sign before it or between
    /// it and the number ("-$5", "$-5", "EUR 12", "US$ 5", "Rs. 500").
    private static func prefix(_ scalars: [Unicode.Scalar], _ start: Int, _ lastEnd: Int) -> Prefix? {
        var position = start - 1
        var negative = false
        if position >= lastEnd, position >= 0, scalars[position] == "-" || scalars[position] == "−" {
            negative = true
            position -= 1
        }
        // One blank, or two where OCR doubled it ("US$  5").
        if position >= lastEnd, position >= 0, scalars[position].isHorizontalSpace {
            position -= 1
            if position >= lastEnd, position >= 0, scalars[position].isHorizontalSpace { position -= 1 }
        }
        guard position >= lastEnd, position >= 0 else { return nil }
        var markerStart: Int
        var marker: String
        if let symbol = CurrencyNames.symbol(scalars[position]) {
            markerStart = position
            marker = symbol
            if symbol == "$" {
                // "US$", "C$", "NZ$": capitals glued before the dollar sign.
                var letters = position
                while letters > lastEnd, letters > 0, position - letters < 3,
                      FlightNumberDetector.isUpper(scalars[letters - 1]) { letters -= 1 }
                if letters < position, letters == 0 || !scalars[letters - 1].isAlphanumeric,
                   let code = CurrencyNames.dollarPrefixes[FlightNumberDetector.string(scalars[letters..<position])] {
                    markerStart = letters
                    marker = code
                }
            }
        } else {
            var wordEnd = position + 1
            if scalars[position] == "." { position -= 1; wordEnd -= 1 }  // "Rs.", "Fr."
            guard position >= lastEnd, position >= 0 else { return nil }
            var letters = position
            while letters >= lastEnd, letters >= 0, position - letters < 4, Self.isLetter(scalars[letters]) {
                letters -= 1
            }
            letters += 1
            guard letters <= position, letters == 0 || !scalars[letters - 1].isAlphanumeric else { return nil }
            let word = FlightNumberDetector.string(scalars[letters..<wordEnd])
            if CurrencyNames.isoCodes.contains(word) {
                marker = word
            } else if let form = CurrencyNames.letterForms[word] {
                marker = form
            } else {
                return nil
            }
            markerStart = letters
        }
        if !negative, markerStart >= 1, markerStart - 1 >= lastEnd,
           scalars[markerStart - 1] == "-" || scalars[markerStart - 1] == "−",
           markerStart < 2 || !scalars[markerStart - 2].isAlphanumeric {
            negative = true
            markerStart -= 1
        }
        return Prefix(start: markerStart, marker: marker, negative: negative)
    }

    /// A magnitude after the amount: "1.2M", "3k", "5 million", "2,5 Mrd.".
    private static func magnitude(_ scalars: [Unicode.Scalar], _ end: Int) -> (Int, Int)? {
        var position = end
        if position < scalars.count, scalars[position] == " " { position += 1 }
        if position > end, position < scalars.count, scalars[position] == " " { position += 1 }
        let wordStart = position
        while position < scalars.count, scalars[position].isASCIILetter, position - wordStart < 9 { position += 1 }
        guard position > wordStart, position >= scalars.count || !scalars[position].isAlphanumeric else {
            return nil
        }
        let word = FlightNumberDetector.string(scalars[wordStart..<position])
        // Single letters must be glued ("$3k"); words may follow a blank ("$3 million").
        if wordStart > end, word.count < 2 { return nil }
        guard let power = CurrencyNames.magnitudes[word] else { return nil }
        if position < scalars.count, scalars[position] == ".", word == "Mrd" || word == "Mio" || word == "Tsd" {
            position += 1
        }
        return (power, position)
    }

    private struct Suffix {
        var marker: String
        var end: Int
        /// A currency word ("euros", "cents"), not a symbol or code.
        var word = false
        /// -2 for a minor unit ("cents"): the amount is in hundredths.
        var power = 0
    }

    /// Capital letters right at `start` (at most three, then no letter): their text and end.
    private static func capitals(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        var end = start
        while end < scalars.count, end - start < 4, FlightNumberDetector.isUpper(scalars[end]) { end += 1 }
        guard end > start, end - start <= 3, end >= scalars.count || !scalars[end].isAlphanumeric else { return nil }
        return (FlightNumberDetector.string(scalars[start..<end]), end)
    }

    /// "US dollars", "British pounds", "New Zealand dollars": a country's adjective, then its
    /// currency word (CLDR's display names). `first` is the first word, lower-cased, ending at `end`.
    private static func namedCurrency(_ scalars: [Unicode.Scalar], _ first: String, after end: Int) -> Suffix? {
        var name = first
        var position = end
        for _ in 0..<2 {
            guard position + 1 < scalars.count, scalars[position] == " " || scalars[position] == "-",
                  isLetter(scalars[position + 1]) else { return nil }
            let wordStart = position + 1
            position = wordStart
            while position < scalars.count, isLetter(scalars[position]), position - wordStart < 10 { position += 1 }
            guard position >= scalars.count || !scalars[position].isAlphanumeric else { return nil }
            name += " " + FlightNumberDetector.string(scalars[wordStart..<position]).lowercased()
            if let code = CurrencyNames.namedCurrencies[name] { return Suffix(marker: code, end: position, word: true) }
            guard CurrencyNames.namedCurrencies.keys.contains(where: { $0.hasPrefix(name + " ") }) else { return nil }
        }
        return nil
    }

    /// A currency after the amount: "€", "USD", "zł", "kr", "dollars".
    private static func suffix(_ scalars: [Unicode.Scalar], _ end: Int) -> Suffix? {
        var position = end
        if position < scalars.count, scalars[position].isHorizontalSpace { position += 1 }
        if position > end, position < scalars.count, scalars[position].isHorizontalSpace { position += 1 }
        guard position < scalars.count else { return nil }
        if let symbol = CurrencyNames.symbol(scalars[position]) {
            // "$3.99 $39.90", "€4.95 €50": a symbol glued to the next number is that number's.
            if position + 1 < scalars.count, scalars[position + 1].isASCIIDigit { return nil }
            // "12,00 $US", "5 $CA": the dollar's country after the sign (French)
            if symbol == "$", let (code, end) = Self.capitals(scalars, from: position + 1),
               let currency = CurrencyNames.dollarPrefixes[code] {
                return Suffix(marker: currency, end: end)
            }
            return Suffix(marker: symbol, end: position + 1)
        }
        let wordStart = position
        while position < scalars.count, Self.isLetter(scalars[position]), position - wordStart < 12 { position += 1 }
        guard position > wordStart, position >= scalars.count || !scalars[position].isAlphanumeric else {
            return nil
        }
        let word = FlightNumberDetector.string(scalars[wordStart..<position])
        if CurrencyNames.isoCodes.contains(word) { return Suffix(marker: word, end: position) }
        if let form = CurrencyNames.letterForms[word] { return Suffix(marker: form, end: position) }
        // "12,00 US$" (Spanish)
        if position < scalars.count, scalars[position] == "$", let code = CurrencyNames.dollarPrefixes[word] {
            return Suffix(marker: code, end: position + 1)
        }
        let lower = word.lowercased()
        if CurrencyNames.namedCurrencyFirstWords.contains(lower),
           let named = Self.namedCurrency(scalars, lower, after: position) { return named }
        if let marker = CurrencyNames.words[lower] { return Suffix(marker: marker, end: position, word: true) }
        if let marker = CurrencyNames.minorUnits[lower] {
            return Suffix(marker: marker, end: position, word: true, power: -2)
        }
        return nil
    }
}
