import Foundation
import LiveTextCore

/// Shipment tracking numbers with verified check digits.
///
/// Recognizes the formats of `TrackingFormats` (UPS, FedEx, USPS, DHL, S10/UPU, Amazon, OnTrac,
/// LaserShip, Canada Post, Canpar, DPD, GOFO, Landmark, Old Dominion, Purolator, Spee-Dee, Yodel,
/// YunExpress). A number may be printed in groups ("1Z 999 AA1 01 2345 6784") or spaced out by
/// OCR; in digit positions, O/I/l/S/B read as 0/1/1/5/8: any number of them when the format's
/// check digit then passes, at most two in a format without one (`TBA000O00O00000`,
/// `LHI3B16137`), which then rests on its prefix, length and, for weak formats, context.
///
/// Precision rules:
/// - A number starts and ends at a token boundary and spans at most 3 blanks between groups.
/// - A spaced number that starts (ends) with a digit group may not continue a digit group before
///   (after) it: a list of numbers is not one tracking number.
/// - Weak formats (short, or without check digit) need a shipping word or a carrier name within
///   80 characters before or 40 after, or as the header of their column in a table (`TrackingContext`).
/// - When formats collide, a carrier named nearby wins, then the longer match, then the earlier
///   format of `TrackingFormats.all` (distinctive prefixes first, then by length).
public struct TrackingNumberDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.tracking] }

    /// Format indices by the symbol of their first character (0-36).
    private static let byFirstSymbol: [[Int]] = {
        var table = [[Int]](repeating: [], count: 37)
        for (index, format) in TrackingFormats.all.enumerated() {
            if format.variableLength {
                for prefix in TrackingFormats.dhlEcommercePrefixes {
                    let symbol = Int(TrackingFormat.symbol(prefix.unicodeScalars.first!)!)
                    if !table[symbol].contains(index) { table[symbol].append(index) }
                }
                continue
            }
            for symbol in 0..<37 where format.slots[0] & (1 << UInt64(symbol)) != 0 {
                table[symbol].append(index)
            }
        }
        return table
    }()

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        let scalars = text.scalars
        let count = scalars.count
        var results: [Detection] = []
        var buffer = [UInt8](repeating: 0, count: 48)
        var index = 0
        var previousEnd = -10
        var previousEndsWithDigit = false
        while index < count {
            let scalar = scalars[index]
            guard scalar.isAlphanumeric || scalar == "|" else {
                index += 1
                continue
            }
            let start = index
            var tokenEnd = index + 1
            while tokenEnd < count, scalars[tokenEnd].isAlphanumeric { tokenEnd += 1 }
            let joined = Self.isBlankGap(scalars, previousEnd, start)
            let spacedAllowed = !(joined && previousEndsWithDigit && scalar.isASCIIDigit)
            if Self.plausible(scalars, start, spacedAllowed: spacedAllowed), !Self.continuesWord(scalars, start),
               let match = bestMatch(text, at: start, spacedAllowed: spacedAllowed, buffer: &buffer) {
                results.append(match)
                index = match.range.upperBound
            } else {
                index = tokenEnd
            }
            previousEnd = index
            previousEndsWithDigit = scalars[index - 1].isASCIIDigit
        }
        return results
    }

    /// Every format has at least 10 characters and 4 digits among its first 18: a cheap test
    /// before trying the formats one by one.
    @inline(__always)
    private static func plausible(_ scalars: [Unicode.Scalar], _ start: Int, spacedAllowed: Bool) -> Bool {
        let first = scalars[start]
        guard first.value < 0x80, first.isASCIIDigit || first.value >= 0x41 && first.value <= 0x5A
            || TrackingFormat.ocrDigit(first) != nil else { return false }
        var position = start
        var symbols = 0
        var digits = 0
        var blanks = 0
        while position < scalars.count, symbols < 18 {
            let scalar = scalars[position]
            if scalar.isASCIIDigit {
                digits += 1
                symbols += 1
                blanks = 0
            } else if scalar.value >= 0x41 && scalar.value <= 0x5A || scalar == "-"
                        || TrackingFormat.ocrDigit(scalar) != nil {
                symbols += 1
                blanks = 0
            } else if spacedAllowed, scalar.isHorizontalSpace, blanks < 3 {
                blanks += 1
            } else {
                break
            }
            position += 1
        }
        return symbols >= 10 && digits >= 4
    }

    /// `start` continues something like `ABC-` or `12.` that is not a tracking number.
    private static func continuesWord(_ scalars: [Unicode.Scalar], _ start: Int) -> Bool {
        guard start >= 2 else { return false }
        let joiner = scalars[start - 1]
        return (joiner == "-" || joiner == "." || joiner == "," || joiner == "/" || joiner == "_")
            && scalars[start - 2].isAlphanumeric
    }

    /// The scalars between `end` and `start` are 1-3 horizontal blanks.
    private static func isBlankGap(_ scalars: [Unicode.Scalar], _ end: Int, _ start: Int) -> Bool {
        guard end >= 0, start > end, start - end <= 3 else { return false }
        for index in end..<start where !scalars[index].isHorizontalSpace { return false }
        return true
    }

    private struct Candidate {
        var format: Int
        var end: Int
        var number: String
    }

    private func bestMatch(_ text: ScannedText, at start: Int, spacedAllowed: Bool,
                           buffer: inout [UInt8]) -> Detection? {
        let first = text[start]
        let direct = TrackingFormat.symbol(first).map { Self.byFirstSymbol[Int($0)] } ?? []
        let folded = TrackingFormat.ocrDigit(first).map { Self.byFirstSymbol[Int($0)] } ?? []
        var candidates: [Candidate] = []
        for list in [direct, folded] where !list.isEmpty {
            for formatIndex in list where !candidates.contains(where: { $0.format == formatIndex }) {
                let format = TrackingFormats.all[formatIndex]
                let matched: (end: Int, length: Int)? = buffer.withUnsafeMutableBufferPointer { pointer in
                    format.variableLength
                        ? Self.matchDHLEcommerce(text, start, spacedAllowed, pointer)
                        : Self.match(format, text, start, spacedAllowed, pointer)
                }
                guard let matched else { continue }
                var valid = validate(format, buffer, matched.length)
                if !valid, format.checksum.isPresent, Self.foldLetters(format, &buffer, matched.length) {
                    // Letters allowed here that OCR makes of digits: O, I, S, B.
                    valid = validate(format, buffer, matched.length)
                }
                guard valid else { continue }
                let number = buffer.withUnsafeBufferPointer {
                    Self.string(UnsafeBufferPointer(rebasing: $0[0..<matched.length]))
                }
                candidates.append(Candidate(format: formatIndex, end: matched.end, number: number))
            }
        }
        return choose(candidates, text, start)
    }

    /// Folds O/I/S/B to 0/1/5/8 in positions that take letters and digits; false if none.
    private static func foldLetters(_ format: TrackingFormat, _ buffer: inout [UInt8], _ length: Int) -> Bool {
        var folded = false
        for index in 0..<length where format.slots[index] & TrackingFormat.digitMask != 0 {
            let replacement: UInt8? = switch buffer[index] {
            case 24: 0  // O
            case 18: 1  // I
            case 28: 5  // S
            case 11: 8  // B
            default: nil
            }
            if let replacement, format.slots[index] & (1 << UInt64(replacement)) != 0 {
                buffer[index] = replacement
                folded = true
            }
        }
        return folded
    }

    private func validate(_ format: TrackingFormat, _ buffer: [UInt8], _ length: Int) -> Bool {
        buffer.withUnsafeBufferPointer { pointer in
            let symbols = UnsafeBufferPointer(rebasing: pointer[0..<length])
            guard format.checksum.validates(symbols) else { return false }
            if format.carrier == "old_dominion", format.slots.first != 1 << 8 {
                return TrackingFormats.isOldDominionPrefix(symbols)
            }
            if format.carrier == "s10" {
                let country = Self.string(UnsafeBufferPointer(rebasing: symbols[11..<13]))
                return TrackingFormats.isS10Service(symbols[0], symbols[1])
                    && UPUPostalOperators.byCountry[country] != nil
            }
            return true
        }
    }

    private func choose(_ candidates: [Candidate], _ text: ScannedText, _ start: Int) -> Detection? {
        var candidates = candidates
        guard !candidates.isEmpty else { return nil }
        let nearby = TrackingContext(text, around: start..<(candidates.map(\.end).max() ?? start))
        candidates.removeAll { candidate in
            let format = TrackingFormats.all[candidate.format]
            guard format.needsContext || format.variableLength && !candidate.number.hasPrefix("GM") else {
                return false
            }
            return !nearby.isShipping
        }
        let chosen = candidates.min { a, b in
            let namedA = nearby.carriers.contains(TrackingFormats.all[a.format].carrier)
            let namedB = nearby.carriers.contains(TrackingFormats.all[b.format].carrier)
            if namedA != namedB { return namedA }
            if a.end != b.end { return a.end > b.end }
            return a.format < b.format
        }
        guard let chosen else { return nil }
        return detection(chosen, TrackingFormats.all[chosen.format], start)
    }

    private func detection(_ candidate: Candidate, _ format: TrackingFormat, _ start: Int) -> Detection {
        var value: [String: JSONValue] = [
            "carrier": .string(format.carrier),
            "carrierName": .string(format.carrierName),
            "number": .string(candidate.number),
            "format": .string(format.name),
        ]
        var url = format.url
        if format.carrier == "s10" {
            let country = String(candidate.number.suffix(2))
            value["country"] = .string(country)
            if let name = UPUPostalOperators.byCountry[country] { value["carrierName"] = .string(name) }
            url = TrackingFormats.s10Pages[country] ?? url
        }
        value["url"] = .string(url.replacingOccurrences(of: "%s", with: candidate.number))
        return Detection(kind: .tracking, range: start..<candidate.end, value: value)
    }

    /// Matches `format` at `start`, filling `symbols`; the end offset and the symbol count.
    private static func match(_ format: TrackingFormat, _ text: ScannedText, _ start: Int,
                              _ spacedAllowed: Bool,
                              _ symbols: UnsafeMutableBufferPointer<UInt8>) -> (end: Int, length: Int)? {
        let scalars = text.scalars
        let count = scalars.count
        // Formats without a check digit fold too, but only a little: their prefix and length are
        // all the validation there is.
        let checked = format.checksum.isPresent
        var folded = 0
        var position = start
        var spaced = false
        var tokenAllDigits = true
        for (slotIndex, slot) in format.slots.enumerated() {
            if slotIndex > 0, position < count, scalars[position].isHorizontalSpace {
                guard spacedAllowed, let next = skipBlanks(scalars, position) else { return nil }
                position = next
                spaced = true
                tokenAllDigits = true
            }
            guard position < count else { return nil }
            let scalar = scalars[position]
            guard let symbol = accept(scalar, slot) else { return nil }
            if !scalar.isASCIIDigit { tokenAllDigits = false }
            if symbol < 10, !scalar.isASCIIDigit {
                folded += 1
                // D and Q for 0 are rarer misreadings: only a check digit may confirm them.
                if !checked, folded > Self.uncheckedFolds || scalar == "D" || scalar == "Q" { return nil }
            }
            symbols[slotIndex] = symbol
            position += 1
        }
        guard endsCleanly(scalars, position, spaced: spaced, lastGroupAllDigits: tokenAllDigits) else {
            return nil
        }
        return (position, format.slots.count)
    }

    /// Misread digits a format without a check digit may hold: one in five of its digits would
    /// let words through, two in a dozen or more do not.
    private static let uncheckedFolds = 2

    /// DHL eCommerce: a prefix, then 10-39 letters and digits (at least 8 digits); groups after
    /// the first must be digits.
    private static func matchDHLEcommerce(_ text: ScannedText, _ start: Int, _ spacedAllowed: Bool,
                                          _ symbols: UnsafeMutableBufferPointer<UInt8>)
        -> (end: Int, length: Int)? {
        let scalars = text.scalars
        let count = scalars.count
        guard start + 1 < count, let a = TrackingFormat.symbol(scalars[start]),
              let b = TrackingFormat.symbol(scalars[start + 1]), a >= 10, b >= 10,
              TrackingFormats.dhlEcommercePrefixes.contains(string(scalars[start...(start + 1)]))
        else { return nil }
        symbols[0] = a
        symbols[1] = b
        var length = 2
        var digits = 0
        var position = start + 2
        var spaced = false
        var firstGroup = true
        while position < count {
            var scalar = scalars[position]
            if scalar.isHorizontalSpace {
                guard spacedAllowed, let next = skipBlanks(scalars, position),
                      scalars[next].isASCIIDigit else { break }
                if length > 2 { firstGroup = false }
                spaced = true
                position = next
                scalar = scalars[position]
            }
            guard let symbol = TrackingFormat.symbol(scalar), symbol < 36,
                  firstGroup || symbol < 10 else { break }
            guard length < 41 else { return nil }
            symbols[length] = symbol
            length += 1
            if symbol < 10 { digits += 1 }
            position += 1
        }
        guard (12...41).contains(length), digits >= 8,
              endsCleanly(scalars, position, spaced: spaced, lastGroupAllDigits: !firstGroup) else {
            return nil
        }
        return (position, length)
    }

    /// Skips 1-3 horizontal blanks before a letter, digit or dash; nil if there are more or nothing
    /// follows.
    private static func skipBlanks(_ scalars: [Unicode.Scalar], _ position: Int) -> Int? {
        var next = position
        while next < scalars.count, scalars[next].isHorizontalSpace, next - position < 4 { next += 1 }
        guard next - position <= 3, next < scalars.count,
              scalars[next].isAlphanumeric || scalars[next] == "-" else { return nil }
        return next
    }

    @inline(__always)
    private static func accept(_ scalar: Unicode.Scalar, _ slot: UInt64) -> UInt8? {
        if let symbol = TrackingFormat.symbol(scalar), slot & (1 << UInt64(symbol)) != 0 { return symbol }
        // In a slot that also takes letters, only a scalar that is no letter of the format (a
        // lower-case l, o, s or a |) is read as a digit here; O/I/S/B there are `foldLetters`'.
        if let digit = TrackingFormat.ocrDigit(scalar), slot & (1 << UInt64(digit)) != 0,
           slot & TrackingFormat.letterMask == 0 || TrackingFormat.symbol(scalar) == nil {
            return digit
        }
        return nil
    }

    /// The match ends at a token boundary, not before `.5`/`-2`, and a spaced number ending in a
    /// digit group is not followed by another digit group.
    private static func endsCleanly(_ scalars: [Unicode.Scalar], _ position: Int, spaced: Bool,
                                    lastGroupAllDigits: Bool) -> Bool {
        let count = scalars.count
        guard position < count else { return true }
        let next = scalars[position]
        if next.isAlphanumeric { return false }
        if position + 1 < count, scalars[position + 1].isAlphanumeric,
           next == "." || next == "," || next == "-" || next == "/" || next == "_" {
            // A sentence may go on after a full stop ("...6784. Next"), not after "6784.5".
            if !(next == "." && scalars[position + 1].isASCIILetter) { return false }
        }
        if spaced, lastGroupAllDigits {
            var after = position
            while after < count, scalars[after].isHorizontalSpace, after - position < 4 { after += 1 }
            if after > position, after - position <= 3, after < count, scalars[after].isASCIIDigit {
                return false
            }
        }
        return true
    }

    private static func string(_ symbols: UnsafeBufferPointer<UInt8>) -> String {
        var result = String.UnicodeScalarView()
        for symbol in symbols {
            let value: UInt32 = symbol < 10 ? 0x30 + UInt32(symbol) : symbol < 36 ? 0x41 + UInt32(symbol) - 10 : 0x2D
            result.append(Unicode.Scalar(value)!)
        }
        return String(result)
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}
