/// One token of a date expression: a number, a word or a single symbol.
struct DateToken {
    enum Kind { case number, word, symbol }
    enum Gap { case none, space, lineBreak }

    var kind: Kind
    var start: Int
    var end: Int
    /// Number: its value (digits beyond nine are not counted). Symbol: the scalar's value.
    var value: Int = 0
    /// Number: its digit count. Word: its letter count.
    var length: Int = 0
    /// Word: the packed lower-case letters, 0 when longer than `WordKeys.maxLetters`.
    var key: WordKey = 0
    var word: DateWord?
    /// Number read through OCR folding ("l0" → 10, "2O26" → 2026).
    var folded = false
    /// Word whose first letter is upper case.
    var capitalized = false
    /// What lies between this token and the one before.
    var gap: Gap = .none

    func isSymbol(_ scalar: Unicode.Scalar) -> Bool { kind == .symbol && value == Int(scalar.value) }
    var isDash: Bool { kind == .symbol && (value == 0x2D || value == 0x2013 || value == 0x2014 || value == 0x2212) }
    /// A plain number of at most `digits` digits, not folded.
    func isNumber(maxDigits: Int) -> Bool { kind == .number && length <= maxDigits && !folded }
}

/// Reads date tokens out of scanned text on demand.
///
/// Every read is bounded: a number stops counting after 12 digits, a word after 13 letters, and
/// at most four blanks are skipped between tokens. So a parse attempt costs a constant number of
/// scalars however hostile the text (a megabyte of digits, of spaces, of one long word).
struct DateTokenReader {
    let scalars: [Unicode.Scalar]
    /// The languages read whose own date words count (`DateLanguages`).
    var languages: DateLanguages = .none

    private static let maxBlanks = 4
    private static let maxRun = 13

    /// The token after the scalar offset `position`, skipping a few blanks; nil at the end of
    /// text or after too many blanks.
    func next(_ position: Int) -> DateToken? {
        var i = position
        var gap = DateToken.Gap.none
        var blanks = 0
        while i < scalars.count, scalars[i].isSpaceOrLineBreak {
            if scalars[i].isLineBreak { gap = .lineBreak } else if gap == .none { gap = .space }
            blanks += 1
            i += 1
            if blanks > Self.maxBlanks { return nil }
        }
        guard i < scalars.count else { return nil }
        var token = token(at: i)
        token.gap = gap
        return token
    }

    /// The token starting at `start`, which is not a blank.
    func token(at start: Int) -> DateToken {
        let first = scalars[start]
        guard first.isAlphanumeric else {
            return DateToken(kind: .symbol, start: start, end: start + 1, value: Int(first.value))
        }
        // Classify the alphanumeric run (bounded) for OCR folding before splitting it.
        var runEnd = start
        var digits = 0, foldLetters = 0, otherLetters = 0, letterDigits = 0
        while runEnd < scalars.count, runEnd - start < Self.maxRun, scalars[runEnd].isAlphanumeric {
            let s = scalars[runEnd]
            if s.isASCIIDigit {
                digits += 1
                if s == "0" || s == "1" { letterDigits += 1 }
            } else if s == "O" || s == "o" || s == "l" || s == "I" {
                foldLetters += 1
            } else {
                otherLetters += 1
            }
            runEnd += 1
        }
        let runLength = runEnd - start
        let runIsWhole = runEnd >= scalars.count || !scalars[runEnd].isAlphanumeric
        // "l3th", "I2th", "2Ond": a day with OCR's letters before its ordinal suffix.
        if runIsWhole, runLength == 4 || runLength == 3, let number = foldedOrdinal(start, runEnd) { return number }
        if runIsWhole, digits > 0, foldLetters > 0, otherLetters == 0, runLength <= 4, foldLetters <= digits {
            var value = 0
            for k in start..<runEnd { value = value * 10 + (OCRConfusion.digit(for: scalars[k]) ?? 0) }
            return DateToken(kind: .number, start: start, end: runEnd, value: value, length: runLength,
                             folded: true)
        }
        if runIsWhole, digits > 0, digits == letterDigits, digits <= 2, foldLetters + otherLetters >= 2,
           let word = foldedMonthOrWeekday(start..<runEnd) {
            return word
        }
        if first.isASCIIDigit {
            var i = start, value = 0
            while i < scalars.count, scalars[i].isASCIIDigit {
                if i - start < 9 { value = value * 10 + Int(scalars[i].value - 0x30) }
                i += 1
                if i - start >= Self.maxRun { break }
            }
            return DateToken(kind: .number, start: start, end: i, value: value, length: i - start)
        }
        var i = start
        var key: WordKey = 0
        while i < scalars.count, !scalars[i].isASCIIDigit, let code = WordKeys.code(scalars[i]) {
            key = key << 5 | code
            i += 1
            if i - start > WordKeys.maxLetters { key = 0 }
            if i - start >= Self.maxRun { break }
        }
        if i == start { i += 1 }  // a letter the key table does not know (a combining mark)
        var token = DateToken(kind: .word, start: start, end: i, length: i - start, key: key)
        token.capitalized = first.value < 0x80 ? (0x41...0x5A).contains(first.value) : first.properties.isUppercase
        if key != 0 {
            let english = DateWord.lookup(key)
            token.word = english ?? languageWord(key, token)
            // German "Mo" is Monday where English "mo" is a month: a capitalized short weekday of
            // a language read wins over an English unit.
            if case .unit? = english, token.capitalized, let word = languages.lookup(key), case .weekday = word {
                token.word = word
            }
        }
        return token
    }

    /// The day of `start..<end` when it is one or two digits or OCR's letters for them (at least
    /// one real digit and one letter) and an ordinal suffix: the number token, the suffix left
    /// for the next read.
    private func foldedOrdinal(_ start: Int, _ end: Int) -> DateToken? {
        let suffix = (scalars[end - 2].asciiLowercased, scalars[end - 1].asciiLowercased)
        guard suffix == ("s", "t") || suffix == ("n", "d") || suffix == ("r", "d") || suffix == ("t", "h") else { return nil }
        var value = 0, digits = 0, letters = 0
        for k in start..<(end - 2) {
            if let d = scalars[k].asciiDigitValue {
                digits += 1
                value = value * 10 + d
            } else if scalars[k] == "O" || scalars[k] == "o" || scalars[k] == "l" || scalars[k] == "I" {
                letters += 1
                value = value * 10 + (scalars[k] == "O" || scalars[k] == "o" ? 0 : 1)
            } else {
                return nil
            }
        }
        guard digits >= 1, letters >= 1 else { return nil }
        return DateToken(kind: .number, start: start, end: end - 2, value: value, length: end - 2 - start, folded: true)
    }

    /// A word of the languages read, except where it is the homonym: German "Morgen" with a
    /// capital is the morning ("Guten Morgen"), Spanish "la mañana" too ("las 9 de la mañana").
    private func languageWord(_ key: WordKey, _ token: DateToken) -> DateWord? {
        guard let word = languages.lookup(key) else { return nil }
        if word == .tomorrow {
            if token.capitalized, key == Self.morgen { return nil }
            if key == Self.manana || key == Self.mananaPlain, token.start >= 3, scalars[token.start - 1] == " ",
               scalars[token.start - 2].asciiLowercased == "a", scalars[token.start - 3].asciiLowercased == "l" {
                return nil
            }
        }
        return word
    }

    private static let morgen = WordKeys.pack("morgen"), manana = WordKeys.pack("mañana"),
                       mananaPlain = WordKeys.pack("manana")

    /// "0ct", "N0v", "Ju1y": a month or weekday name with O or l read as a digit.
    private func foldedMonthOrWeekday(_ range: Range<Int>) -> DateToken? {
        for one in ["l", "i"] as [Unicode.Scalar] {
            var key: WordKey = 0
            for k in range {
                let s = scalars[k]
                let letter: Unicode.Scalar = s == "0" ? "o" : s == "1" ? one : s
                guard let code = WordKeys.code(letter) else { return nil }
                key = key << 5 | code
            }
            switch DateWord.lookup(key) {
            case .month(let month, _)?:
                var token = DateToken(kind: .word, start: range.lowerBound, end: range.upperBound,
                                      length: range.count, key: key)
                token.word = .month(month, ambiguous: false)
                token.capitalized = true
                return token
            case .weekday(let day, let abbreviated)?:
                var token = DateToken(kind: .word, start: range.lowerBound, end: range.upperBound,
                                      length: range.count, key: key)
                token.word = .weekday(day, abbreviated: abbreviated)
                token.capitalized = true
                return token
            default:
                continue
            }
        }
        return nil
    }
}
