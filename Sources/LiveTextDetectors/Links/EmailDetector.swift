import LiveTextCore

/// Email addresses in running text: `jane.doe+news@example.co.uk`, `o'brien@example.ie`,
/// `用户@例子.广告`, `mailto:jane@example.org`.
///
/// Triggered by `@` only (and by `©`, which OCR reads for `@` when both sides are a valid
/// address). From each, the local part is read leftwards (at most 64 scalars) and the domain
/// rightwards (at most 253), so the work per `@` is bounded and 100k `@` stay linear.
///
/// - Local part: RFC 5322 dot-atoms (letters and digits of any script and
///   ``!#$%&'*+/=?^_`{|}~-``), no leading, trailing or double dot. Quoted local parts
///   (`"john doe"@x`) and comments are not read: nobody prints them. A run of Latin letters
///   glued to another script (`メールはjohn@…`) starts at the Latin letters.
/// - Domain: host name labels ending in a top-level domain of the root zone (`user@localhost`,
///   `foo@bar`, `a@b.c`, `x@1.2.3.4` are not addresses; `[IP]` literals are not read).
/// - `x@y@z.org`, `test"x@y.org` and domains running into `@` are refused whole.
/// - A `mailto:` prefix belongs to the item's span (the whole thing is what a person taps);
///   `value.address` never has it.
///
/// `value`: `address` (local part as written, domain lower-cased).
public struct EmailDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.email] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        let s = text.scalars
        var found: [Detection] = []
        var labels: [Range<Int>] = []
        labels.reserveCapacity(8)
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "@" || c == "\u{A9}", let match = Self.address(at: i, in: s, labels: &labels) {
                found.append(match)
                i = match.range.upperBound
            } else {
                i += 1
            }
        }
        return found
    }

    /// The address around the `@` at `at`, if there is a valid one.
    static func address(at: Int, in s: [Unicode.Scalar], labels: inout [Range<Int>]) -> Detection? {
        guard let localStart = localPartStart(before: at, in: s) else { return nil }
        guard let domainEnd = domainEnd(after: at, in: s, labels: &labels) else { return nil }
        var start = localStart
        if start >= 7 {
            var prefix = String.UnicodeScalarView()
            for k in (start - 7)..<start { prefix.append(s[k].asciiLowercased) }
            if String(prefix) == "mailto:" { start -= 7 }
        }
        var address = String.UnicodeScalarView()
        address.append(contentsOf: s[localStart..<at])
        address.append("@")
        let domain = HostLabels.lowercased(s, (at + 1)..<domainEnd)
        return Detection(kind: .email, range: start..<domainEnd,
                         value: ["address": .string(String(address) + domain)])
    }

    @inline(__always)
    static func isLocalScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 {
            if c.isASCIIAlphanumeric { return true }
            switch c {
            case ".", "!", "#", "$", "%", "&", "'", "*", "+", "/", "=", "?", "^", "_", "`", "{", "|", "}",
                 "~", "-":
                return true
            default:
                return false
            }
        }
        return c.isAlphanumeric
    }

    /// Where the local part before `at` starts, or nil when there is none or it is malformed.
    static func localPartStart(before at: Int, in s: [Unicode.Scalar]) -> Int? {
        var k = at
        var sawASCII = false
        while k > 0, at - k <= 64 {
            let c = s[k - 1]
            guard isLocalScalar(c) else { break }
            if c.value >= 0x80 {
                if sawASCII && !HostLabels.isBareLabelScalar(c) { break }
            } else if c.isASCIIAlphanumeric {
                sawASCII = true
            }
            k -= 1
        }
        guard k < at, at - k <= 64 else { return nil }
        if k > 0 {
            let before = s[k - 1]
            // Too long, part of another address, or the tail of a quoted string or escape.
            if isLocalScalar(before) && before.value < 0x80 { return nil }
            if before == "@" || before == "\\" { return nil }
            if before == "\"" || before == ")", k >= 2, s[k - 2].isAlphanumeric { return nil }
        }
        // An ellipsis glued to the address ("see...john@x.org") ends the sentence before it.
        var run = 0
        for j in k..<at {
            run = s[j] == "." ? run + 1 : 0
            if run >= 3 { k = j + 1 }
        }
        guard k < at else { return nil }
        // An ellipsis or markup before the address ("…see..john@x.org", "*john@x.org*").
        var dots = 0
        while k < at, s[k] == "." || s[k] == "'" || s[k] == "`" || s[k] == "*" || s[k] == "/" || s[k] == "|" {
            if s[k] == "." { dots += 1 }
            k += 1
        }
        guard k < at, dots != 1 else { return nil }
        guard s[at - 1] != "." else { return nil }
        var previousDot = false
        for j in k..<at {
            let dot = s[j] == "."
            if dot && previousDot { return nil }
            previousDot = dot
        }
        return k
    }

    /// Where the domain after `at` ends, or nil when it is no valid domain.
    static func domainEnd(after at: Int, in s: [Unicode.Scalar], labels: inout [Range<Int>]) -> Int? {
        let start = at + 1
        guard start < s.count, HostLabels.isLabelScalar(s[start]) else { return nil }
        let scan = HostLabels.scan(s, from: start, labels: &labels, isLabel: isDomainScalar, cutAtScriptChange: true)
        guard !scan.overlong else { return nil }
        if scan.end < s.count {
            let next = s[scan.end]
            // "x@y.org@z", "x@y..org", "x@y.org-": not a clean end.
            if next == "@" || next == "_" { return nil }
            if next == ".", scan.end + 1 < s.count, s[scan.end + 1] == "." { return nil }
        }
        guard HostLabels.isValidDomain(s, labels: labels[...], underscores: false) else { return nil }
        if s[at] == "\u{A9}" {
            // "©" is only an "@" when nothing but an address is around it.
            guard at >= 2, s[at - 1].isASCIIAlphanumeric else { return nil }
        }
        return scan.end
    }

    @inline(__always)
    static func isDomainScalar(_ c: Unicode.Scalar) -> Bool {
        c != "_" && HostLabels.isLabelScalar(c)
    }
}
