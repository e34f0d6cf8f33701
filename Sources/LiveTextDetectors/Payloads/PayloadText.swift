import Foundation

/// Text helpers shared by the payload readers: trimming, `KEY:value;` fields with backslash
/// escapes (`WIFI:`, `MECARD:`), content lines (vCard, iCalendar), percent-decoding.
enum PayloadText {
    /// The payload without leading and trailing white space and byte-order mark, as a range.
    static func trimmedRange(_ s: [Unicode.Scalar]) -> Range<Int> {
        var lower = 0, upper = s.count
        while lower < upper, s[lower].isSpaceOrLineBreak || s[lower] == "\u{FEFF}" { lower += 1 }
        while upper > lower, s[upper - 1].isSpaceOrLineBreak || s[upper - 1] == "\u{FEFF}" { upper -= 1 }
        return lower..<upper
    }

    /// Whether `s[at...]` starts with `prefix`, ASCII case-insensitively.
    static func hasPrefix(_ s: [Unicode.Scalar], at: Int, _ prefix: String) -> Bool {
        var k = at
        for p in prefix.unicodeScalars {
            guard k < s.count, s[k].asciiLowercased == p.asciiLowercased else { return false }
            k += 1
        }
        return true
    }

    static func string(_ s: [Unicode.Scalar], _ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: s[range])
        return String(view)
    }

    /// `KEY:value;KEY:value;;` after a scheme (`WIFI:`, `MECARD:`, `MATMSG:`): keys upper-cased,
    /// values with `\;` `\:` `\,` `\\` `\"` unescaped, in order (keys may repeat).
    static func fields(_ s: [Unicode.Scalar], from start: Int, to end: Int) -> [(key: String, value: String)] {
        var result: [(String, String)] = []
        var i = start
        while i < end {
            var key = String.UnicodeScalarView()
            while i < end, s[i] != ":", s[i] != ";" {
                key.append(s[i].asciiLowercased)
                i += 1
            }
            guard i < end, s[i] == ":" else {
                i += 1
                continue
            }
            i += 1
            var value = String.UnicodeScalarView()
            while i < end, s[i] != ";" {
                if s[i] == "\\", i + 1 < end {
                    value.append(s[i + 1])
                    i += 2
                } else {
                    value.append(s[i])
                    i += 1
                }
            }
            i += 1
            let name = String(key).trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
            if !name.isEmpty { result.append((name, String(value))) }
        }
        return result
    }

    /// `%41` → `A`; with `plusIsSpace`, `+` → space (form-encoded queries). Malformed escapes
    /// stay as written.
    static func percentDecoded(_ text: String, plusIsSpace: Bool = false) -> String {
        let text = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : text
        return text.removingPercentEncoding ?? text
    }

    /// `a=1&b=2` → `[a: 1, b: 2]` (keys lower-cased, values percent-decoded).
    static func query(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = parts.first, !key.isEmpty else { continue }
            let value = parts.count > 1 ? String(parts[1]) : ""
            result[key.lowercased()] = percentDecoded(value, plusIsSpace: true)
        }
        return result
    }

    /// Digits of a phone number with a leading `+` when it has one (or `00`): a best-effort
    /// E.164 form. National numbers stay national digits; the phone detector knows regions.
    static func phoneDigits(_ text: String) -> String {
        var digits = ""
        var plus = false
        for c in text.unicodeScalars {
            if c == "+" && digits.isEmpty {
                plus = true
            } else if let d = c.asciiDigitValue {
                digits.append(Character(String(d)))
            } else if c.isASCIILetter || c == ";" || c == "?" || c == "," {
                break  // ";ext=", "?body=", pause characters: the number is over.
            }
        }
        if !plus, digits.hasPrefix("00"), digits.count > 4 {
            return "+" + digits.dropFirst(2)
        }
        return plus ? "+" + digits : digits
    }

    /// A content line of vCard or iCalendar: `group.NAME;PARAM=x;PARAM="y:z":value`.
    struct ContentLine {
        var name: String
        var parameters: [String: String]
        var value: String
    }

    /// The unfolded content lines of `s[range]` (RFC 6350 / 5545 folding: a line break followed
    /// by a space or tab continues the line; quoted-printable soft breaks, `=` at a line's end,
    /// too), each with the scalar range its first physical line starts at.
    static func contentLines(_ s: [Unicode.Scalar], _ range: Range<Int>) -> [(line: ContentLine, start: Int, end: Int)] {
        var physical: [(text: String.UnicodeScalarView, start: Int, end: Int)] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let start = i
            var text = String.UnicodeScalarView()
            while i < range.upperBound, s[i] != "\n", s[i] != "\r" {
                text.append(s[i])
                i += 1
            }
            let end = i
            if i < range.upperBound, s[i] == "\r" { i += 1 }
            if i < range.upperBound, s[i] == "\n" { i += 1 }
            if let first = text.first, first == " " || first == "\t", !physical.isEmpty {
                physical[physical.count - 1].text.append(contentsOf: text.dropFirst())
                physical[physical.count - 1].end = end
            } else if let last = physical.last, last.text.last == "=",
                      String(last.text).uppercased().contains("QUOTED-PRINTABLE") {
                physical[physical.count - 1].text.removeLast()
                physical[physical.count - 1].text.append(contentsOf: text)
                physical[physical.count - 1].end = end
            } else if !text.isEmpty {
                physical.append((text, start, end))
            }
        }
        return physical.compactMap { entry in
            parseContentLine(Array(entry.text)).map { ($0, entry.start, entry.end) }
        }
    }

    static func parseContentLine(_ s: [Unicode.Scalar]) -> ContentLine? {
        var i = 0
        var inQuotes = false
        var colon: Int?
        while i < s.count {
            if s[i] == "\"" { inQuotes.toggle() }
            if s[i] == ":" && !inQuotes {
                colon = i
                break
            }
            i += 1
        }
        guard let colon else { return nil }
        let head = string(s, 0..<colon)
        var parts = head.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        var name = parts.removeFirst().uppercased()
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        var parameters: [String: String] = [:]
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = pair[0].uppercased()
            var value = pair.count > 1 ? String(pair[1]) : key
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            // vCard 2.1 writes bare types: "TEL;CELL:" and "ENCODING" without "=" as "QUOTED-PRINTABLE".
            let target = pair.count > 1 ? key : "TYPE"
            parameters[target] = parameters[target].map { $0 + "," + value } ?? value
        }
        var value = string(s, (colon + 1)..<s.count)
        if parameters["ENCODING"]?.uppercased() == "QUOTED-PRINTABLE"
            || parameters["TYPE"]?.uppercased().contains("QUOTED-PRINTABLE") == true {
            value = quotedPrintableDecoded(value)
        }
        return ContentLine(name: name, parameters: parameters, value: value)
    }

    /// `=C3=A9` → `é` (bytes read as UTF-8, Latin-1 when they are not UTF-8).
    static func quotedPrintableDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "="), i + 2 < utf8.count,
               let byte = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    /// Splits a structured value (`N`, `ADR`, `ORG`) at unescaped `;` and unescapes each part.
    static func components(_ value: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaped = false
        for c in value {
            if escaped {
                current.append(c == "n" || c == "N" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == ";" {
                parts.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A text value with `\n`, `\,`, `\;`, `\\` unescaped.
    static func unescaped(_ value: String) -> String {
        components(value).joined(separator: ";")
    }
}
