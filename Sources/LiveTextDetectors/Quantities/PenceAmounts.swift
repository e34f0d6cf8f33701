/// Amounts in pence written with the one-letter symbol glued after them: "99p", "45p", "22.5p".
///
/// A bare "p" after a number is more often something else ("1080p" video, "4p" a part count,
/// "3p" an hour), so an amount is taken only where the page is British money: the region is GB,
/// or a pound sign, "GBP" or "pence" is near it in the text (`PoundMarks`). Video heights (144p to 4320p)
/// are never pence, nor is a number near words of video ("4K at 25p"); the number must stand
/// alone: at most three digits and one or two decimals, no letter, digit, "x" or separator glued
/// before it, no letter or digit after the "p", and after it the end of a line or clause, a table's
/// next cell or a word that goes with a price ("45p each"), not a noun ("4p connector").
enum PenceAmounts {
    /// Video heights printed with "p" ("1080p", "720p").
    static let resolutions: Set<String> = ["144", "240", "360", "480", "540", "576", "720", "1080", "1440", "2160", "4320"]

    /// A cheap look before parsing: digits (and one decimal part) right before a "p".
    static func mayEnd(_ scalars: [Unicode.Scalar], after start: Int) -> Bool {
        var position = start
        while position < scalars.count, scalars[position].isASCIIDigit, position - start < 4 { position += 1 }
        if position + 1 < scalars.count, scalars[position] == ".", scalars[position + 1].isASCIIDigit {
            position += 1
            while position < scalars.count, scalars[position].isASCIIDigit, position - start < 8 { position += 1 }
        }
        return position < scalars.count && scalars[position] == "p"
    }

    /// Where the amount's "p" ends, when `number` (parsed at `start`) is pence.
    static func end(_ scalars: [Unicode.Scalar], _ start: Int, _ number: QuantityNumber) -> Int? {
        let p = number.end
        guard p < scalars.count, scalars[p] == "p", number.integer.count <= 3, number.fraction.count <= 2,
              !resolutions.contains(number.integer) || !number.fraction.isEmpty else { return nil }
        if p + 1 < scalars.count {
            let next = scalars[p + 1]
            if next.isAlphanumeric || next == "'" || next == "’" { return nil }
            // "11p.m.", "3p.m": a time.
            if next == ".", p + 2 < scalars.count, scalars[p + 2].isASCIILetter { return nil }
        }
        if start > 0 {
            let previous = scalars[start - 1]
            if previous.isAlphanumeric || previous == "x" || previous == "×" || previous == "." || previous == ","
                || previous == "/" || previous == "-" || previous == "_" || previous == "#" { return nil }
        }
        guard wordAfterFits(scalars, p + 1), !videoNear(scalars, start, p + 1) else { return nil }
        return p + 1
    }

    /// After the "p": the end of a line or a clause, or a word that goes with a price ("45p each",
    /// "10p off"); not a noun it would count ("4p connector", "24p footage").
    private static func wordAfterFits(_ scalars: [Unicode.Scalar], _ position: Int) -> Bool {
        var start = position
        while start < scalars.count, scalars[start].isHorizontalSpace, start - position < 8 { start += 1 }
        guard start < scalars.count, start > position, scalars[start].isASCIILetter else { return true }
        // Two blanks or more: the next cell of a receipt or a table.
        if start - position >= 2 { return true }
        var end = start
        while end < scalars.count, scalars[end].isASCIILetter, end - start < 12 { end += 1 }
        return priceWords.contains(FlightNumberDetector.lowercased(scalars[start..<end]))
    }

    /// Words a price in pence is followed by.
    static let priceWords: Set<String> = [
        "each", "per", "a", "an", "off", "more", "less", "extra", "only", "for", "and", "or", "to", "on", "in", "at",
        "from", "with", "plus", "instead", "cheaper", "dearer", "saving", "saved", "discount", "back", "change",
        "charge", "fee", "surcharge", "coin", "coins", "piece", "pieces", "stamp", "stamps", "was", "now",
        "inc", "incl", "including", "ex", "excl", "vat", "then", "but", "is", "if",
    ]

    /// Words of video near the number: "1080p", "4K at 25p", "60p footage" are frame rates and heights.
    private static func videoNear(_ scalars: [Unicode.Scalar], _ start: Int, _ end: Int) -> Bool {
        let low = max(0, start - 48)
        let high = min(scalars.count, end + 32)
        var index = low
        while index < high {
            guard scalars[index].isASCIIAlphanumeric else {
                index += 1
                continue
            }
            var wordEnd = index
            while wordEnd < high, scalars[wordEnd].isASCIIAlphanumeric { wordEnd += 1 }
            if index != start, videoWords.contains(FlightNumberDetector.lowercased(scalars[index..<wordEnd])) {
                return true
            }
            index = wordEnd
        }
        return false
    }

    static let videoWords: Set<String> = [
        "4k", "8k", "uhd", "hd", "fps", "video", "videos", "stream", "streams", "streaming", "footage", "frame",
        "frames", "resolution", "progressive", "interlaced", "hdr", "1080p", "720p", "2160p", "480p", "1080i",
        "camera", "webcam", "display", "monitor", "screen", "tv",
    ]
}

/// The places in a text that make a bare "p" after a number pence: "£", "GBP", "pence". Found
/// once per text, on the first pence candidate, so the detector stays linear; a candidate needs
/// one within `reach` scalars (the same page or panel, not a text pasted far below).
struct PoundMarks {
    static let reach = 600
    private var positions: [Int]?

    /// Whether British money is named near `position` (or the region is GB).
    mutating func present(in scalars: [Unicode.Scalar], near position: Int, region: String) -> Bool {
        if region == "GB" || region == "GG" || region == "JE" || region == "IM" { return true }
        if positions == nil { positions = Self.find(in: scalars) }
        guard let positions, !positions.isEmpty else { return false }
        // The first mark at or after position - reach: near when it is not past position + reach.
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position - Self.reach { low = middle + 1 } else { high = middle }
        }
        return low < positions.count && positions[low] <= position + Self.reach
    }

    private static func find(in scalars: [Unicode.Scalar]) -> [Int] {
        var found: [Int] = []
        for index in scalars.indices {
            let scalar = scalars[index]
            if scalar == "£" {
                found.append(index)
            } else if scalar == "G", index + 3 <= scalars.count, scalars[index + 1] == "B", scalars[index + 2] == "P",
                      index + 3 == scalars.count || !scalars[index + 3].isAlphanumeric,
                      index == 0 || !scalars[index - 1].isAlphanumeric {
                found.append(index)
            } else if scalar == "p" || scalar == "P", index + 5 <= scalars.count,
                      FlightNumberDetector.lowercased(scalars[index..<(index + 5)]) == "pence",
                      index == 0 || !scalars[index - 1].isAlphanumeric {
                found.append(index)
            }
        }
        return found
    }
}
