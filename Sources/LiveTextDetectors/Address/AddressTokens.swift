/// A token of address text: a word, a number ("221B", "43-45"), one punctuation scalar, or a
/// line break.
struct AddressToken: Equatable {
    enum Kind { case word, number, punct, newline }
    var kind: Kind
    var start: Int
    var end: Int
}

/// Reads address tokens forward and backward from any position, skipping horizontal spaces.
struct AddressTokenizer {
    let s: [Unicode.Scalar]

    static func isJoiner(_ c: Unicode.Scalar) -> Bool {
        c == "-" || c == "'" || c == "\u{2019}" || c == "\u{2010}"
    }

    /// The token at or after `i` (spaces skipped), or nil at the end of the text.
    /// The token after `i`, past one optional comma and then one optional line break: where
    /// the next part of an address starts ("…Street, Suite 2", "…Street\nBerlin").
    func nextAfterSeparator(_ i: Int) -> AddressToken? {
        guard var t = next(i) else { return nil }
        if isPunct(t, ",") {
            guard let following = next(t.end) else { return nil }
            t = following
        }
        if t.kind == .newline {
            guard let following = next(t.end) else { return nil }
            t = following
        }
        return t
    }

    func next(_ i: Int) -> AddressToken? {
        var k = i
        while k < s.count, s[k].isHorizontalSpace { k += 1 }
        guard k < s.count else { return nil }
        let c = s[k]
        if c.isLineBreak {
            let end = c == "\r" && k + 1 < s.count && s[k + 1] == "\n" ? k + 2 : k + 1
            return AddressToken(kind: .newline, start: k, end: end)
        }
        guard c.isAlphanumeric else { return AddressToken(kind: .punct, start: k, end: k + 1) }
        let kind: AddressToken.Kind = c.isASCIIDigit ? .number : .word
        var j = k + 1
        while j < s.count {
            if s[j].isAlphanumeric {
                j += 1
            } else if Self.isJoiner(s[j]), j + 1 < s.count, s[j + 1].isAlphanumeric {
                j += 2
            } else {
                break
            }
            if j - k > 64 { break }
        }
        return AddressToken(kind: kind, start: k, end: j)
    }

    /// The token ending at or before `i` (spaces skipped), or nil at the start of the text.
    func previous(_ i: Int) -> AddressToken? {
        var k = i
        while k > 0, s[k - 1].isHorizontalSpace { k -= 1 }
        guard k > 0 else { return nil }
        let c = s[k - 1]
        if c.isLineBreak { return AddressToken(kind: .newline, start: k - 1, end: k) }
        guard c.isAlphanumeric else { return AddressToken(kind: .punct, start: k - 1, end: k) }
        var j = k - 1
        while j > 0 {
            if s[j - 1].isAlphanumeric {
                j -= 1
            } else if j > 1, Self.isJoiner(s[j - 1]), s[j - 2].isAlphanumeric {
                j -= 2
            } else {
                break
            }
            if k - j > 64 { break }
        }
        return AddressToken(kind: s[j].isASCIIDigit ? .number : .word, start: j, end: k)
    }

    func text(_ t: AddressToken) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: s[t.start..<t.end])
        return String(view)
    }

    func lowercased(_ t: AddressToken) -> String { text(t).lowercased() }

    /// Starts with a capital. OCR reads a capital I as l: "lnfinite", "lrvine" count too, as
    /// almost no word starts with l and a consonant.
    func isCapitalized(_ t: AddressToken) -> Bool {
        guard t.kind == .word else { return false }
        if s[t.start].properties.isUppercase { return true }
        guard s[t.start] == "l", t.end - t.start >= 3 else { return false }
        let next = s[t.start + 1]
        return next.isASCIILetter && next.properties.isLowercase && !"aeiouyl".unicodeScalars.contains(next)
    }

    func isAllCaps(_ t: AddressToken) -> Bool {
        t.kind == .word && s[t.start..<t.end].allSatisfy { !$0.properties.isLowercase }
    }

    func isPunct(_ t: AddressToken?, _ c: Unicode.Scalar) -> Bool {
        guard let t, t.kind == .punct else { return false }
        return s[t.start] == c
    }
}
