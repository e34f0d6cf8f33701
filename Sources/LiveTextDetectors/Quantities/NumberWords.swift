/// Amounts written as English words before a currency or unit: "twelve euros", "six miles",
/// "twenty-five cents", "two pence".
enum NumberWords {
    /// Words start with one of these letters (a cheap test at every word start of the text).
    @inline(__always)
    static func mayStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.asciiLowercased {
        case "o", "t", "f", "s", "e", "n": true
        default: false
        }
    }

    /// The number written at `start` (a word start) and where it ends: "twelve", "twenty-five",
    /// "twenty five", "ninety". Reads at most two words, so a call costs O(1).
    static func read(_ s: [Unicode.Scalar], at start: Int) -> (value: Int, end: Int)? {
        guard start < s.count, mayStart(s[start]), start == 0 || !s[start - 1].isAlphanumeric,
              let (first, end) = word(s, start) else { return nil }
        if first >= 20, first % 10 == 0, end + 1 < s.count, s[end] == "-" || s[end] == " ",
           let (unit, unitEnd) = word(s, end + 1), unit < 10 {
            return (first + unit, unitEnd)
        }
        return (first, end)
    }

    /// The word at `start` packed five bits a letter (case folded) and looked up by binary search:
    /// every word of the text with a likely first letter comes here, so no String is built.
    private static func word(_ s: [Unicode.Scalar], _ start: Int) -> (Int, Int)? {
        var end = start
        var key: UInt64 = 0
        while end < s.count, s[end].isASCIILetter, end - start <= 9 {
            key = key << 5 | UInt64((s[end].value | 0x20) - 0x60)
            end += 1
        }
        guard end - start >= 3, end - start <= 9, end >= s.count || !s[end].isAlphanumeric else { return nil }
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid].key < key { low = mid + 1 } else { high = mid }
        }
        guard low < keys.count, keys[low].key == key else { return nil }
        return (keys[low].value, end)
    }

    private static let keys: [(key: UInt64, value: Int)] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
        "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ].map { word, value in
        (word.unicodeScalars.reduce(UInt64(0)) { $0 << 5 | UInt64($1.value - 0x60) }, value)
    }.sorted { $0.key < $1.key }
}
