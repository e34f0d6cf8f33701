/// OCR of monospace text invents a blank after a dot inside a token: `first.last@example.org`
/// comes out `first. last@example.org`, `https://example.com/a` as `https://example. com/a`.
/// Read as written, the email detector would offer `last@example.org` and the link detector
/// `https://example` or `mail.google` (`.google` is a top-level domain): a different recipient
/// or site that validates. These rules rejoin the token where the joined form validates and the
/// blank cannot be a sentence's; where it may be one, they keep the item as written (see
/// `SplitLocalPart.reading`).
enum OCRSplitTokens {
    /// Top-level domains that are no English word, so that a label after ". " that is one of them
    /// is the rest of a host, not the next sentence ("example. com", "mail.google. com"); `.at`,
    /// `.be`, `.it`, `.me`, `.us`, `.so`, `.to`, `.in`, `.app`, `.new` are words and stay out.
    /// `.net`, `.de`, `.es`, `.se` are words in English, Spanish or French ("net profit", "de la").
    static let nonWordTopLevelDomains: Set<String> = [
        "com", "org", "edu", "gov", "io", "biz", "eu", "uk", "fr", "nl", "ch", "ca", "au", "jp", "cn",
        "ru", "pl", "br", "dk", "fi", "pt", "cz", "gr", "ie", "nz", "za", "mx", "kr", "hk", "sg", "tw",
        "ua", "ro", "hu", "sk", "lt", "lv", "ee", "hr", "bg", "rs", "tr", "il", "ae", "example",
    ]

    /// The labels of a host's continuation after OCR's blank: `end` is where a host's scan
    /// stopped, at a `.` followed by exactly one space (no line break) and a label starting with a
    /// lower-case ASCII letter. Returns the continuation's labels and end (a new scan); nil when
    /// the text does not have that shape.
    static func continuation(after end: Int, in s: [Unicode.Scalar],
                             isLabel: (Unicode.Scalar) -> Bool) -> (labels: [Range<Int>], end: Int)? {
        let n = s.count
        guard end + 2 < n, s[end] == ".", s[end + 1] == " ", s[end + 2].isASCIILetter,
              s[end + 2] == s[end + 2].asciiLowercased else { return nil }
        var labels: [Range<Int>] = []
        let scan = HostLabels.scan(s, from: end + 2, labels: &labels, isLabel: isLabel, cutAtScriptChange: true)
        guard !scan.overlong, !labels.isEmpty else { return nil }
        return (labels, scan.end)
    }

    /// Whether the host continues after OCR's blank: the joined labels validate, and either the
    /// host before the blank is no valid host by itself, or the continuation is one label that is
    /// no English word (`com`), or a path, port, query or fragment follows it (`com/path`).
    static func joins(_ s: [Unicode.Scalar], before: ArraySlice<Range<Int>>, after: [Range<Int>],
                      afterEnd: Int, underscores: Bool) -> Bool {
        let joined = Array(before) + after
        guard HostLabels.isValidDomain(s, labels: joined[...], underscores: underscores) else { return false }
        if !HostLabels.isValidDomain(s, labels: before, underscores: underscores) { return true }
        if after.count == 1, nonWordTopLevelDomains.contains(HostLabels.lowercased(s, after[0])) { return true }
        guard afterEnd + 1 < s.count else { return false }
        let next = s[afterEnd]
        return next == "/" || next == "?" || next == "#" || (next == ":" && s[afterEnd + 1].isASCIIDigit)
    }

    /// The host name the joined labels spell, lower-cased, without the blank.
    static func joinedHost(_ s: [Unicode.Scalar], _ labels: [Range<Int>]) -> String {
        labels.map { HostLabels.lowercased(s, $0) }.joined(separator: ".")
    }
}

/// `first. last@example.org`: a local part split after one of its dots.
///
/// Which reading wins, and why: the blank after a dot is either OCR's (monospace text: the dot's
/// cell is as wide as a letter's, and tesseract takes the gap after it for a space) or a
/// sentence's ("Contact us. sales@example.com"). The text cannot show which, so the case of the
/// two words decides, as in print:
/// - a new sentence starts with a capital or follows a word that ends sentences ("us", "me",
///   "here", "below"...), and an address after a full stop keeps its own case: so a capitalized
///   word before a lower-case local part (`Thanks. bob@`), a lower-case word before a capitalized
///   one (`us. Sales@`), a number or a single letter (list markers: `2. bob@`, `a. bob@`) and a
///   sentence-ending word all read as a sentence, and the address stays as written;
/// - two lower-case words (`first. last@`) or two capitalized ones (`John. Smith@`) read as one
///   address split by OCR, and are joined when the joined local part validates.
/// Two lower-case words stay ambiguous ("we agreed. bob@…" is a sentence): a lower-case pair
/// whose first word ends sentences (`it. support@`) keeps the address as written, any other is
/// joined, and either way the item carries the other reading as `value.alternative`, so that a
/// client can show both. Joining is the default because the two errors differ: a joined address
/// that does not exist bounces, while a shortened one may reach a different person. Line breaks
/// never join: a wrapped line is not OCR's doing.
enum SplitLocalPart {
    enum Reading: Equatable {
        /// The address starts at `start` (the first word); its local part is the two words joined.
        case joined(start: Int, local: String)
        /// As written; `alternative` is the joined local part when the words allow it.
        case asWritten(alternative: String?)
    }

    /// How to read the local part `s[localStart..<at]` given what precedes it.
    static func reading(localStart: Int, at: Int, in s: [Unicode.Scalar]) -> Reading {
        // "<word>. <local>@": exactly one space, a dot glued to the word.
        guard localStart >= 3, s[localStart - 1] == " ", s[localStart - 2] == ".",
              EmailDetector.isLocalScalar(s[localStart - 3]), s[localStart - 3] != "." else {
            return .asWritten(alternative: nil)
        }
        let dot = localStart - 2
        var w = dot
        while w > 0, dot - w < 64, EmailDetector.isLocalScalar(s[w - 1]) { w -= 1 }
        guard w < dot else { return .asWritten(alternative: nil) }
        if w > 0 {
            let before = s[w - 1]
            // Inside another token ("x@y. z@w", "a/b. c@d"), or too long to be a word.
            if EmailDetector.isLocalScalar(before) || before == "@" || before == "\\" || before == "." {
                return .asWritten(alternative: nil)
            }
        }
        let word = Array(s[w..<dot]), local = Array(s[localStart..<at])
        // The joined local part: a dot-atom of at most 64 scalars, no edge or double dot.
        guard word.count + 1 + local.count <= 64, word.first != ".", !containsDoubleDot(word) else {
            return .asWritten(alternative: nil)
        }
        var joined = String.UnicodeScalarView()
        joined.append(contentsOf: word)
        joined.append(".")
        joined.append(contentsOf: local)
        let joinedLocal = String(joined)
        let letters = word.filter(\.isASCIILetter)
        // List markers and numbers ("2. ", "a. ", "iv. ") end nothing: they start an entry.
        guard letters.count >= 2, word.count >= 2 else { return .asWritten(alternative: nil) }
        let wordCapital = isUpper(word[0]), localCapital = isUpper(local[0])
        let wordLower = letters.allSatisfy { !isUpper($0) }
        if wordCapital != localCapital { return .asWritten(alternative: nil) }
        if wordLower, sentenceEndingWords.contains(FlightNumberDetector.lowercased(word[...])) {
            return .asWritten(alternative: joinedLocal)
        }
        return .joined(start: w, local: joinedLocal)
    }

    private static func isUpper(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x80 ? (c.value >= 0x41 && c.value <= 0x5A) : c.properties.isUppercase
    }

    private static func containsDoubleDot(_ word: [Unicode.Scalar]) -> Bool {
        zip(word, word.dropFirst()).contains { $0 == "." && $1 == "." }
    }

    /// Lower-case words that end an English sentence before an address far more often than they
    /// start one ("Write to us. sales@…", "Reply here. help@…"). Our own list.
    static let sentenceEndingWords: Set<String> = [
        "us", "me", "you", "him", "her", "them", "it", "this", "that", "here", "there", "below",
        "above", "now", "today", "tomorrow", "online", "anytime", "directly", "instead", "too",
        "also", "please", "again", "soon", "later", "away", "out", "in", "on", "up", "back", "more",
        "know", "email", "mail", "address", "contact", "questions", "help", "support", "thanks",
        "welcome", "team", "office", "ok", "done", "etc",
    ]
}
