import Testing
@testable import LiveTextDetectors

/// Dates in German, French and Spanish when that language was read (issue 18), and the same text
/// read as English. Cases are ours, written from how each language writes dates (reference time
/// Sunday 2026-03-01 09:00 -08:00).
@Suite("dates in the languages read")
struct DateLanguageTests {
    /// (language, text, the item's text, its start, its end)
    static let cases: [(String, String, String, String, String?)] = [
        ("deu", "Am Montag, den 3. März 2027 ist Schluss", "Montag, den 3. März 2027", "2027-03-03", nil),
        ("deu", "Treffen heute um 14 Uhr", "heute um 14 Uhr", "2026-03-01T14:00:00-08:00", nil),
        ("deu", "Guten Morgen! Wir sehen uns morgen um 9 Uhr.", "morgen um 9 Uhr", "2026-03-02T09:00:00-08:00", nil),
        ("deu", "Abgabe nächsten Freitag", "nächsten Freitag", "2026-03-06", nil),
        ("deu", "Urlaub vom 3. bis 5. März", "vom 3. bis 5. März", "2026-03-03", "2026-03-05"),
        ("deu", "Geöffnet Mo–Fr 9–17 Uhr", "Mo–Fr 9–17 Uhr", "2026-03-02T09:00:00-08:00", "2026-03-02T17:00:00-08:00"),
        ("deu", "Lieferung in 3 Tagen", "in 3 Tagen", "2026-03-04", nil),
        ("fra", "Rendez-vous demain à 9h", "demain à 9h", "2026-03-02T09:00:00-08:00", nil),
        ("fra", "Fermé du 3 au 5 mars 2027.", "du 3 au 5 mars 2027", "2027-03-03", "2027-03-05"),
        ("spa", "Cerrado del 3 al 5 de marzo", "del 3 al 5 de marzo", "2026-03-03", "2026-03-05"),
        ("spa", "Nos vemos mañana a las 9", "mañana a las 9", "2026-03-02T09:00:00-08:00", nil),
        ("spa", "Abierto hoy a las 10:00", "hoy a las 10:00", "2026-03-01T10:00:00-08:00", nil),
    ]

    @Test("read in the language: one item, the whole expression")
    func inLanguage() {
        expectFoundInLanguage(Self.cases)
    }

    @Test("read as English: the language's own words do not count")
    func asEnglish() {
        expectNotFoundInEnglish(Self.cases)
        // Words that are English, or parts of English text, stay what they are.
        #expect(detectDates("So we do it: Mo said the den is at the hotel du Lac, hoy!", languages: ["eng"]).isEmpty)
        #expect(detectDates("I was born on a hier day", languages: []).isEmpty)
    }

    @Test("month and weekday names and time styles count whatever was read")
    func alwaysKnown() {
        for languages: Set<String> in [[], ["eng"], ["fra"]] {
            let found = detectDates("le mardi 3 mars 2027 à 14h30", languages: languages)
            #expect(found.map(\.text) == ["mardi 3 mars 2027 à 14h30"])
            #expect(found.first?.start == "2027-03-03T14:30:00-08:00")
        }
    }

    @Test("homonyms stay words in their own language")
    func homonyms() {
        #expect(detectDates("Guten Morgen, Frau Weber", languages: ["deu"]).isEmpty)
        #expect(detectDates("So geht das nicht. Do it later.", languages: ["deu"]).isEmpty)
        #expect(detectDates("Salimos por la mañana", languages: ["spa"]).isEmpty)
        #expect(detectDates("Wir bleiben bis zum Ende und gehen", languages: ["deu"]).isEmpty)
        #expect(detectDates("le chat et le chien", languages: ["fra"]).isEmpty)
    }

    @Test("two day numbers before a month are days, in English too")
    func dayNumberRange() {
        let found = detectDates("from 3 to 5 March 2027")
        #expect(found.map(\.text) == ["from 3 to 5 March 2027"])
        #expect(found.first?.start == "2027-03-03" && found.first?.end == "2027-03-05")
        #expect(detectDates("between 3rd and 5th of May").first?.end == "2026-05-05")
        // Without a month they stay hours; "march" in lower case with no year is the verb.
        #expect(detectDates("from 3 to 5").first?.start == "2026-03-01T15:00:00-08:00")
        #expect(detectDates("from 3 to 5 march on the hall").first?.start == "2026-03-01T15:00:00-08:00")
        // Not a date past the month's end.
        #expect(detectDates("from 30 to 31 February").allSatisfy { $0.end?.hasPrefix("2026-02") != true })
    }
}

@Suite("weekday ranges")
struct WeekdayRangeTests {
    @Test("a weekday range read on its last weekday ends after its first day, not today")
    func rangeEndingOnToday() {
        // 2026-03-01 is a Sunday.
        let found = detectDates("open Wednesday to Sunday, daily")
        #expect(found.map(\.text) == ["Wednesday to Sunday"])
        #expect(found.first?.start == "2026-03-04" && found.first?.end == "2026-03-08")
        // A line break after the range: the hours on the next line are an item of their own.
        #expect(detectDates("Wednesday to Sunday,\n10:00 to 16:00.").map(\.text)
                == ["Wednesday to Sunday", "10:00 to 16:00"])
        #expect(detectDates("Staffed Monday to Friday.").first?.end == "2026-03-06")
        #expect(detectDates("Sunday to Wednesday").first?.end == "2026-03-04")
    }
}

@Suite("OCR's letters in a day after a month name")
struct FoldedDayTests {
    @Test("a capitalized month name proves the shape: its day may carry O, o, l or I", arguments: [
        ("Sep O3 2O14", "Sep O3 2O14", "2014-09-03"), ("due July l3th", "July l3th", "2026-07-13"),
        ("July I3th 2O14", "July I3th 2O14", "2014-07-13"), ("Mar l0", "Mar l0", "2026-03-10"),
        ("1l Mai 20I4", "1l Mai 20I4", "2014-05-11"), ("2I. Dezember 2O13", "2I. Dezember 2O13", "2013-12-21"),
        ("l3 Septiembre, 2014", "l3 Septiembre, 2014", "2014-09-13"),
    ])
    func folded(text: String, item: String, start: String) {
        let found = detectDates(text)
        #expect(found.map(\.text) == [item])
        #expect(found.first?.start == start)
    }

    @Test("numeric dates with a four-digit year fold OCR's letters in each part that keeps a real digit", arguments: [
        ("13.O7.20l6", "2016-07-13"), ("O9.O9.2026", "2026-09-09"), ("9/3/20l7", "2017-09-03"),
        ("01/O2/2O21", "2021-01-02"),
    ])
    func foldedNumeric(text: String, start: String) {
        #expect(detectDates(text).map(\.start) == [start])
    }

    @Test("a short numeric date, a version or letters only are not folded", arguments: [
        "l2/O5", "lO/lO/lOlO", "v1.O.2O14", "O9.O9", "page 3/l0",
    ])
    func foldedNumericNegatives(text: String) {
        #expect(detectDates(text).isEmpty)
    }

    @Test("without a capitalized month, or without a real digit, the letters stay letters", arguments: [
        "May lO people came", "march lO times", "sold 3O items", "the lOth", "Roth and Toth", "a 2Oth-century",
        "I3 march on", "1l may be",
    ])
    func notFolded(text: String) {
        #expect(detectDates(text).isEmpty)
    }
}

/// (language, text, the item's text, its start, its end): read in that language, the text holds
/// that one item, whole, with that start and end.
func expectFoundInLanguage(_ cases: [(String, String, String, String, String?)]) {
    for (language, text, expected, start, end) in cases {
        let found = detectDates(text, languages: [language])
        #expect(found.map(\.text) == [expected], "\(language): \(text) → \(found)")
        #expect(found.first?.start == start && found.first?.end == end, "\(language): \(text) → \(found)")
    }
}

/// The same cases read as English: the item is not found.
func expectNotFoundInEnglish(_ cases: [(String, String, String, String, String?)]) {
    for (language, text, expected, _, _) in cases {
        let found = detectDates(text, languages: ["eng"])
        #expect(!found.map(\.text).contains(expected), "\(language): \(text) → \(found)")
    }
}
