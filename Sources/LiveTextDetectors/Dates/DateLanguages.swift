/// Date words of German, French, Spanish, Portuguese, Italian, Dutch and Polish that count only
/// when that language was read.
///
/// The month and weekday names of the three languages are always known (`DateWord.table`): they
/// are no English words, and a German date in an English mail is still a date. The words here
/// are the ones that are English words or parts of English text, or that would make numbers
/// into dates: "bis", "du", "al", "el", "le", "den" (connectors and articles), "heute", "demain",
/// "hoy" (relative days), "Mo", "Do", "Sa" (short weekdays), "Tag", "mes", "semana" (units). On
/// English text they stay off, so its precision does not move; on a page read as German they
/// read "vom 3. bis 5. März", "Montag, den 3. März", "heute um 14 Uhr", "nächsten Freitag".
struct DateLanguages: Sendable, Equatable {
    /// One bit per language: German 1, French 2, Spanish 4, Portuguese 8, Italian 16, Dutch 32,
    /// Polish 64.
    let mask: UInt8

    static let none = DateLanguages(mask: 0)

    /// From tesseract's names (`deu`, `fra`, `spa`, `por`, `ita`, `nld`, `pol`); other languages
    /// add nothing.
    init(_ languages: Set<String>) {
        var mask: UInt8 = 0
        if languages.contains("deu") { mask |= Self.german }
        if languages.contains("fra") { mask |= Self.french }
        if languages.contains("spa") { mask |= Self.spanish }
        if languages.contains("por") { mask |= Self.portuguese }
        if languages.contains("ita") { mask |= Self.italian }
        if languages.contains("nld") { mask |= Self.dutch }
        if languages.contains("pol") { mask |= Self.polish }
        self.mask = mask
    }

    private init(mask: UInt8) { self.mask = mask }

    var isEmpty: Bool { mask == 0 }

    /// The word `key` means in one of these languages, if any (the first language's meaning
    /// when two read it differently: "do" is Thursday in German, "to" in Polish).
    @inline(__always)
    func lookup(_ key: WordKey) -> DateWord? {
        guard mask != 0, let entries = Self.table[key] else { return nil }
        for entry in entries where entry.languages & mask != 0 { return entry.word }
        return nil
    }

    static let german: UInt8 = 1, french: UInt8 = 2, spanish: UInt8 = 4
    static let portuguese: UInt8 = 8, italian: UInt8 = 16, dutch: UInt8 = 32, polish: UInt8 = 64

    /// Our own lists, from the languages' grammar (Duden, Le Bon Usage and the RAE's conventions
    /// for writing dates, and the usual forms of Portuguese, Italian, Dutch and Polish), unaccented
    /// spellings beside accented ones since OCR drops accents.
    private static let table: [WordKey: [(word: DateWord, languages: UInt8)]] = {
        var table: [WordKey: [(word: DateWord, languages: UInt8)]] = [:]
        func add(_ words: [String], _ word: DateWord, _ languages: UInt8) {
            for w in words {
                let key = WordKeys.pack(w)
                var entries = table[key] ?? []
                if let index = entries.firstIndex(where: { $0.word == word }) {
                    entries[index].languages |= languages
                } else {
                    entries.append((word, languages))
                }
                table[key] = entries
            }
        }
        // German
        add(["heute"], .today, german)
        add(["morgen"], .tomorrow, german)
        add(["gestern"], .yesterday, german)
        add(["nächsten", "nächste", "nächster", "nachsten", "nachste", "kommenden", "kommende"], .relativeOrdinal(1), german)
        add(["diesen", "diese", "dieser"], .relativeOrdinal(0), german)
        add(["letzten", "letzte", "letzter", "vergangenen"], .relativeOrdinal(-1), german)
        add(["vom", "von"], .from, german)
        add(["bis"], .to, german)
        add(["zwischen"], .between, german)
        add(["und"], .and, german)
        add(["den"], .the, german)
        add(["mittag"], .noon, german)
        add(["mitternacht"], .midnight, german)
        for (index, short) in ["so", "mo", "di", "mi", "do", "fr", "sa"].enumerated() {
            add([short], .weekday(index + 1, abbreviated: true), german)
        }
        add(["stunde", "stunden", "std"], .unit(.hour, compact: false), german)
        add(["minuten"], .unit(.minute, compact: false), german)
        add(["sekunden"], .unit(.second, compact: false), german)
        add(["tag", "tage", "tagen"], .unit(.day, compact: false), german)
        add(["woche", "wochen"], .unit(.week, compact: false), german)
        add(["monat", "monate", "monaten"], .unit(.month, compact: false), german)
        add(["jahr", "jahre", "jahren"], .unit(.year, compact: false), german)
        // French
        add(["demain"], .tomorrow, french)
        add(["hier"], .yesterday, french)
        add(["du"], .from, french)
        add(["au"], .to, french)
        add(["entre"], .between, french | spanish)
        add(["et"], .and, french)
        add(["le"], .the, french)
        add(["midi"], .noon, french)
        add(["minuit"], .midnight, french)
        // "mar." is March too: Tuesday's short form is left out in both languages.
        add(["lun"], .weekday(2, abbreviated: true), french | spanish)
        add(["mer"], .weekday(4, abbreviated: true), french)
        add(["jeu"], .weekday(5, abbreviated: true), french)
        add(["ven"], .weekday(6, abbreviated: true), french)
        add(["sam"], .weekday(7, abbreviated: true), french)
        add(["dim"], .weekday(1, abbreviated: true), french)
        add(["heure", "heures"], .unit(.hour, compact: false), french)
        add(["jour", "jours"], .unit(.day, compact: false), french)
        add(["semaine", "semaines"], .unit(.week, compact: false), french)
        add(["mois"], .unit(.month, compact: false), french)
        add(["année", "années", "annee", "annees", "ans"], .unit(.year, compact: false), french)
        // Spanish
        add(["hoy"], .today, spanish)
        add(["mañana", "manana"], .tomorrow, spanish)
        add(["ayer"], .yesterday, spanish)
        add(["próximo", "próxima", "proximo", "proxima"], .relativeOrdinal(1), spanish)
        add(["este", "esta"], .relativeOrdinal(0), spanish)
        add(["del", "desde"], .from, spanish)
        add(["al", "hasta"], .to, spanish)
        add(["y"], .and, spanish)
        add(["el"], .the, spanish)
        add(["mediodía", "mediodia"], .noon, spanish)
        add(["medianoche"], .midnight, spanish)
        add(["mié", "mie"], .weekday(4, abbreviated: true), spanish)
        add(["jue"], .weekday(5, abbreviated: true), spanish)
        add(["vie"], .weekday(6, abbreviated: true), spanish)
        add(["sáb", "sab"], .weekday(7, abbreviated: true), spanish)
        add(["dom"], .weekday(1, abbreviated: true), spanish)
        add(["hora", "horas"], .unit(.hour, compact: false), spanish)
        add(["minuto", "minutos"], .unit(.minute, compact: false), spanish)
        add(["día", "días", "dia", "dias"], .unit(.day, compact: false), spanish)
        add(["semana", "semanas"], .unit(.week, compact: false), spanish)
        add(["mes", "meses"], .unit(.month, compact: false), spanish)
        add(["año", "años", "ano", "anos"], .unit(.year, compact: false), spanish)
        add(["hace"], .agoBefore, spanish)
        add(["dentro"], .inWord, spanish | portuguese)
        add(["anteayer"], .dayOffset(-2), spanish)
        // German and French relative words
        add(["vor"], .agoBefore, german)
        add(["übermorgen", "ubermorgen"], .dayOffset(2), german)
        add(["vorgestern"], .dayOffset(-2), german)
        add(["minute"], .unit(.minute, compact: false), german)
        add(["sekunde"], .unit(.second, compact: false), german)
        add(["il"], .agoBefore, french)
        add(["dans"], .inWord, french)
        add(["prochain", "prochaine"], .relativeOrdinal(1), french)
        // Portuguese
        add(["hoje"], .today, portuguese)
        add(["amanhã", "amanha"], .tomorrow, portuguese)
        add(["ontem"], .yesterday, portuguese)
        add(["há", "ha"], .agoBefore, portuguese)
        add(["daqui"], .inWord, portuguese)
        add(["próximo", "próxima", "proximo", "proxima"], .relativeOrdinal(1), portuguese)
        add(["este", "esta"], .relativeOrdinal(0), portuguese)
        add(["segunda"], .weekday(2, abbreviated: false), portuguese)
        add(["terça", "terca"], .weekday(3, abbreviated: false), portuguese)
        add(["quarta"], .weekday(4, abbreviated: false), portuguese)
        add(["quinta"], .weekday(5, abbreviated: false), portuguese)
        add(["sexta"], .weekday(6, abbreviated: false), portuguese)
        add(["set"], .month(9, ambiguous: false), portuguese | italian)
        add(["out"], .month(10, ambiguous: false), portuguese)
        add(["hora", "horas"], .unit(.hour, compact: false), portuguese)
        add(["minuto", "minutos"], .unit(.minute, compact: false), portuguese | italian)
        add(["dia", "dias"], .unit(.day, compact: false), portuguese)
        add(["semana", "semanas"], .unit(.week, compact: false), portuguese)
        add(["mês", "mes", "meses"], .unit(.month, compact: false), portuguese)
        add(["ano", "anos"], .unit(.year, compact: false), portuguese)
        add(["do", "da"], .of, portuguese)
        add(["até", "ate"], .to, portuguese)
        add(["entre"], .between, portuguese | italian)
        add(["e"], .and, portuguese | italian)
        // Italian
        add(["oggi"], .today, italian)
        add(["domani"], .tomorrow, italian)
        add(["ieri"], .yesterday, italian)
        add(["dopodomani"], .dayOffset(2), italian)
        add(["fa"], .ago, italian)
        add(["tra", "fra"], .inWord, italian)
        add(["prossimo", "prossima"], .relativeOrdinal(1), italian)
        add(["scorso", "scorsa"], .relativeOrdinal(-1), italian)
        add(["gen"], .month(1, ambiguous: false), italian)
        add(["mag"], .month(5, ambiguous: false), italian)
        add(["giu"], .month(6, ambiguous: false), italian)
        add(["lug"], .month(7, ambiguous: false), italian)
        add(["ott"], .month(10, ambiguous: false), italian)
        add(["ora", "ore"], .unit(.hour, compact: false), italian)
        add(["minuti"], .unit(.minute, compact: false), italian)
        add(["secondi"], .unit(.second, compact: false), italian)
        add(["giorno", "giorni"], .unit(.day, compact: false), italian)
        add(["settimana", "settimane"], .unit(.week, compact: false), italian)
        add(["mese", "mesi"], .unit(.month, compact: false), italian)
        add(["anno", "anni"], .unit(.year, compact: false), italian)
        add(["dal"], .from, italian)
        add(["al"], .to, italian)
        // Dutch
        add(["vandaag"], .today, dutch)
        add(["morgen"], .tomorrow, dutch)
        add(["gisteren"], .yesterday, dutch)
        add(["overmorgen"], .dayOffset(2), dutch)
        add(["eergisteren"], .dayOffset(-2), dutch)
        add(["geleden"], .ago, dutch)
        add(["over"], .inWord, dutch)
        add(["volgende", "komende"], .relativeOrdinal(1), dutch)
        add(["vorige", "afgelopen"], .relativeOrdinal(-1), dutch)
        add(["minuut", "minuten"], .unit(.minute, compact: false), dutch)
        add(["uur", "uren"], .unit(.hour, compact: false), dutch)
        add(["dag", "dagen"], .unit(.day, compact: false), dutch)
        add(["weken"], .unit(.week, compact: false), dutch)
        add(["maand", "maanden"], .unit(.month, compact: false), dutch)
        add(["jaar", "jaren"], .unit(.year, compact: false), dutch)
        add(["tot"], .to, dutch)
        add(["tussen"], .between, dutch)
        add(["en"], .and, dutch)
        // Polish
        add(["dziś", "dzis", "dzisiaj"], .today, polish)
        add(["jutro"], .tomorrow, polish)
        add(["wczoraj"], .yesterday, polish)
        add(["pojutrze"], .dayOffset(2), polish)
        add(["przedwczoraj"], .dayOffset(-2), polish)
        add(["temu"], .ago, polish)
        add(["za"], .inWord, polish)
        add(["przyszły", "przyszłym", "przyszłej", "przyszly", "przyszlym", "przyszlej"], .relativeOrdinal(1), polish)
        add(["zeszły", "zeszłym", "zeszłej", "ubiegły", "ubiegłym", "ubiegłej", "zeszly", "ubiegly"],
            .relativeOrdinal(-1), polish)
        add(["sty"], .month(1, ambiguous: false), polish)
        add(["lut"], .month(2, ambiguous: false), polish)
        add(["kwi"], .month(4, ambiguous: false), polish)
        add(["cze"], .month(6, ambiguous: false), polish)
        add(["lip"], .month(7, ambiguous: false), polish)
        add(["sie"], .month(8, ambiguous: false), polish)
        add(["wrz"], .month(9, ambiguous: false), polish)
        add(["paź", "paz"], .month(10, ambiguous: false), polish)
        add(["lis"], .month(11, ambiguous: false), polish)
        add(["gru"], .month(12, ambiguous: false), polish)
        add(["minuta", "minuty", "minut"], .unit(.minute, compact: false), polish)
        add(["godzina", "godziny", "godzin", "godz"], .unit(.hour, compact: false), polish)
        add(["dzień", "dzien", "dni"], .unit(.day, compact: false), polish)
        add(["tydzień", "tydzien", "tygodnie", "tygodni"], .unit(.week, compact: false), polish)
        add(["miesiąc", "miesiac", "miesiące", "miesiace", "miesięcy", "miesiecy"], .unit(.month, compact: false), polish)
        add(["rok", "lata", "lat"], .unit(.year, compact: false), polish)
        add(["do"], .to, polish)
        // Parts of the day after a day ("heute Abend", "demain soir", "domani sera", "morgen avond")
        add(["vormittag"], .partOfDay(.morning), german)
        add(["nachmittag"], .partOfDay(.afternoon), german)
        add(["abend"], .partOfDay(.evening), german)
        add(["nacht"], .partOfDay(.night), german | dutch)
        add(["matin"], .partOfDay(.morning), french)
        add(["soir"], .partOfDay(.evening), french)
        add(["nuit"], .partOfDay(.night), french)
        add(["tarde"], .partOfDay(.afternoon), spanish | portuguese)
        add(["noche"], .partOfDay(.night), spanish)
        add(["manhã"], .partOfDay(.morning), portuguese)
        add(["noite"], .partOfDay(.night), portuguese)
        add(["mattina", "mattino"], .partOfDay(.morning), italian)
        add(["pomeriggio"], .partOfDay(.afternoon), italian)
        add(["sera"], .partOfDay(.evening), italian)
        add(["notte"], .partOfDay(.night), italian)
        add(["ochtend"], .partOfDay(.morning), dutch)
        add(["middag"], .partOfDay(.afternoon), dutch)
        add(["avond"], .partOfDay(.evening), dutch)
        add(["rano"], .partOfDay(.morning), polish)
        add(["wieczorem", "wieczór", "wieczor"], .partOfDay(.evening), polish)
        add(["od"], .from, polish)
        return table
    }()
}
