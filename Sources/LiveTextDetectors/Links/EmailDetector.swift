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
/// - OCR's blank after a dot or `@` inside an address (`first. last@example.org`,
///   `x@example. com`) is read through where the joined address validates and the blank cannot be
///   a sentence's (`SplitLocalPart`, `OCRSplitTokens`): an address is never shortened to another
///   valid one.
///
/// `value`: `address` (local part as written, domain lower-cased; OCR's blanks removed), and,
/// where a blank after a dot makes two readings, `alternative`: the other one (the joined address
/// beside "it. support@example.com" read as a sentence, the short one beside a joined
/// `first.last@example.org`), so that a client can show both.
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
        guard var localStart = localPartStart(before: at, in: s) else { return nil }
        guard let domain = domain(after: at, in: s, labels: &labels) else { return nil }
        var local = String(String.UnicodeScalarView(s[localStart..<at]))
        var alternative: String?
        // "first. last@example.org": OCR's blank after a dot (SplitLocalPart says when to join).
        switch SplitLocalPart.reading(localStart: localStart, at: at, in: s) {
        case .joined(let start, let joined):
            alternative = local
            localStart = start
            local = joined
        case .asWritten(let joined):
            alternative = joined
        }
        var start = localStart
        if start >= 7 {
            var prefix = String.UnicodeScalarView()
            for k in (start - 7)..<start { prefix.append(s[k].asciiLowercased) }
            if String(prefix) == "mailto:" { start -= 7 }
        }
        var value: [String: JSONValue] = ["address": .string(local + "@" + domain.name)]
        if let alternative { value["alternative"] = .string(alternative + "@" + domain.name) }
        return Detection(kind: .email, range: start..<domain.end, value: value)
    }

    /// The domain after the `@` at `at`: where it ends and its name, lower-cased. OCR's blank
    /// after the `@` of a glued local part (`sam.lee@ example.org`) or after a dot inside the
    /// domain (`x@example. com`, `x@mail.example. org`) is read through when the joined domain
    /// validates (`OCRSplitTokens.joins`).
    static func domain(after at: Int, in s: [Unicode.Scalar], labels: inout [Range<Int>]) -> (end: Int, name: String)? {
        var from = at
        if s[at] == "@", at + 2 < s.count, s[at + 1] == " ", s[at + 2].isASCIILetter, at > 0, isLocalScalar(s[at - 1]) {
            from = at + 1
        }
        guard let end = labelsEnd(after: from, in: s, labels: &labels) else { return nil }
        guard isDomain(endingAt: end, after: from, in: s, labels: labels) else {
            // "x@example. com": the part before the blank is no domain by itself.
            guard !labels.isEmpty, let joined = joinedDomain(labels: labels, end: end, in: s) else { return nil }
            return joined
        }
        if let joined = joinedDomain(labels: labels, end: end, in: s) { return joined }
        return (end, HostLabels.lowercased(s, (from + 1)..<end))
    }

    /// Where the domain's labels after `at` end (scanned without validation), or nil when none start there.
    private static func labelsEnd(after at: Int, in s: [Unicode.Scalar], labels: inout [Range<Int>]) -> Int? {
        let start = at + 1
        guard start < s.count, HostLabels.isLabelScalar(s[start]) else { return nil }
        let scan = HostLabels.scan(s, from: start, labels: &labels, isLabel: isDomainScalar, cutAtScriptChange: true)
        return scan.overlong ? nil : scan.end
    }

    /// `labels` (ending at `end`) continued after OCR's blank, when they join.
    private static func joinedDomain(labels: [Range<Int>], end: Int, in s: [Unicode.Scalar]) -> (end: Int, name: String)? {
        guard let rest = OCRSplitTokens.continuation(after: end, in: s, isLabel: isDomainScalar),
              OCRSplitTokens.joins(s, before: labels[...], after: rest.labels, afterEnd: rest.end, underscores: false)
        else { return nil }
        if rest.end < s.count, s[rest.end] == "@" || s[rest.end] == "_" { return nil }
        return (rest.end, OCRSplitTokens.joinedHost(s, labels + rest.labels))
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

    /// Whether `labels`, scanned after `at` up to `end` (`labelsEnd`), are a valid domain that
    /// ends cleanly.
    private static func isDomain(endingAt end: Int, after at: Int, in s: [Unicode.Scalar], labels: [Range<Int>]) -> Bool {
        if end < s.count {
            let next = s[end]
            // "x@y.org@z", "x@y..org", "x@y.org-": not a clean end.
            if next == "@" || next == "_" { return false }
            if next == ".", end + 1 < s.count, s[end + 1] == "." { return false }
        }
        guard HostLabels.isValidDomain(s, labels: labels[...], underscores: false) else { return false }
        if s[at] == "\u{A9}" {
            // "©" is only an "@" when nothing but an address is around it.
            guard at >= 2, s[at - 1].isASCIIAlphanumeric else { return false }
        }
        return true
    }

    @inline(__always)
    static func isDomainScalar(_ c: Unicode.Scalar) -> Bool {
        c != "_" && HostLabels.isLabelScalar(c)
    }
}
