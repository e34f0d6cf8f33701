/// How wide each ASCII character is in a typical proportional sans-serif font (Helvetica's
/// advance widths, in thousandths of an em): what a word's width would be if it were not set in
/// a monospace font. Narrow `i`, `l`, `.` and wide `m`, `W`, `@` are what tell the two apart.
enum ProportionalWidths {
    static let advances: [Character: Int] = [
        " ": 278, "!": 278, "\"": 355, "#": 556, "$": 556, "%": 889, "&": 667, "'": 191, "(": 333, ")": 333,
        "*": 389, "+": 584, ",": 278, "-": 333, ".": 278, "/": 278, ":": 278, ";": 278, "<": 584, "=": 584,
        ">": 584, "?": 556, "@": 1015, "A": 667, "B": 667, "C": 722, "D": 722, "E": 667, "F": 611, "G": 778,
        "H": 722, "I": 278, "J": 500, "K": 667, "L": 556, "M": 833, "N": 722, "O": 778, "P": 667, "Q": 778,
        "R": 722, "S": 667, "T": 611, "U": 722, "V": 667, "W": 944, "X": 667, "Y": 667, "Z": 611, "[": 278,
        "\\": 278, "]": 278, "^": 469, "_": 556, "`": 333, "a": 556, "b": 556, "c": 500, "d": 556, "e": 556,
        "f": 278, "g": 556, "h": 556, "i": 222, "j": 222, "k": 500, "l": 222, "m": 833, "n": 556, "o": 556,
        "p": 556, "q": 556, "r": 333, "s": 500, "t": 278, "u": 556, "v": 500, "w": 722, "x": 500, "y": 500,
        "z": 500, "{": 334, "|": 260, "}": 334, "~": 584,
    ]

    /// The width of `text` in ems, less a tenth for the side bearings outside its ink (digits
    /// and other characters as wide as a digit).
    static func inkWidth(of text: String) -> Double {
        Double(text.reduce(0) { $0 + (advances[$1] ?? 556) }) / 1000 - 0.1
    }
}
