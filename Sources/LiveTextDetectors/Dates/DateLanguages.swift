/// Date words of German, French and Spanish that count only when that language was read.
///
/// The month and weekday names of the three languages are always known (`DateWord.table`): they
/// are no English words, and a German date in an English mail is still a date. The words here
/// are the ones that are English words or parts of English text, or that would make numbers
/// into dates: "bis", "du", "al", "el", "le", "den" (connectors and articles), "heute", "demain",
/// "hoy" (relative days), "Mo", "Do", "Sa" (short weekdays), "Tag", "mes", "semana" (units). On
/// English text they stay off, so its precision does not move; on a page read as German they
/// read "vom 3. bis 5. März", "Montag, den 3. März", "heute um 14 Uhr", "nächsten Freitag".
struct DateLanguages: Sendable, Equatable {
    /// One bit per language: German 1, French 2, Spanish 4.
    let mask: UInt8

    static let none = DateLanguages(mask: 0)

    /// From tesseract's names (`deu`, `fra`, `spa`); other languages add nothing.
    init(_ languages: Set<String>) {
        var mask: UInt8 = 0
        if languages.contains("deu") { mask |= Self.german }
        if languages.contains("fra") { mask |= Self.french }
        if languages.contains("spa") { mask |= Self.spanish }
        self.mask = mask
    }

    private init(mask: UInt8) { self.mask = mask }

    var isEmpty: Bool { mask == 0 }

    /// The word `key` means in one of these languages, if any.
    @inline(__always)
    func lookup(_ key: WordKey) -> DateWord? {
        guard mask != 0, let entry = Self.table[key], entry.languages & mask != 0 else { return nil }
        return entry.word
    }

    private static let german: UInt8 = 1, french: UInt8 = 2, spanish: UInt8 = 4

    /// Our own lists, from the languages' grammar (Duden, Le Bon Usage and the RAE's conventions
    /// for writing dates), unaccented spellings beside accented ones since OCR drops accents.
    private static let table: [WordKey: (word: DateWord, languages: UInt8)] = {
        var table: [WordKey: (word: DateWord, languages: UInt8)] = [:]
        func add(_ words: [String], _ word: DateWord, _ languages: UInt8) {
            for w in words {
                let key = WordKeys.pack(w)
                if let old = table[key], old.word == word {
                    table[key] = (word, old.languages | languages)
                } else {
                    table[key] = (word, languages)
                }
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
        return table
    }()
}
