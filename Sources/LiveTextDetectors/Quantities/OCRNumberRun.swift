/// A number that OCR may have misread: "l2,50", "5O0", "1,234.S6", "I.234", "2O".
///
/// Only O/o (0), l/I/| (1), S (5) and B (8) are folded, the confusions that turn a price or a
/// measure into a word-looking token. A run is folded when it holds at least one real digit and
/// at least as many real digits as misread ones, and when it stands on its own: a misread letter
/// at either edge must not touch another letter ("CO2", "5Sale" stay as they are). Callers read
/// the folded copy (`window`) with their ordinary parser and keep a match only when it consumes
/// the whole run, so validation decides, not the folding.
struct OCRNumberRun {
    /// The run, in the text's offsets.
    var start: Int
    var end: Int

    /// Longest run looked at; a longer one is an ID or noise, not a quantity.
    static let maximumLength = 40

    /// The digit `scalar` is often misread as, for the letters folded here.
    @inline(__always)
    static func confusedDigit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "O", "o": "0"
        case "l", "I", "|": "1"
        case "S": "5"
        case "B": "8"
        default: nil
        }
    }

    @inline(__always)
    private static func isRunScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCIIDigit || confusedDigit(scalar) != nil
    }

    @inline(__always)
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." || scalar == "," || scalar == "'" || QuantityNumber.isGroupingBlank(scalar)
    }

    /// The run around the first digit of a digit sequence at `digit`, when it holds a misread
    /// letter and may be folded; nil otherwise (the caller then reads the text as it is).
    /// Looks back at most three scalars, never before `floor`, and forward at most
    /// `maximumLength`.
    static func find(_ scalars: [Unicode.Scalar], around digit: Int, floor: Int) -> OCRNumberRun? {
        let count = scalars.count
        var end = digit
        var digits = 0, misread = 0
        while end < count, end - digit < maximumLength {
            let scalar = scalars[end]
            if scalar.isASCIIDigit {
                digits += 1
            } else if confusedDigit(scalar) != nil {
                // "$1.2B": a capital B after the number is billions, not an 8.
                if scalar == "B", end + 1 >= count || !scalars[end + 1].isAlphanumeric { break }
                misread += 1
            } else if isSeparator(scalar), end + 1 < count, isRunScalar(scalars[end + 1]) {
                // A separator belongs to the run only between two run scalars.
            } else {
                break
            }
            end += 1
        }
        guard end - digit < maximumLength else { return nil }
        // A misread letter at the end must not run into a word ("5Sale", "2Oth").
        if confusedDigit(scalars[end - 1]) != nil, end < count, scalars[end].isAlphanumeric {
            return nil
        }
        // Misread letters before the digit: "l2,50", "I.234", "$I0"; at most two of them, and
        // not the end of a word ("CO2", "BOB500").
        var start = digit
        var leading = 0
        var back = digit - 1
        while back >= floor, back >= 0, digit - back <= 3 {
            let scalar = scalars[back]
            if confusedDigit(scalar) != nil {
                leading += 1
                start = back
            } else if !(isSeparator(scalar) && back > 0 && confusedDigit(scalars[back - 1]) != nil) {
                break
            }
            back -= 1
        }
        if leading > 2 || (start > 0 && start < digit && scalars[start - 1].isAlphanumeric) {
            start = digit
            leading = 0
        }
        misread += leading
        guard misread > 0, digits >= misread else { return nil }
        // "1 234,S6 €": a group of up to three digits before a blank that groups thousands.
        if start == digit, let grouped = blankGroupStart(scalars, before: start, floor: floor) {
            start = grouped
        }
        return OCRNumberRun(start: start, end: end)
    }

    /// The start of "1 " in "1 234,56": 1-3 digits standing alone before one blank.
    private static func blankGroupStart(_ scalars: [Unicode.Scalar], before start: Int, floor: Int) -> Int? {
        guard start >= 2, start - 2 >= floor else { return nil }
        let blank = scalars[start - 1]
        guard blank == " " || QuantityNumber.isGroupingBlank(blank) else { return nil }
        var group = start - 1
        while group > floor, group > 0, scalars[group - 1].isASCIIDigit, start - 1 - group < 3 { group -= 1 }
        guard group < start - 1 else { return nil }
        if group > 0, scalars[group - 1].isAlphanumeric { return nil }
        // The group after the blank must be exactly three long for the blank to group thousands.
        var third = start
        while third < scalars.count, isRunScalar(scalars[third]) { third += 1 }
        return third - start == 3 ? group : nil
    }

    /// A copy of the text around the run, `before` scalars back and `after` scalars past its
    /// end, with the run's misread letters folded to digits; `offset` maps the copy's indices
    /// back to the text's.
    func window(_ scalars: [Unicode.Scalar], before: Int, after: Int) -> (scalars: [Unicode.Scalar], offset: Int) {
        let low = Swift.max(0, start - before)
        let high = Swift.min(scalars.count, end + after)
        var copy = Array(scalars[low..<high])
        for index in start..<end {
            if let digit = Self.confusedDigit(scalars[index]) { copy[index - low] = digit }
        }
        return (copy, low)
    }
}
