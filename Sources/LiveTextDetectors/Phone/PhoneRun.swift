/// One group of a phone-like run: a maximal alphanumeric token made of digits and the letters OCR
/// mistakes for digits ("4l5", "Ol23").
struct PhoneGroup {
    var start: Int
    var end: Int
    /// Where the group's digits start in the run's digit buffer.
    var digitStart: Int
    var digitCount: Int
    /// Digits read as digits, not folded from letters.
    var realDigits: Int
    /// The separator block before the group (empty for the first group).
    var separatorLength = 0
    /// The block's only scalar, when it is one scalar long.
    var separator: Unicode.Scalar?
    /// The block is made of `-`, `.`, `/` only: the groups are glued together, not spaced.
    var gluedToPrevious = false
}

/// A run of groups joined by phone separators (spaces, `-`, `.`, `/`, parentheses) on one line.
struct PhoneRun {
    var groups: [PhoneGroup] = []
    var digits: [UInt8] = []
    /// Index of a leading `+`.
    var plus: Int?
    /// Glued (by `-`, `.`, `/`) to a token with digits that cannot be part of a phone number.
    var gluedJunkBefore = false
    var gluedJunkAfter = false
    /// Preceded by something that makes the run part of another number ("$", "1,", "#").
    var spoiledBefore = false
    /// Followed by something that makes it a quantity or a longer number (",5", "%").
    var spoiledAfter = false

    mutating func reset() {
        groups.removeAll(keepingCapacity: true)
        digits.removeAll(keepingCapacity: true)
        plus = nil
        gluedJunkBefore = false
        gluedJunkAfter = false
        spoiledBefore = false
        spoiledAfter = false
    }
}

/// Scalar classes the phone scanner needs.
enum PhoneScalars {
    static func isSeparator(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "-", ".", "/", "(", ")", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2212}": true
        default: c.isHorizontalSpace
        }
    }

    static func isGlue(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "-", ".", "/", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2212}": true
        default: false
        }
    }

    static func isCurrency(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "$", "€", "£", "¥", "₹", "₩", "₽", "¢": true
        default: false
        }
    }
}
