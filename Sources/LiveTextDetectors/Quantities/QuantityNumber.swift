/// A number as printed in prices and measurements, in either convention: "1,234.56", "1.234,56",
/// "12,50", "1 234,56", "1'000".
struct QuantityNumber: Equatable {
    /// Where the number ends (exclusive).
    var end: Int
    /// The integer digits, no leading zeros (at least "0").
    var integer: String
    /// The fraction digits, possibly empty.
    var fraction: String

    /// `integer.fraction` with "." as decimal point and no grouping.
    var decimal: String { fraction.isEmpty ? integer : integer + "." + fraction }

    /// The value multiplied by 10^`power` as a decimal string ("1.2" × 10^6 → "1200000").
    func scaled(by power: Int) -> String {
        var digits = integer + fraction
        var point = integer.count + power
        if point < 1 {
            // "75" cents × 10^-2 → "0.75".
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        }
        if digits.count < point { digits += String(repeating: "0", count: point - digits.count) }
        var whole = String(digits.prefix(point)).drop(while: { $0 == "0" })
        if whole.isEmpty { whole = "0" }
        var rest = String(digits.dropFirst(point))
        while rest.hasSuffix("0") { rest.removeLast() }
        return rest.isEmpty ? String(whole) : whole + "." + rest
    }

    /// Separators a group of three digits may follow.
    static func isGroupingBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{A0}" || scalar == "\u{202F}" || scalar == "\u{2009}" || scalar == "'" || scalar == "’"
    }

    @inline(__always)
    private static func isSeparator(_ scalar: Unicode.Scalar, _ spaceGroups: Bool) -> Bool {
        scalar == "." || scalar == "," || isGroupingBlank(scalar) || (spaceGroups && scalar == " ")
    }

    /// Parses the number starting at the digit at `start`.
    ///
    /// The decimal separator is decided per number: with both "." and ",", the last one is the
    /// decimal point; a repeated separator groups thousands; a lone separator before exactly three
    /// digits groups thousands ("1,234", "1.234"), before one, two or four-plus digits it is the
    /// decimal point ("12,50", "3.5"). Groups must be three digits, else the text is not one
    /// number ("1.2.3" is a version: nil). `spaceGroups` also takes a plain space as a thousands
    /// separator ("1 234,56 €").
    static func parse(_ scalars: [Unicode.Scalar], at start: Int, spaceGroups: Bool = false) -> QuantityNumber? {
        let count = scalars.count
        var groups: [Range<Int>] = []
        var separators: [Unicode.Scalar] = []
        var position = start
        while position < count, scalars[position].isASCIIDigit { position += 1 }
        // No price or measure has more than 24 digits before its separator: a long run is an ID.
        guard position > start, position - start <= 24 else { return nil }
        if position + 1 >= count || !scalars[position + 1].isASCIIDigit || !isSeparator(scalars[position], spaceGroups) {
            // The common case: digits alone.
            var first = start
            while first < position - 1, scalars[first] == "0" { first += 1 }
            return QuantityNumber(end: position, integer: FlightNumberDetector.string(scalars[first..<position]),
                                  fraction: "")
        }
        groups.append(start..<position)
        while position + 1 < count, scalars[position + 1].isASCIIDigit {
            let separator = scalars[position]
            guard separator == "." || separator == "," || isGroupingBlank(separator)
                || (spaceGroups && separator == " ") else { break }
            let groupStart = position + 1
            var groupEnd = groupStart
            while groupEnd < count, scalars[groupEnd].isASCIIDigit { groupEnd += 1 }
            // Blank-separated groups are exactly three digits; otherwise the blank ends the number.
            if separator == " " || isGroupingBlank(separator), groupEnd - groupStart != 3 { break }
            separators.append(separator)
            groups.append(groupStart..<groupEnd)
            position = groupEnd
            if groups.count > 8 { return nil }
        }
        var decimalIndex: Int?  // index into separators
        if let last = separators.last, last == "." || last == "," {
            let earlier = separators.dropLast()
            if earlier.contains(last) {
                decimalIndex = nil
            } else if !earlier.isEmpty {
                decimalIndex = separators.count - 1
            } else if groups[1].count == 3, groups[0].count <= 3, !(groups[0].count == 1 && scalars[start] == "0") {
                decimalIndex = nil
            } else {
                decimalIndex = 0
            }
        }
        let groupingCount = decimalIndex ?? separators.count
        if groupingCount > 0 {
            let kind = separators[0]
            guard groups[0].count <= 3 else { return nil }
            for index in 0..<groupingCount {
                guard groups[index + 1].count == 3 else { return nil }
                let separator = separators[index]
                let blank = separator == " " || isGroupingBlank(separator)
                guard separator == kind || blank && (kind == " " || isGroupingBlank(kind)) else { return nil }
            }
        }
        var integer = ""
        for index in 0...groupingCount {
            for position in groups[index] { integer.unicodeScalars.append(scalars[position]) }
        }
        let trimmed = integer.drop(while: { $0 == "0" })
        integer = trimmed.isEmpty ? "0" : String(trimmed)
        var fraction = ""
        if let decimalIndex {
            for position in groups[decimalIndex + 1] { fraction.unicodeScalars.append(scalars[position]) }
        }
        return QuantityNumber(end: groups[groups.count - 1].upperBound, integer: integer, fraction: fraction)
    }

    /// The digit at `start` begins a number: not inside a word, another number or "1.2.3".
    /// With `currencyGlue`, 1-3 capitals before the digit ("USD5", "R$", "Rs") do not stop it.
    static func startsNumber(_ scalars: [Unicode.Scalar], _ start: Int, currencyGlue: Bool = false) -> Bool {
        guard start > 0 else { return true }
        let previous = scalars[start - 1]
        if previous.isASCIIDigit { return false }
        if previous.isAlphanumeric, !(currencyGlue && isCurrencyGlue(scalars, start)) { return false }
        if previous == "." || previous == "," || previous == ":" || previous == "/" || previous == "_" {
            return !(start >= 2 && scalars[start - 2].isAlphanumeric)
        }
        return true
    }

    /// 1-3 letters, the first a capital, alone before the digit ("USD5", "Rs500"): the money
    /// detector decides whether they are a currency.
    private static func isCurrencyGlue(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
        var position = start - 1
        while position >= 0, scalars[position].isASCIILetter, start - position <= 3 { position -= 1 }
        return (position < 0 || !scalars[position].isAlphanumeric) && start - position <= 4
            && scalars[position + 1].value >= 0x41 && scalars[position + 1].value <= 0x5A
    }
}
