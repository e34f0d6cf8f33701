/// Postcode grammars, checked scalar by scalar.
enum PostcodeFormats {
    private static func isUpper(_ c: Unicode.Scalar) -> Bool { c.value >= 0x41 && c.value <= 0x5A }

    /// A UK outward code: A9, A99, A9A, AA9, AA99, AA9A (Royal Mail's PAF grammar: no Q, V, X
    /// first; no I, J, Z second).
    static func isUKOutward(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        let c = Array(s)
        guard (2...4).contains(c.count), isUpper(c[0]), !"QVX".unicodeScalars.contains(c[0]) else { return false }
        var i = 1
        if isUpper(c[1]) {
            guard !"IJZ".unicodeScalars.contains(c[1]) else { return false }
            i = 2
        }
        guard i < c.count, c[i].isASCIIDigit else { return false }
        i += 1
        if i < c.count, c[i].isASCIIDigit || isUpper(c[i]) { i += 1 }
        return i == c.count
    }

    /// A UK inward code: 9AA, without C, I, K, M, O, V.
    static func isUKInward(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        let c = Array(s)
        return c.count == 3 && c[0].isASCIIDigit
            && c[1...].allSatisfy { isUpper($0) && !"CIKMOV".unicodeScalars.contains($0) }
    }

    /// A Canadian postal code half: A9A (first half) or 9A9 (second half). Canada Post never uses
    /// D, F, I, O, Q, U, nor W or Z as the first letter.
    static func isCanadianHalf(_ s: ArraySlice<Unicode.Scalar>, first: Bool) -> Bool {
        let c = Array(s)
        guard c.count == 3 else { return false }
        func letter(_ x: Unicode.Scalar) -> Bool { isUpper(x) && !"DFIOQU".unicodeScalars.contains(x) }
        if first { return letter(c[0]) && c[0] != "W" && c[0] != "Z" && c[1].isASCIIDigit && letter(c[2]) }
        return c[0].isASCIIDigit && letter(c[1]) && c[2].isASCIIDigit
    }
}
