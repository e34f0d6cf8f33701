import Testing
@testable import LiveTextDetectors

/// Holidays by name, with or without a year (issue 30): fixed dates, the n-th weekday of a month,
/// and Easter's by the Gregorian computus. Reference Sunday 2026-03-01 09:00 -08:00. Cases are ours.
@Suite("date detector: holidays")
struct DateHolidayTests {
    /// (languages read, text, the item's text, its start)
    static let cases: [(Set<String>, String, String, String)] = [
        ([], "Closed on Christmas", "Christmas", "2026-12-25"),
        ([], "Sale until Thanksgiving", "Thanksgiving", "2026-11-26"),
        ([], "Back after Easter Monday 2027.", "Easter Monday 2027", "2027-03-29"),
        ([], "Off on Good Friday 2028", "Good Friday 2028", "2028-04-14"),
        ([], "Parade on Martin Luther King Jr. Day 2027", "Martin Luther King Jr. Day 2027", "2027-01-18"),
        ([], "BBQ on Memorial Day", "Memorial Day", "2026-05-25"),
        ([], "Closed Spring Bank Holiday 2027", "Spring Bank Holiday 2027", "2027-05-31"),
        ([], "Shops shut on New Year's Day 2027", "New Year's Day 2027", "2027-01-01"),
        ([], "Geschlossen am Tag der Deutschen Einheit 2028", "Tag der Deutschen Einheit 2028", "2028-10-03"),
        ([], "Zu am Pfingstmontag 2027", "Pfingstmontag 2027", "2027-05-17"),
        ([], "Fermé le Lundi de Pâques 2027", "Lundi de Pâques 2027", "2027-03-29"),
        ([], "Fermé le Lundi de Paques 2027", "Lundi de Paques 2027", "2027-03-29"),
        ([], "Cerrado el Viernes Santo 2027", "Viernes Santo 2027", "2027-03-26"),
        ([], "Fechado na Sexta-feira Santa 2027", "Sexta-feira Santa 2027", "2027-03-26"),
        ([], "Chiuso a Ferragosto", "Ferragosto", "2026-08-15"),
        ([], "Gesloten op Hemelvaartsdag 2027", "Hemelvaartsdag 2027", "2027-05-06"),
        ([], "Nieczynne w Boże Ciało 2027", "Boże Ciało 2027", "2027-05-27"),
        (["fra"], "Fermé à Noël", "Noël", "2026-12-25"),
        (["por"], "Fechado no Natal 2027", "Natal 2027", "2027-12-25"),
        (["ita"], "Chiuso a Pasqua 2027", "Pasqua 2027", "2027-03-28"),
    ]

    @Test("a holiday's name is one item on its day")
    func holidays() {
        for (languages, text, expected, start) in Self.cases {
            let found = detectDates(text, languages: languages)
            #expect(found.map(\.text) == [expected], "\(text) → \(found)")
            #expect(found.first?.start == start, "\(text) → \(found)")
            #expect(found.first?.allDay == true, "\(text) → \(found)")
        }
    }

    @Test("names that are words or first names elsewhere count only in their language")
    func languageBound() {
        #expect(detectDates("Noël Coward wrote it").isEmpty)
        #expect(detectDates("Flights to Natal 2027 are cheap").map(\.text) != ["Natal 2027"])
        #expect(detectDates("the christmas tree sale").isEmpty)
    }

    @Test("Easter by the Gregorian computus, across centuries", arguments: [
        (1583, 4, 10), (1818, 3, 22), (1943, 4, 25), (2019, 4, 21), (2024, 3, 31), (2025, 4, 20),
        (2038, 4, 25), (2285, 3, 22),
    ])
    func computus(year: Int, month: Int, day: Int) {
        #expect(Holiday.easter(shift: 0).day(in: year) == CivilCalendar.dayNumber(year: year, month: month, day: day))
    }

    @Test("no Easter before the Gregorian calendar (1583): the holiday has no day, and no item")
    func beforeGregorian() {
        #expect(Holiday.easter(shift: 0).day(in: 1582) == nil)
        #expect(Holiday.easter(shift: 1).day(in: 1) == nil)
        #expect(detectDates("Easter 1500").isEmpty)
        #expect(detectDates("Christmas 9999").isEmpty)
    }
}
