/// A word of up to 12 letters packed into an integer, five bits a letter, case folded: the date
/// scanner looks words up without building Strings.
typealias WordKey = UInt64

enum WordKeys {
    static let maxLetters = 12

    /// The five-bit code of a letter: a-z are 1-26, the accented letters that month names need
    /// (ä, é, û) and French "à" 27-30; any other letter is 31, which no keyword contains. nil: not a letter.
    @inline(__always)
    static func code(_ scalar: Unicode.Scalar) -> UInt64? {
        let v = scalar.value
        if v < 0x80 {
            let lower = v | 0x20
            return lower >= 0x61 && lower <= 0x7A ? UInt64(lower - 0x60) : nil
        }
        switch v {
        case 0xE4, 0xC4: return 27
        case 0xE9, 0xC9: return 28
        case 0xFB, 0xDB: return 29
        case 0xE0, 0xC0: return 30
        default: return scalar.properties.isAlphabetic ? 31 : nil
        }
    }

    static func pack(_ word: String) -> WordKey {
        var key: WordKey = 0
        for scalar in word.unicodeScalars {
            key = key << 5 | (code(scalar) ?? 31)
        }
        return key
    }

    static let a = pack("a"), p = pack("p"), m = pack("m"), am = pack("am"), pm = pack("pm")
    static let h = pack("h"), t = pack("t"), z = pack("z"), o = pack("o"), clock = pack("clock")
    static let uhr = pack("uhr"), s = pack("s")
}

/// The words dates are made of.
enum DateWord: Sendable, Equatable {
    /// 1-12. `ambiguous`: also an everyday word ("may", "march"), so it needs a day and a year
    /// or ordinal to count when written in lower case.
    case month(Int, ambiguous: Bool)
    /// 1 = Sunday ... 7 = Saturday.
    case weekday(Int, abbreviated: Bool)
    case today, tomorrow, yesterday, tonight
    case noon, midnight
    /// next (+1), this/coming (0), last (-1)
    case relativeOrdinal(Int)
    case at, on, inWord, forWord, from, to, and, between, ago, of, the, through
    /// "takes", "lasts": a duration follows.
    case lasting
    case unit(DurationUnit, compact: Bool)
    case ordinalSuffix
    case article, half
    /// German "um", French "à": "at" before a time.
    case atForeign
    /// A time zone abbreviation and its UTC offset in minutes.
    case zone(Int)
    /// "three", "twelve": an amount of a duration ("for three hours").
    case numberWord(Int)

    /// Month names of four letters or fewer that are whole words, not abbreviations: a dot after
    /// them ends a sentence.
    static let wholeShortMonths: Set<WordKey> = Set(["may", "mai", "mayo", "june", "juni", "juin", "july", "juli",
                                                     "mars", "märz", "marz", "août", "aout"].map(WordKeys.pack))

    /// The word for a packed key: an open-addressing table with a multiplicative hash, because
    /// every word of the text is looked up and `Dictionary`'s seeded hashing costs more than
    /// the rest of the scan.
    @inline(__always)
    static func lookup(_ key: WordKey) -> DateWord? {
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54)
        while true {
            let entry = slots[slot]
            if entry.key == key { return entry.word }
            if entry.key == 0 { return nil }
            slot = (slot + 1) & 1023
        }
    }

    private static let slots: [(key: WordKey, word: DateWord?)] = {
        var slots = [(key: WordKey, word: DateWord?)](repeating: (0, nil), count: 1024)
        for (key, word) in table {
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54)
            while slots[slot].key != 0 { slot = (slot + 1) & 1023 }
            slots[slot] = (key, word)
        }
        return slots
    }()

    private static let table: [WordKey: DateWord] = {
        var table: [WordKey: DateWord] = [:]
        func add(_ words: [String], _ value: DateWord) {
            for word in words { table[WordKeys.pack(word)] = value }
        }
        // English, German and French month names with their usual abbreviations; unaccented
        // spellings too because OCR drops accents.
        // Spanish too ("ago", short for agosto, is English "ago" and left out).
        let months: [[String]] = [
            ["january", "jan", "januar", "jänner", "janvier", "janv", "enero", "ene"],
            ["february", "feb", "febr", "februar", "février", "fevrier", "févr", "fevr", "fév", "fev", "febrero"],
            ["march", "mar", "märz", "marz", "mrz", "mär", "mars", "marzo"],
            ["april", "apr", "avril", "avr", "abril", "abr"],
            ["may", "mai", "mayo"],
            ["june", "jun", "juni", "juin", "junio"],
            ["july", "jul", "juli", "juillet", "juil", "julio"],
            ["august", "aug", "août", "aout", "agosto"],
            ["september", "sep", "sept", "septembre", "septiembre", "setiembre"],
            ["october", "oct", "oktober", "okt", "octobre", "octubre"],
            ["november", "nov", "novembre", "noviembre"],
            ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic"],
        ]
        for (index, names) in months.enumerated() {
            add(names, .month(index + 1, ambiguous: false))
        }
        table[WordKeys.pack("may")] = .month(5, ambiguous: true)
        table[WordKeys.pack("march")] = .month(3, ambiguous: true)
        table[WordKeys.pack("mars")] = .month(3, ambiguous: true)

        let weekdays: [([String], [String])] = [
            (["sunday", "sonntag", "dimanche", "domingo"], ["sun"]),
            (["monday", "montag", "lundi", "lunes"], ["mon"]),
            (["tuesday", "dienstag", "mardi", "martes"], ["tue", "tues"]),
            (["wednesday", "mittwoch", "mercredi", "miércoles", "miercoles"], ["wed", "weds"]),
            (["thursday", "donnerstag", "jeudi", "jueves"], ["thu", "thur", "thurs"]),
            (["friday", "freitag", "vendredi", "viernes"], ["fri"]),
            (["saturday", "samstag", "sonnabend", "samedi", "sábado", "sabado"], ["sat"]),
        ]
        for (index, (full, short)) in weekdays.enumerated() {
            add(full, .weekday(index + 1, abbreviated: false))
            add(short, .weekday(index + 1, abbreviated: true))
        }
        add(["today"], .today)
        add(["tomorrow", "tmrw", "tmr"], .tomorrow)
        add(["yesterday"], .yesterday)
        add(["tonight", "tonite"], .tonight)
        add(["noon", "midday"], .noon)
        add(["midnight"], .midnight)
        add(["next"], .relativeOrdinal(1))
        add(["this", "coming"], .relativeOrdinal(0))
        add(["last"], .relativeOrdinal(-1))
        add(["at"], .at)
        add(["on"], .on)
        add(["in"], .inWord)
        add(["for"], .forWord)
        add(["from"], .from)
        add(["to", "until", "till", "til"], .to)
        add(["through", "thru"], .through)
        add(["and"], .and)
        add(["between"], .between)
        add(["ago"], .ago)
        add(["of", "de"], .of)  // "14 de mayo de 2026"
        add(["the"], .the)
        add(["takes", "take", "took", "lasts", "lasted", "lasting"], .lasting)
        add(["st", "nd", "rd", "th", "er"], .ordinalSuffix)
        add(["an", "a"], .article)
        add(["half"], .half)
        let numberWords = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15,
                           "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90]
        for (word, value) in numberWords { table[WordKeys.pack(word)] = .numberWord(value) }
        add(["um", "à"], .atForeign)
        add(["sec", "secs", "second", "seconds"], .unit(.second, compact: false))
        add(["min", "mins", "minute", "minutes"], .unit(.minute, compact: false))
        add(["hr", "hrs", "hour", "hours"], .unit(.hour, compact: false))
        add(["day", "days"], .unit(.day, compact: false))
        add(["wk", "wks", "week", "weeks"], .unit(.week, compact: false))
        add(["month", "months", "mo", "mos"], .unit(.month, compact: false))
        add(["yr", "yrs", "year", "years"], .unit(.year, compact: false))
        add(["h"], .unit(.hour, compact: true))
        add(["m"], .unit(.minute, compact: true))
        add(["d"], .unit(.day, compact: true))
        add(["w"], .unit(.week, compact: true))
        table[WordKeys.s] = .unit(.second, compact: true)
        // Fixed-offset zone abbreviations (North American, European, a few Asian and
        // Australian ones); ambiguous ones such as IST are left out.
        let zones: [(String, Int)] = [
            ("utc", 0), ("gmt", 0), ("est", -300), ("edt", -240), ("cst", -360), ("cdt", -300),
            ("mst", -420), ("mdt", -360), ("pst", -480), ("pdt", -420), ("akst", -540),
            ("akdt", -480), ("hst", -600), ("cet", 60), ("cest", 120), ("mez", 60), ("mesz", 120),
            ("wet", 0), ("west", 60), ("eet", 120), ("eest", 180), ("bst", 60), ("jst", 540),
            ("kst", 540), ("aest", 600), ("aedt", 660), ("nzst", 720), ("nzdt", 780),
        ]
        for (name, minutes) in zones { table[WordKeys.pack(name)] = .zone(minutes) }
        return table
    }()
}

/// The units a duration counts in, largest last.
enum DurationUnit: Int, Sendable, Comparable {
    case second, minute, hour, day, week, month, year

    static func < (a: DurationUnit, b: DurationUnit) -> Bool { a.rawValue < b.rawValue }

    /// Seconds in one unit, for the units of fixed length.
    var seconds: Int? {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        default: nil
        }
    }
}
