/// The digits of a flight number as OCR may have read them: "LH40O", "U2 B123", "FR l884".
///
/// Inside the number, O/o read as 0, l/I as 1, S as 5 and B as 8. The number is taken only when
/// real digits are at least twice the misread letters, so a designator's digits survive one
/// misread character in three, and words ("BOSS", "ISO") never become numbers.
enum FlightDigits {
    /// The digit a letter is commonly misread for.
    @inline(__always)
    static func confusedDigit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "O", "o": "0"
        case "l", "I": "1"
        case "S": "5"
        case "B": "8"
        default: nil
        }
    }

    @inline(__always)
    static func isDigitLike(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCIIDigit || confusedDigit(scalar) != nil
    }

    /// The run of digits and misread digits from `start` (at most `limit` + 1 scalars are read):
    /// its end and its digits, folded; nil when it is empty, longer than `limit` or not mostly
    /// real digits.
    static func read(_ scalars: [Unicode.Scalar], from start: Int, limit: Int) -> (end: Int, digits: String)? {
        var end = start
        var real = 0, misread = 0
        while end < scalars.count, end - start <= limit, isDigitLike(scalars[end]) {
            if scalars[end].isASCIIDigit { real += 1 } else { misread += 1 }
            end += 1
        }
        guard end > start, end - start <= limit, real >= 2 * misread else { return nil }
        return (end, folded(scalars[start..<end]))
    }

    /// The scalars with misread digits folded.
    static func folded(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        for scalar in scalars { view.append(confusedDigit(scalar) ?? scalar) }
        return String(view)
    }
}
