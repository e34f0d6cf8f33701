/// Airports around a flight number: "from JFK", "to LHR", "SFO–LHR", "JFK → LAX", "ab FRA".
/// They make a short number after an airline plain ("AA 7 JFK–LAX", "United 1 from SFO"), where
/// alone it could be anything ("PM 2", "United 1").
enum FlightRoute {
    /// An airport code (three capitals standing alone) with a route word before it or another code
    /// joined to it, in the few tokens after `end` on its line.
    static func after(_ s: [Unicode.Scalar], _ end: Int) -> Bool {
        var position = end
        var previous: String?
        for _ in 0..<4 {
            while position < s.count, position - end < 40, s[position].isHorizontalSpace || s[position] == ","
                || s[position] == ":" || s[position] == "(" || s[position] == ")" { position += 1 }
            guard position < s.count, !s[position].isLineBreak else { return false }
            let wordStart = position
            while position < s.count, s[position].isAlphanumeric, position - wordStart < 12 { position += 1 }
            guard position > wordStart else { return false }
            if isCode(s, wordStart, position) {
                if let previous, routeWords.contains(previous) { return true }
                if joinedCode(s, after: position) { return true }
            }
            previous = FlightNumberDetector.lowercased(s[wordStart..<position])
        }
        return false
    }

    /// Two airport codes joined just before `start` ("JFK-LAX AA 7", "SFO → LHR: United 1").
    static func before(_ s: [Unicode.Scalar], _ start: Int) -> Bool {
        var position = start - 1
        while position >= 0, start - position < 4, s[position].isHorizontalSpace || s[position] == ":" || s[position] == "," {
            position -= 1
        }
        guard position >= 2, isCode(s, position - 2, position + 1) else { return false }
        var k = position - 3
        var joiners = 0
        while k >= 0, joiners < 3, isJoiner(s[k]) { k -= 1; joiners += 1 }
        return joiners > 0 && k >= 2 && isCode(s, k - 2, k + 1)
    }

    private static func isCode(_ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> Bool {
        guard start >= 0, end - start == 3, end <= s.count else { return false }
        if start > 0, s[start - 1].isAlphanumeric { return false }
        if end < s.count, s[end].isAlphanumeric { return false }
        return (start..<end).allSatisfy { FlightNumberDetector.isUpper(s[$0]) }
    }

    private static func isJoiner(_ c: Unicode.Scalar) -> Bool {
        c == "-" || c == "–" || c == "—" || c == "→" || c == ">" || c == "/" || c.isHorizontalSpace
    }

    /// A second code joined after the one ending at `end`: "-LHR", " → LHR", " to LHR".
    private static func joinedCode(_ s: [Unicode.Scalar], after end: Int) -> Bool {
        var k = end
        var joiners = 0
        var hasMark = false
        while k < s.count, joiners < 4, isJoiner(s[k]) {
            if !s[k].isHorizontalSpace { hasMark = true }
            k += 1
            joiners += 1
        }
        if !hasMark, k + 2 < s.count, s[k] == "t", s[k + 1] == "o", s[k + 2].isHorizontalSpace {
            k += 3
            hasMark = true
        }
        return hasMark && isCode(s, k, k + 3)
    }

    /// Words before an airport code that make it one (lower case).
    static let routeWords: Set<String> = [
        "from", "to", "via", "ab", "nach", "von", "de", "à", "vers", "desde", "para", "a", "da", "naar",
        "van", "do", "z", "departs", "arrives", "leaves", "dep", "arr",
    ]
}
