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

    /// The code of a letter with its accent stripped and its case folded (`HolidayNames.fold`):
    /// "Pâques" and "Paques" get one key. nil: not a letter.
    @inline(__always)
    static func foldedCode(_ scalar: Unicode.Scalar) -> UInt64? {
        if scalar.value < 0x80 { return code(scalar) }
        let folded = HolidayNames.fold(scalar).value
        if folded < 0x80 { return UInt64(folded - 0x60) }
        return scalar.properties.isAlphabetic ? 31 : nil
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
    static let uhr = pack("uhr"), s = pack("s"), las = pack("las"), la = pack("la")
    static let il = pack("il"), y = pack("y"), now = pack("now")
    static let business = pack("business"), working = pack("working")
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
    /// "first", "third", "fourth", "fifth" ("second" is a unit): the n-th weekday of a month.
    case ordinalWord(Int)
    /// A word saying "ago" before the amount: German "vor", Spanish "hace", Portuguese "há",
    /// French "il" (of "il y a").
    case agoBefore
    /// A day some days from today in one word: "übermorgen" (2), "vorgestern" (-2).
    case dayOffset(Int)
    /// "beginning", "start" (false), "end" (true): "the end of next month".
    case boundary(end: Bool)
    /// "early" (false), "late" (true): "early in the morning", "late afternoon".
    case earlyLate(late: Bool)
    /// A part of the day: morning, afternoon, evening, night (`PartOfDay`).
    case partOfDay(PartOfDay)
    /// A season by the month it starts in (meteorological, northern hemisphere): spring 3,
    /// summer 6, autumn 9, winter 12.
    case season(Int)
    /// "3 days before Christmas", "the week after next".
    case before, after

    /// Month names of four letters or fewer that are whole words, not abbreviations: a dot after
    /// them ends a sentence.
    static let wholeShortMonths: Set<WordKey> = Set(["may", "mai", "mayo", "june", "juni", "juin", "july", "juli",
                                                     "mars", "märz", "marz", "août", "aout", "maio", "mei", "maj", "maja",
                                                     "luty"].map(WordKeys.pack))

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
            ["january", "jan", "januar", "jänner", "janvier", "janv", "enero", "ene",
             "janeiro", "gennaio", "januari", "styczeń", "styczen", "stycznia"],
            ["february", "feb", "febr", "februar", "février", "fevrier", "févr", "fevr", "fév", "fev", "febrero",
             "fevereiro", "febbraio", "februari", "luty", "lutego"],
            ["march", "mar", "märz", "marz", "mrz", "mär", "mars", "marzo", "março", "marco", "maart", "mrt",
             "marzec", "marca"],
            ["april", "apr", "avril", "avr", "abril", "abr", "aprile", "kwiecień", "kwiecien", "kwietnia"],
            ["may", "mai", "mayo", "maio", "maggio", "mei", "maj", "maja"],
            ["june", "jun", "juni", "juin", "junio", "junho", "giugno", "czerwiec", "czerwca"],
            ["july", "jul", "juli", "juillet", "juil", "julio", "julho", "luglio", "lipiec", "lipca"],
            ["august", "aug", "août", "aout", "agosto", "augustus", "sierpień", "sierpien", "sierpnia"],
            ["september", "sep", "sept", "septembre", "septiembre", "setiembre", "setembro", "settembre",
             "wrzesień", "wrzesien", "września", "wrzesnia"],
            ["october", "oct", "oktober", "okt", "octobre", "octubre", "outubro", "ottobre", "październik",
             "pazdziernik", "października", "pazdziernika"],
            ["november", "nov", "novembre", "noviembre", "novembro", "listopad", "listopada"],
            ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic",
             "dezembro", "dicembre", "grudzień", "grudzien", "grudnia"],
        ]
        for (index, names) in months.enumerated() {
            add(names, .month(index + 1, ambiguous: false))
        }
        table[WordKeys.pack("may")] = .month(5, ambiguous: true)
        table[WordKeys.pack("march")] = .month(3, ambiguous: true)
        table[WordKeys.pack("mars")] = .month(3, ambiguous: true)

        let weekdays: [([String], [String])] = [
            (["sunday", "sonntag", "dimanche", "domingo", "domenica", "zondag", "niedziela", "niedzielę"], ["sun"]),
            (["monday", "montag", "lundi", "lunes", "lunedì", "lunedi", "maandag", "poniedziałek", "poniedzialek"],
             ["mon"]),
            (["tuesday", "dienstag", "mardi", "martes", "martedì", "martedi", "dinsdag", "wtorek"], ["tue", "tues"]),
            (["wednesday", "mittwoch", "mercredi", "miércoles", "miercoles", "mercoledì", "mercoledi", "woensdag",
              "środa", "środę", "sroda"], ["wed", "weds"]),
            (["thursday", "donnerstag", "jeudi", "jueves", "giovedì", "giovedi", "donderdag", "czwartek"],
             ["thu", "thur", "thurs"]),
            (["friday", "freitag", "vendredi", "viernes", "venerdì", "venerdi", "vrijdag", "piątek", "piatek"],
             ["fri"]),
            (["saturday", "samstag", "sonnabend", "samedi", "sábado", "sabado", "zaterdag", "sobota", "sobotę"],
             ["sat"]),
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
                           "thirteen": 13, "fourteen": 14, "sixteen": 16, "seventeen": 17, "eighteen": 18,
                           "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
                           "seventy": 70, "eighty": 80, "ninety": 90]
        for (word, value) in numberWords { table[WordKeys.pack(word)] = .numberWord(value) }
        add(["um", "à"], .atForeign)
        for (word, n) in [("first", 1), ("third", 3), ("fourth", 4), ("fifth", 5)] { table[WordKeys.pack(word)] = .ordinalWord(n) }
        add(["beginning", "start"], .boundary(end: false))
        add(["end"], .boundary(end: true))
        add(["early"], .earlyLate(late: false))
        add(["late"], .earlyLate(late: true))
        add(["morning"], .partOfDay(.morning))
        add(["afternoon"], .partOfDay(.afternoon))
        add(["evening"], .partOfDay(.evening))
        add(["night"], .partOfDay(.night))
        add(["spring"], .season(3))
        add(["summer"], .season(6))
        add(["autumn", "fall"], .season(9))
        add(["winter"], .season(12))
        add(["weekday", "weekdays", "workday", "workdays"], .unit(.businessDay, compact: false))
        add(["before"], .before)
        add(["after"], .after)
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

/// A part of the day and the hours it spans (its end on the next day's clock when 0).
enum PartOfDay: Sendable, Equatable {
    case morning, afternoon, evening, night

    /// The hours from and to; `early` and `late` take its first or last part.
    func hours(late: Bool?) -> (from: Int, to: Int) {
        let (from, to): (Int, Int)
        switch self {
        case .morning: (from, to) = (6, 12)
        case .afternoon: (from, to) = (12, 18)
        case .evening: (from, to) = (18, 22)
        case .night: (from, to) = (21, 24)
        }
        switch late {
        case nil: return (from, to % 24)
        case false?: return (from, from + (to - from) / 2)
        case true?: return (from + (to - from) / 2, to % 24)
        }
    }
}

/// The units a duration counts in, largest last.
enum DurationUnit: Int, Sendable, Comparable {
    /// `businessDay`: Monday to Friday ("5 business days", "3 weekdays from now").
    case second, minute, hour, day, businessDay, week, month, year

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
