import Testing
@testable import LiveTextDetectors

/// Relative expressions in the other languages read, and the month names of Portuguese, Italian,
/// Dutch and Polish (issue 30). Reference Sunday 2026-03-01 09:00 -08:00. Cases are ours.
@Suite("dates in the languages read: relative expressions")
struct DateLanguageRelativeTests {
    /// (language, text, the item's text, its start, its end)
    static let relative: [(String, String, String, String, String?)] = [
        ("deu", "Geändert vor 3 Tagen", "vor 3 Tagen", "2026-02-26", nil),
        ("deu", "Abgabe übermorgen", "übermorgen", "2026-03-03", nil),
        ("deu", "Treffen heute Abend", "heute Abend", "2026-03-01T18:00:00-08:00", "2026-03-01T22:00:00-08:00"),
        ("fra", "Modifié il y a 2 jours", "il y a 2 jours", "2026-02-27", nil),
        ("fra", "Livraison dans 3 jours", "dans 3 jours", "2026-03-04", nil),
        ("fra", "On se voit demain soir", "demain soir", "2026-03-02T18:00:00-08:00", "2026-03-02T22:00:00-08:00"),
        ("spa", "Cambiado hace 3 días", "hace 3 días", "2026-02-26", nil),
        ("spa", "Entrega dentro de 2 días", "dentro de 2 días", "2026-03-03", nil),
        ("por", "Atualizado há 3 dias", "há 3 dias", "2026-02-26", nil),
        ("por", "Entrega dentro de 2 dias", "dentro de 2 dias", "2026-03-03", nil),
        ("por", "Chega amanhã", "amanhã", "2026-03-02", nil),
        ("ita", "Modificato 3 giorni fa", "3 giorni fa", "2026-02-26", nil),
        ("ita", "Consegna tra 2 giorni", "tra 2 giorni", "2026-03-03", nil),
        ("ita", "Ci vediamo domani sera", "domani sera", "2026-03-02T18:00:00-08:00", "2026-03-02T22:00:00-08:00"),
        ("nld", "3 dagen geleden gewijzigd", "3 dagen geleden", "2026-02-26", nil),
        ("nld", "Levering over 2 dagen", "over 2 dagen", "2026-03-03", nil),
        ("nld", "Tot volgende week", "volgende week", "2026-03-08", nil),
        ("pol", "Zmieniono 3 dni temu", "3 dni temu", "2026-02-26", nil),
        ("pol", "Dostawa za 2 dni", "za 2 dni", "2026-03-03", nil),
        ("pol", "Spotkanie jutro", "jutro", "2026-03-02", nil),
    ]

    @Test("read in the language: one item, resolved")
    func inLanguage() {
        expectFoundInLanguage(Self.relative)
    }

    @Test("read as English: the language's own words do not count")
    func asEnglish() {
        expectNotFoundInEnglish(Self.relative)
    }

    @Test("month and weekday names of Portuguese, Italian, Dutch and Polish count whatever was read",
          arguments: [
              ("Fechado em 14 de maio de 2026", "14 de maio de 2026", "2026-05-14"),
              ("Chiuso il 14 maggio 2026", "14 maggio 2026", "2026-05-14"),
              ("Gesloten op 14 mei 2026", "14 mei 2026", "2026-05-14"),
              ("Zamknięte 14 maja 2026", "14 maja 2026", "2026-05-14"),
              ("Termin: 3 października 2026", "3 października 2026", "2026-10-03"),
              ("Aperto venerdì 6 marzo 2026", "venerdì 6 marzo 2026", "2026-03-06"),
          ])
    func monthNames(text: String, expected: String, start: String) {
        let found = detectDates(text)
        #expect(found.map(\.text) == [expected], "\(text) → \(found)")
        #expect(found.first?.start == start)
    }

    @Test("CLDR-style ranges are one item", arguments: [
        ("deu", "Messe 14.–16. Mai 2026", "14.–16. Mai 2026", "2026-05-14", "2026-05-16"),
        ("nld", "Beurs 14–16 mei 2026", "14–16 mei 2026", "2026-05-14", "2026-05-16"),
        ("ita", "Fiera 14–16 mag 2026", "14–16 mag 2026", "2026-05-14", "2026-05-16"),
    ])
    func cldrRanges(language: String, text: String, expected: String, start: String, end: String) {
        let found = detectDates(text, languages: [language])
        #expect(found.map(\.text) == [expected], "\(text) → \(found)")
        #expect(found.first?.start == start && found.first?.end == end)
    }
}
