/// Text as an array of Unicode scalars.
///
/// Detectors index it in O(1), and the offsets they report are scalar offsets, which is what
/// PRODUCT.md's `start`/`end` count.
public struct ScannedText: Sendable {
    public let scalars: [Unicode.Scalar]

    public init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    public var count: Int { scalars.count }

    public subscript(index: Int) -> Unicode.Scalar { scalars[index] }

    /// The scalar at `index`, or nil outside the text.
    public func at(_ index: Int) -> Unicode.Scalar? {
        index >= 0 && index < scalars.count ? scalars[index] : nil
    }

    public func string(_ range: Range<Int>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[range])
        return String(result)
    }
}

extension Unicode.Scalar {
    public var isASCIIDigit: Bool { value >= 0x30 && value <= 0x39 }
    public var isASCIILetter: Bool { (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
    public var isASCIIAlphanumeric: Bool { isASCIIDigit || isASCIILetter }
    /// The digit's value for `0`-`9`.
    public var asciiDigitValue: Int? { isASCIIDigit ? Int(value - 0x30) : nil }
    /// A letter or digit in any script: what a token is made of.
    public var isAlphanumeric: Bool {
        if value < 0x80 { return isASCIIAlphanumeric }
        return properties.isAlphabetic || properties.numericType != nil
    }
    /// Space, tab, no-break space and the other horizontal blanks (not line breaks).
    public var isHorizontalSpace: Bool {
        value == 0x20 || value == 0x09 || value == 0xA0 || value == 0x202F
            || (value >= 0x2000 && value <= 0x200A) || value == 0x3000
    }
    public var isLineBreak: Bool {
        value == 0x0A || value == 0x0D || value == 0x0B || value == 0x0C || value == 0x85
            || value == 0x2028 || value == 0x2029
    }
    public var isSpaceOrLineBreak: Bool { isHorizontalSpace || isLineBreak }
    /// The ASCII letter in lower case; other scalars unchanged.
    public var asciiLowercased: Unicode.Scalar {
        value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : self
    }
}
