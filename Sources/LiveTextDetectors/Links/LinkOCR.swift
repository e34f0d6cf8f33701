/// OCR's misread digits in the numeric parts of a link: the port (`localhost:3O0O`,
/// `example.io:B443`), IPv4 octets (`http://192.16B.1.1/`) and IPv6 literals (`[2001:db8::l]`).
///
/// Host names are never guessed: a letter in a name may be a letter. Only parts that must be
/// numbers are folded, only when real digits outnumber or match the misread letters, and only
/// when the folded part validates (port ≤ 65535, octets ≤ 255). The `url` and `host` values carry
/// the folded form.
extension LinkScanner {
    /// The digit a letter is commonly misread for in a number: O/o → 0, l/I → 1, S → 5, B → 8.
    @inline(__always)
    static func confusedDigit(_ c: Unicode.Scalar) -> Int? {
        switch c {
        case "O", "o": 0
        case "l", "I": 1
        case "S": 5
        case "B": 8
        default: nil
        }
    }

    /// The port after the `:` at `colon`: its end and value, with misread digits folded, when it
    /// is 1-5 digits (at least as many real digits as misread letters), at most 65535, and not
    /// followed by a letter or digit.
    func port(afterColon colon: Int) -> (end: Int, value: Int)? {
        var k = colon + 1, value = 0, digits = 0, misread = 0
        while k < n, k - colon <= 5 {
            if let d = s[k].asciiDigitValue {
                digits += 1
                value = value * 10 + d
            } else if let d = Self.confusedDigit(s[k]) {
                misread += 1
                value = value * 10 + d
            } else {
                break
            }
            k += 1
        }
        guard digits >= 1, digits >= misread, value <= 65535 else { return nil }
        // A port written with a misread letter first ("B443") must not be a word after a colon.
        if misread > 0, k < n, s[k].isAlphanumeric { return nil }
        return (k, value)
    }

    /// A dotted quad with misread digits ("192.16B.1.1"), folded ("192.168.1.1"); nil when it has
    /// none, or is no IPv4 address once folded.
    func foldedIPv4(_ labels: ArraySlice<Range<Int>>) -> String? {
        guard labels.count == 4 else { return nil }
        var digits = 0, misread = 0
        var text = ""
        for label in labels {
            guard label.count >= 1, label.count <= 3 else { return nil }
            var value = 0
            for k in label {
                if let d = s[k].asciiDigitValue {
                    digits += 1
                    value = value * 10 + d
                } else if let d = Self.confusedDigit(s[k]) {
                    misread += 1
                    value = value * 10 + d
                } else {
                    return nil
                }
            }
            guard value <= 255 else { return nil }
            if !text.isEmpty { text += "." }
            text += String(value)
        }
        // Mostly real digits: "lO.lO.lO.lO" is not an address.
        guard misread > 0, digits >= 2 * misread else { return nil }
        return text
    }

    /// An IPv6 literal `[...]` at `start`..<`end` with `l`/`I` for 1 and `O`/`o` for 0, folded
    /// and lower-cased; nil when there is nothing to fold.
    func foldedIPv6(_ start: Int, _ end: Int) -> String? {
        var view = String.UnicodeScalarView()
        var folded = false
        for k in start..<end {
            let c = s[k]
            if let d = Self.ipv6ConfusedDigit(c) {
                view.append(Unicode.Scalar(UInt8(0x30 + d)))
                folded = true
            } else {
                view.append(c.asciiLowercased)
            }
        }
        return folded ? String(view) : nil
    }

    /// Letters that are not hex digits but OCR reads for 0 and 1 inside an IPv6 literal.
    @inline(__always)
    static func ipv6ConfusedDigit(_ c: Unicode.Scalar) -> Int? {
        switch c {
        case "O", "o": 0
        case "l", "I": 1
        default: nil
        }
    }

    /// `rest` (what follows the host) with a port's misread digits folded: ":3O0O/" → ":3000/".
    func foldingPort(_ rest: Range<Int>) -> String.UnicodeScalarView {
        var view = String.UnicodeScalarView()
        var k = rest.lowerBound
        if k < rest.upperBound, s[k] == ":" {
            view.append(":")
            k += 1
            while k < rest.upperBound, s[k].isASCIIDigit || Self.confusedDigit(s[k]) != nil {
                if let d = Self.confusedDigit(s[k]) {
                    view.append(Unicode.Scalar(UInt8(0x30 + d)))
                } else {
                    view.append(s[k])
                }
                k += 1
            }
        }
        view.append(contentsOf: s[k..<rest.upperBound])
        return view
    }
}
