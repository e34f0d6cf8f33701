/// The characters OCR mistakes for digits, and the folding of digit-dominant tokens.
///
/// Text from OCR reads `0` as `O`, `1` as `l` or `I`, `5` as `S`, `8` as `B`. A detector that
/// validates what it finds (check digit, numbering plan) folds these inside tokens that are mostly
/// digits and keeps the match only when the folded form validates.
public enum OCRConfusion {
    /// The digit a letter or sign is commonly misread for, or nil.
    public static func digit(for scalar: Unicode.Scalar) -> Int? {
        if let value = scalar.asciiDigitValue { return value }
        switch scalar {
        case "O", "o", "D", "Q": return 0
        case "l", "I", "i", "|", "!": return 1
        case "Z", "z": return 2
        case "S", "s": return 5
        case "G", "b": return 6
        case "T": return 7
        case "B": return 8
        case "g", "q": return 9
        default: return nil
        }
    }

    /// The token's digits with confusions folded, when digits are at least `minimumShare` of its
    /// alphanumeric characters and every alphanumeric character folds; nil otherwise.
    /// Non-alphanumeric characters (spaces, dashes, dots) are skipped.
    public static func foldedDigits(_ scalars: some Collection<Unicode.Scalar>,
                                    minimumShare: Double = 0.6) -> [Int]? {
        var digits: [Int] = []
        digits.reserveCapacity(scalars.count)
        var realDigits = 0
        for scalar in scalars {
            if scalar.isASCIIDigit {
                realDigits += 1
                digits.append(Int(scalar.value - 0x30))
            } else if scalar.isAlphanumeric || scalar == "|" || scalar == "!" {
                guard let digit = digit(for: scalar) else { return nil }
                digits.append(digit)
            }
        }
        guard !digits.isEmpty, Double(realDigits) >= minimumShare * Double(digits.count) else {
            return nil
        }
        return digits
    }
}
