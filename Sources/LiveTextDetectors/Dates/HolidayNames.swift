/// The names of holidays as people write them, in the languages livetext reads: the public
/// holidays of the US and the UK, Germany, France, Spain, Portugal, Italy, the Netherlands and
/// Poland, and a few other well-known days. Our own list of facts (which day each is), the names
/// as each country writes them.
///
/// A name is matched on the text's scalars, case and accents folded ("Pâques" and OCR's "Paques"),
/// any run of up to four blanks for a space and either apostrophe for one, so names longer than a
/// `WordKey` ("Hemelvaartsdag", "Wniebowzięcie") and names with punctuation ("Jour de l'an",
/// "Sexta-feira Santa") read alike. Its first letter must be a capital. Names that are everyday
/// words or first names elsewhere ("Natal", "Ascension", "Noël") count only when their language
/// was read.
enum HolidayNames {
    struct Name {
        /// Folded lower-case scalars.
        let folded: [Unicode.Scalar]
        let holiday: Holiday
        /// `DateLanguages` bits; 0: always.
        let languages: UInt8
    }

    /// The longest name at `start` (a capitalized word) that the languages allow, and its end.
    static func match(_ scalars: [Unicode.Scalar], at start: Int, languages: DateLanguages) -> (Holiday, Int)? {
        let key = prefixKey(scalars, start)
        guard mayStart(key), let candidates = byPrefix[key] else { return nil }
        for name in candidates where name.languages == 0 || name.languages & languages.mask != 0 {
            if let end = matches(name.folded, scalars, start) { return (name.holiday, end) }
        }
        return nil
    }

    /// Whether a word of the scan with this prefix key may begin a name: the trigger test.
    @inline(__always)
    static func mayStart(_ key: WordKey) -> Bool {
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
        while true {
            let entry = prefixSlots[slot]
            if entry == key { return true }
            if entry == 0 { return false }
            slot = (slot + 1) & 255
        }
    }

    /// The folded letters a prefix key holds.
    static let prefixLength = 5

    /// The key of the first `prefixLength` letters at `start`, folded.
    static func prefixKey(_ scalars: [Unicode.Scalar], _ start: Int) -> WordKey {
        var key: WordKey = 0
        var i = start
        while i < scalars.count, i - start < prefixLength, let code = WordKeys.foldedCode(scalars[i]) {
            key = key << 5 | code
            i += 1
        }
        return key
    }

    private static func matches(_ name: [Unicode.Scalar], _ scalars: [Unicode.Scalar], _ start: Int) -> Int? {
        var i = start
        for p in name {
            guard i < scalars.count else { return nil }
            let s = scalars[i]
            if p == " " {
                var blanks = 0
                while i < scalars.count, scalars[i] == " " || scalars[i] == "\u{A0}" {
                    blanks += 1
                    i += 1
                }
                guard blanks > 0, blanks <= 4 else { return nil }
                continue
            }
            if p == "'" {
                guard s == "'" || s == "\u{2019}" else { return nil }
            } else if p == "-" {
                guard s == "-" || s == "\u{2010}" || s == "\u{2011}" else { return nil }
            } else if fold(s) != p {
                return nil
            }
            i += 1
        }
        if i < scalars.count, scalars[i].isAlphanumeric { return nil }
        return i
    }

    /// A letter lower-cased and stripped of its accent (the accented letters of the languages read).
    static func fold(_ s: Unicode.Scalar) -> Unicode.Scalar {
        let v = s.value
        if v < 0x80 { return (0x41...0x5A).contains(v) ? Unicode.Scalar(v | 0x20)! : s }
        switch s {
        case "à", "á", "â", "ã", "ä", "å", "ą", "À", "Á", "Â", "Ã", "Ä", "Å", "Ą": return "a"
        case "ç", "ć", "Ç", "Ć": return "c"
        case "è", "é", "ê", "ë", "ę", "È", "É", "Ê", "Ë", "Ę": return "e"
        case "ì", "í", "î", "ï", "Ì", "Í", "Î", "Ï": return "i"
        case "ñ", "ń", "Ñ", "Ń": return "n"
        case "ò", "ó", "ô", "õ", "ö", "Ò", "Ó", "Ô", "Õ", "Ö": return "o"
        case "ù", "ú", "û", "ü", "Ù", "Ú", "Û", "Ü": return "u"
        case "ł", "Ł": return "l"
        case "ś", "Ś": return "s"
        case "ź", "ż", "Ź", "Ż": return "z"
        default: return s
        }
    }

    private static let byPrefix: [WordKey: [Name]] = {
        var table: [WordKey: [Name]] = [:]
        for (text, holiday, languages) in names {
            let folded = text.unicodeScalars.map(fold)
            table[prefixKey(folded, 0), default: []].append(Name(folded: folded, holiday: holiday, languages: languages))
        }
        return table.mapValues { $0.sorted { $0.folded.count > $1.folded.count } }
    }()

    private static let prefixSlots: [WordKey] = {
        var slots = [WordKey](repeating: 0, count: 256)
        for key in byPrefix.keys {
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
            while slots[slot] != 0 { slot = (slot + 1) & 255 }
            slots[slot] = key
        }
        return slots
    }()

    private static func fixed(_ month: Int, _ day: Int) -> Holiday { .fixed(month: month, day: day, shift: 0) }
    private static func easter(_ shift: Int) -> Holiday { .easter(shift: shift) }
    /// The n-th (-1: last) weekday (1 = Sunday) of a month.
    private static func nth(_ ordinal: Int, _ weekday: Int, _ month: Int) -> Holiday {
        .nthWeekday(ordinal: ordinal, weekday: weekday, month: month, shift: 0)
    }

    private static let de = DateLanguages.german, fr = DateLanguages.french, es = DateLanguages.spanish
    private static let pt = DateLanguages.portuguese, it = DateLanguages.italian
    private static let nl = DateLanguages.dutch, pl = DateLanguages.polish

    /// (name, day, languages that must have been read; 0: any).
    private static let names: [(String, Holiday, UInt8)] = [
        // English: the US federal and UK bank holidays, the Christian calendar's, a few others.
        ("New Year's Day", fixed(1, 1), 0), ("New Year's Eve", fixed(12, 31), 0), ("New Year's", fixed(1, 1), 0),
        ("New Year", fixed(1, 1), 0),
        ("Martin Luther King Jr. Day", nth(3, 2, 1), 0), ("Martin Luther King Jr Day", nth(3, 2, 1), 0),
        ("Martin Luther King Day", nth(3, 2, 1), 0), ("MLK Day", nth(3, 2, 1), 0),
        ("Washington's Birthday", nth(3, 2, 2), 0), ("Presidents' Day", nth(3, 2, 2), 0),
        ("Presidents Day", nth(3, 2, 2), 0), ("President's Day", nth(3, 2, 2), 0),
        ("Memorial Day", nth(-1, 2, 5), 0),
        ("Juneteenth National Independence Day", fixed(6, 19), 0), ("Juneteenth", fixed(6, 19), 0),
        ("Independence Day", fixed(7, 4), 0), ("Fourth of July", fixed(7, 4), 0),
        ("Labor Day", nth(1, 2, 9), 0), ("Columbus Day", nth(2, 2, 10), 0),
        ("Indigenous Peoples' Day", nth(2, 2, 10), 0), ("Veterans Day", fixed(11, 11), 0),
        ("Veterans' Day", fixed(11, 11), 0), ("Thanksgiving Day", nth(4, 5, 11), 0), ("Thanksgiving", nth(4, 5, 11), 0),
        ("Christmas Day", fixed(12, 25), 0), ("Christmas Eve", fixed(12, 24), 0), ("Christmas", fixed(12, 25), 0),
        ("Xmas", fixed(12, 25), 0), ("Boxing Day", fixed(12, 26), 0),
        ("Good Friday", easter(-2), 0), ("Holy Saturday", easter(-1), 0), ("Maundy Thursday", easter(-3), 0),
        ("Palm Sunday", easter(-7), 0), ("Ash Wednesday", easter(-46), 0), ("Easter Sunday", easter(0), 0),
        ("Easter Monday", easter(1), 0), ("Easter", easter(0), 0), ("Ascension Day", easter(39), 0),
        ("Whit Sunday", easter(49), 0), ("Whit Monday", easter(50), 0), ("Whitsun", easter(49), 0),
        ("Pentecost Monday", easter(50), 0), ("Pentecost", easter(49), 0), ("Corpus Christi", easter(60), 0),
        ("Early May Bank Holiday", nth(1, 2, 5), 0), ("May Day Bank Holiday", nth(1, 2, 5), 0),
        ("May Day", fixed(5, 1), 0), ("Spring Bank Holiday", nth(-1, 2, 5), 0),
        ("Late Summer Bank Holiday", nth(-1, 2, 8), 0), ("Summer Bank Holiday", nth(-1, 2, 8), 0),
        ("Halloween", fixed(10, 31), 0), ("Valentine's Day", fixed(2, 14), 0), ("St. Patrick's Day", fixed(3, 17), 0),
        ("St Patrick's Day", fixed(3, 17), 0), ("Mother's Day", nth(2, 1, 5), 0), ("Father's Day", nth(3, 1, 6), 0),
        ("Epiphany", fixed(1, 6), 0), ("All Saints' Day", fixed(11, 1), 0), ("All Saints Day", fixed(11, 1), 0),
        ("Assumption Day", fixed(8, 15), 0), ("Immaculate Conception", fixed(12, 8), 0),
        // German
        ("Neujahr", fixed(1, 1), 0), ("Neujahrstag", fixed(1, 1), 0), ("Heilige Drei Könige", fixed(1, 6), 0),
        ("Karfreitag", easter(-2), 0), ("Gründonnerstag", easter(-3), 0), ("Ostersonntag", easter(0), 0),
        ("Ostermontag", easter(1), 0), ("Ostern", easter(0), 0), ("Tag der Arbeit", fixed(5, 1), de),
        ("Erster Mai", fixed(5, 1), 0), ("Christi Himmelfahrt", easter(39), 0), ("Pfingstsonntag", easter(49), 0),
        ("Pfingstmontag", easter(50), 0), ("Pfingsten", easter(49), 0), ("Fronleichnam", easter(60), 0),
        ("Mariä Himmelfahrt", fixed(8, 15), 0), ("Tag der Deutschen Einheit", fixed(10, 3), 0),
        ("Reformationstag", fixed(10, 31), 0), ("Allerheiligen", fixed(11, 1), 0), ("Heiligabend", fixed(12, 24), 0),
        ("Weihnachten", fixed(12, 25), 0), ("Erster Weihnachtstag", fixed(12, 25), 0),
        ("Zweiter Weihnachtstag", fixed(12, 26), 0), ("Erster Weihnachtsfeiertag", fixed(12, 25), 0),
        ("Zweiter Weihnachtsfeiertag", fixed(12, 26), 0), ("Stephanstag", fixed(12, 26), 0),
        ("Silvester", fixed(12, 31), 0),
        // French
        ("Jour de l'an", fixed(1, 1), 0), ("Nouvel An", fixed(1, 1), 0), ("Lundi de Pâques", easter(1), 0),
        ("Pâques", easter(0), fr), ("Fête du Travail", fixed(5, 1), 0), ("Fête de la Victoire", fixed(5, 8), 0),
        ("Jeudi de l'Ascension", easter(39), 0), ("Ascension", easter(39), fr), ("Lundi de Pentecôte", easter(50), 0),
        ("Pentecôte", easter(49), fr), ("Fête nationale", fixed(7, 14), fr), ("Quatorze Juillet", fixed(7, 14), 0),
        ("Assomption", fixed(8, 15), fr), ("Toussaint", fixed(11, 1), 0), ("Armistice", fixed(11, 11), fr),
        ("Noël", fixed(12, 25), fr), ("Saint-Sylvestre", fixed(12, 31), 0),
        // Spanish
        ("Año Nuevo", fixed(1, 1), 0), ("Epifanía del Señor", fixed(1, 6), 0), ("Día de Reyes", fixed(1, 6), 0),
        ("Jueves Santo", easter(-3), 0), ("Viernes Santo", easter(-2), 0), ("Lunes de Pascua", easter(1), 0),
        ("Domingo de Resurrección", easter(0), 0), ("Pascua", easter(0), es), ("Fiesta del Trabajo", fixed(5, 1), 0),
        ("Día del Trabajo", fixed(5, 1), 0), ("Día del Trabajador", fixed(5, 1), 0),
        ("Asunción de la Virgen", fixed(8, 15), 0), ("Fiesta Nacional de España", fixed(10, 12), 0),
        ("Día de la Hispanidad", fixed(10, 12), 0), ("Todos los Santos", fixed(11, 1), 0),
        ("Día de la Constitución Española", fixed(12, 6), 0), ("Día de la Constitución", fixed(12, 6), es),
        ("Inmaculada Concepción", fixed(12, 8), 0), ("Natividad del Señor", fixed(12, 25), 0),
        ("Navidad", fixed(12, 25), 0), ("Nochebuena", fixed(12, 24), 0), ("Nochevieja", fixed(12, 31), 0),
        // Portuguese
        ("Ano Novo", fixed(1, 1), 0), ("Sexta-feira Santa", easter(-2), 0), ("Domingo de Páscoa", easter(0), 0),
        ("Páscoa", easter(0), pt), ("Carnaval", easter(-47), pt), ("Dia da Liberdade", fixed(4, 25), 0),
        ("Dia do Trabalhador", fixed(5, 1), 0), ("Dia do Trabalho", fixed(5, 1), 0), ("Corpo de Deus", easter(60), 0),
        ("Dia de Portugal, de Camões e das Comunidades Portuguesas", fixed(6, 10), 0),
        ("Dia de Portugal", fixed(6, 10), 0), ("Assunção de Nossa Senhora", fixed(8, 15), 0),
        ("Implantação da República", fixed(10, 5), 0), ("Dia de Todos os Santos", fixed(11, 1), 0),
        ("Restauração da Independência", fixed(12, 1), 0), ("Imaculada Conceição", fixed(12, 8), 0),
        ("Dia de Natal", fixed(12, 25), 0), ("Natal", fixed(12, 25), pt), ("Véspera de Natal", fixed(12, 24), 0),
        // Italian
        ("Capodanno", fixed(1, 1), 0), ("Epifania", fixed(1, 6), it), ("Pasqua", easter(0), it),
        ("Lunedì dell'Angelo", easter(1), 0), ("Pasquetta", easter(1), 0),
        ("Anniversario della Liberazione", fixed(4, 25), 0), ("Festa della Liberazione", fixed(4, 25), 0),
        ("Festa del Lavoro", fixed(5, 1), 0), ("Festa dei Lavoratori", fixed(5, 1), 0),
        ("Festa della Repubblica", fixed(6, 2), 0), ("Assunzione della Beata Vergine Maria", fixed(8, 15), 0),
        ("Ferragosto", fixed(8, 15), 0),
        ("Festa nazionale di San Francesco d'Assisi, patrono d'Italia", fixed(10, 4), 0),
        ("Festa nazionale di San Francesco d'Assisi", fixed(10, 4), 0), ("San Francesco d'Assisi", fixed(10, 4), it),
        ("Ognissanti", fixed(11, 1), 0), ("Immacolata Concezione", fixed(12, 8), 0), ("Natale", fixed(12, 25), it),
        ("Santo Stefano", fixed(12, 26), it), ("Vigilia di Natale", fixed(12, 24), 0),
        // Dutch
        ("Nieuwjaarsdag", fixed(1, 1), 0), ("Goede vrijdag", easter(-2), 0), ("Eerste paasdag", easter(0), 0),
        ("Tweede paasdag", easter(1), 0), ("Pasen", easter(0), nl), ("Koningsdag", fixed(4, 27), 0),
        ("Bevrijdingsdag", fixed(5, 5), 0), ("Hemelvaartsdag", easter(39), 0), ("Eerste pinksterdag", easter(49), 0),
        ("Tweede pinksterdag", easter(50), 0), ("Pinksteren", easter(49), 0), ("Eerste kerstdag", fixed(12, 25), 0),
        ("Tweede kerstdag", fixed(12, 26), 0), ("Kerstmis", fixed(12, 25), 0), ("Kerstavond", fixed(12, 24), 0),
        ("Oudejaarsavond", fixed(12, 31), 0), ("Oudejaarsdag", fixed(12, 31), 0),
        // Polish
        ("Nowy Rok", fixed(1, 1), 0), ("Święto Trzech Króli", fixed(1, 6), 0), ("Trzech Króli", fixed(1, 6), pl),
        ("Niedziela Wielkanocna", easter(0), 0), ("Poniedziałek Wielkanocny", easter(1), 0),
        ("Wielkanoc", easter(0), 0), ("Wielki Piątek", easter(-2), 0), ("Święto Pracy", fixed(5, 1), 0),
        ("Święto Państwowe", fixed(5, 1), pl), ("Święto Narodowe Trzeciego Maja", fixed(5, 3), 0),
        ("Święto Konstytucji 3 Maja", fixed(5, 3), 0), ("Zielone Świątki", easter(49), 0),
        ("Dzień Bożego Ciała", easter(60), 0), ("Boże Ciało", easter(60), 0),
        ("Wniebowzięcie Najświętszej Marii Panny", fixed(8, 15), 0),
        ("Uroczystość Wszystkich Świętych", fixed(11, 1), 0), ("Wszystkich Świętych", fixed(11, 1), 0),
        ("Narodowe Święto Niepodległości", fixed(11, 11), 0), ("Święto Niepodległości", fixed(11, 11), 0),
        ("Wigilia Bożego Narodzenia", fixed(12, 24), 0), ("Wigilia", fixed(12, 24), pl),
        ("Boże Narodzenie (pierwszy dzień)", fixed(12, 25), 0), ("Boże Narodzenie (drugi dzień)", fixed(12, 26), 0),
        ("Boże Narodzenie", fixed(12, 25), 0), ("Sylwester", fixed(12, 31), pl),
    ]
}
