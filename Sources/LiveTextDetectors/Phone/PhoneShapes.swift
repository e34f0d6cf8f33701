/// Shapes of digit runs that look like phone numbers but are something else, and extensions.
enum PhoneShapes {
    /// Marks the groups that belong to a date ("2026-03-05", "05.03.2026", "03/05/26"), an IPv4
    /// address ("192.168.1.20") or a range of 24-hour times ("0900-1730"): no number may use them.
    static func blockedGroups(_ groups: [PhoneGroup], digits: [UInt8]) -> [Bool] {
        var blocked = [Bool](repeating: false, count: groups.count)
        func value(_ g: PhoneGroup) -> Int {
            var v = 0
            for k in g.digitStart..<(g.digitStart + g.digitCount) { v = v * 10 + Int(digits[k]) }
            return v
        }
        // Opening hours on a 24-hour clock: "0900-1730" (two four-digit times joined by a dash).
        if groups.count == 2, groups.allSatisfy({ $0.digitCount == 4 && $0.realDigits == 4 }),
           let dash = groups[1].separator, dash == "-" || dash == "–",
           groups.allSatisfy({ value($0) / 100 < 24 && value($0) % 100 < 60 }) {
            return [true, true]
        }
        guard groups.count >= 3 else { return blocked }
        for i in 0...(groups.count - 3) {
            let (x, y, z) = (groups[i], groups[i + 1], groups[i + 2])
            guard let separator = y.separator, z.separator == separator,
                  separator == "/" || separator == "." || separator == "-" else { continue }
            let isDate: Bool
            if x.digitCount == 4, y.digitCount <= 2, z.digitCount <= 2 {
                isDate = (1900...2099).contains(value(x)) && (1...12).contains(value(y)) && (1...31).contains(value(z))
            } else if x.digitCount <= 2, y.digitCount <= 2, z.digitCount == 4 || (z.digitCount == 2 && groups.count == 3) {
                let (p, q) = (value(x), value(y))
                isDate = (1...31).contains(p) && (1...31).contains(q) && (p <= 12 || q <= 12)
                    && (z.digitCount == 2 || (1900...2099).contains(value(z)))
            } else {
                isDate = false
            }
            if isDate { blocked[i] = true; blocked[i + 1] = true; blocked[i + 2] = true }
        }
        if groups.count >= 4 {
            for i in 0...(groups.count - 4) {
                let window = groups[i..<(i + 4)]
                // Exactly four dotted groups: "6.12.34.56.78" is a longer chain, not an address.
                let dotted = window.dropFirst().allSatisfy { $0.separator == "." }
                    && groups[i].separator != "." && (i + 4 == groups.count || groups[i + 4].separator != ".")
                let octets = window.allSatisfy { $0.digitCount <= 3 && $0.realDigits == $0.digitCount && value($0) <= 255 }
                // French numbers are dotted pairs ("01.23.45.67.89"); addresses rarely are.
                let allPairs = window.allSatisfy { $0.digitCount == 2 }
                if dotted && octets && !allPairs {
                    for k in i..<(i + 4) { blocked[k] = true }
                }
            }
        }
        return blocked
    }

    /// An extension after a number: "ext. 12", "Ext 12", "extension 12", "x12", "x 12",
    /// "#12" after a space. Returns the digits and where the extension ends.
    static func readExtension(_ s: [Unicode.Scalar], from end: Int) -> (String, Int)? {
        var k = end
        var spaces = 0
        while k < s.count, s[k].isHorizontalSpace, spaces < 2 { k += 1; spaces += 1 }
        if k < s.count, s[k] == ",", spaces == 0 {
            k += 1
            while k < s.count, s[k].isHorizontalSpace, spaces < 2 { k += 1; spaces += 1 }
        }
        guard k < s.count else { return nil }
        var keywordEnd = k
        let lower = { (i: Int) -> Unicode.Scalar? in i < s.count ? s[i].asciiLowercased : nil }
        if lower(k) == "x" {
            keywordEnd = k + 1
        } else if lower(k) == "e", lower(k + 1) == "x", lower(k + 2) == "t" {
            keywordEnd = k + 3
            if lower(keywordEnd) == "n" { keywordEnd += 1 }
            let tail: [Unicode.Scalar] = ["e", "n", "s", "i", "o", "n"]
            if lower(k + 3) == "e" && (0..<6).allSatisfy({ lower(k + 3 + $0) == tail[$0] }) { keywordEnd = k + 9 }
        } else if s[k] == "#", spaces > 0 {
            keywordEnd = k + 1
        } else {
            return nil
        }
        if keywordEnd < s.count, s[keywordEnd].isASCIILetter { return nil }
        var j = keywordEnd
        if j < s.count, s[j] == "." || s[j] == ":" { j += 1 }
        var gap = 0
        while j < s.count, s[j].isHorizontalSpace, gap < 2 { j += 1; gap += 1 }
        // Digits, with O and l misread for 0 and 1 after the first one ("x3O1").
        let digitsStart = j
        var digits = String.UnicodeScalarView()
        while j < s.count, j - digitsStart < 7 {
            if let d = s[j].asciiDigitValue {
                digits.append(Unicode.Scalar(UInt8(d + 0x30)))
            } else if j > digitsStart, s[j] == "O" || s[j] == "o" {
                digits.append("0")
            } else if j > digitsStart, s[j] == "l" || s[j] == "I" {
                digits.append("1")
            } else {
                break
            }
            j += 1
        }
        let count = j - digitsStart
        guard count >= 1, count <= 6, !(j < s.count && s[j].isAlphanumeric) else { return nil }
        return (String(digits), j)
    }
}
