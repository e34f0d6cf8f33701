import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// The resolution rules the date detector documents, case by case.
@Suite("date detector: resolution rules")
struct DateRulesTests {
    private func starts(_ text: String, reference: String = "2026-03-01T09:00:00-08:00",
                        region: String = "US", zone: TimeZone? = nil) -> [String] {
        detectDates(text, reference: reference, region: region, zone: zone).compactMap(\.start)
    }

    @Test("a year-less date is the first on or after three months back", arguments: [
        ("Jan 5", "2026-12-01T09:00:00-08:00", "2027-01-05"),
        ("Oct 15", "2026-12-01T09:00:00-08:00", "2026-10-15"),
        ("Aug 1", "2026-12-01T09:00:00-08:00", "2027-08-01"),
        ("Dec 20", "2026-03-01T09:00:00-08:00", "2025-12-20"),
        ("Nov 20", "2026-03-01T09:00:00-08:00", "2026-11-20"),
        ("Mar 1", "2026-03-01T09:00:00-08:00", "2026-03-01"),
    ])
    func yearInference(text: String, reference: String, expected: String) {
        #expect(starts(text, reference: reference) == [expected])
    }

    @Test("a range without a year crosses into the next year; a year at its end is the start's too")
    func rangeYears() {
        let items = detectDates("Dec 30 – Jan 2", reference: "2026-12-01T09:00:00-08:00")
        #expect(items.map(\.start) == ["2026-12-30"])
        #expect(items.map(\.end) == ["2027-01-02"])
        let written = detectDates("Dec 30, 2026 – Jan 2, 2027")
        #expect(written.map(\.start) == ["2026-12-30"])
        #expect(written.map(\.end) == ["2027-01-02"])
        let endYear = detectDates("December 30 – January 2, 2027")
        #expect(endYear.map(\.start) == ["2026-12-30"])
    }

    @Test("weekdays: this one includes today, next is after today, last is before", arguments: [
        ("Sunday", "2026-03-01"), ("this Sunday", "2026-03-01"), ("next Sunday", "2026-03-08"),
        ("last Sunday", "2026-02-22"), ("Friday", "2026-03-06"), ("next Friday", "2026-03-06"),
        ("last Friday", "2026-02-27"), ("on Saturday", "2026-03-07"), ("this week", "2026-03-01"),
        ("last week", "2026-02-22"), ("next month", "2026-04-01"), ("next year", "2027-01-01"),
    ])
    func weekdays(text: String, expected: String) {
        #expect(starts(text) == [expected])
    }

    @Test("a weekday beside a year-less date picks the year it falls on")
    func weekdayPicksYear() {
        // June 5 is a Friday in 2026 and a Thursday in 2025.
        #expect(starts("Fri 6/5") == ["2026-06-05"])
        #expect(starts("Thu 6/5") == ["2025-06-05"])
    }

    @Test("numeric order follows the region; an impossible order is swapped only with a year",
          arguments: [
              ("3/5/2026", "CA", "2026-03-05"), ("3/5/2026", "PH", "2026-03-05"),
              ("3/5/2026", "DE", "2026-05-03"), ("3-5-2026", "GB", "2026-05-03"),
              ("15/03/2026", "US", "2026-03-15"), ("03/15/2026", "GB", "2026-03-15"),
              ("2026/03/05", "GB", "2026-03-05"), ("05.03.26", "DE", "2026-03-05"),
          ])
    func regionOrder(text: String, region: String, expected: String) {
        #expect(starts(text, region: region) == [expected])
    }

    @Test("two-part numeric dates need a slash and are not fractions", arguments: [
        "1/2", "3/4", "1/8", "24/7", "3-5", "3.5", "13/13", "1/05",
    ])
    func twoPartRejections(text: String) {
        #expect(detectDates("take \(text) today").map(\.text) == ["today"])
    }

    @Test("am or pm: bare hours from 1 to 6 are afternoon, 24-hour styles read as written", arguments: [
        ("at 3", "2026-03-01T15:00:00-08:00"), ("at 9", "2026-03-01T09:00:00-08:00"),
        ("3 o'clock", "2026-03-01T15:00:00-08:00"), ("at 3:30", "2026-03-01T03:30:00-08:00"),
        ("12am", "2026-03-01T00:00:00-08:00"), ("12pm", "2026-03-01T12:00:00-08:00"),
        ("tonight at 11:30", "2026-03-01T23:30:00-08:00"), ("14 Uhr", "2026-03-01T14:00:00-08:00"),
    ])
    func meridiem(text: String, expected: String) {
        #expect(starts(text) == [expected])
    }

    @Test("French 24-hour hours: à 2h is two in the morning")
    func frenchHour() {
        #expect(starts("à 2h", reference: "2026-03-01T09:00:00+01:00", region: "FR")
                    == ["2026-03-01T02:00:00+01:00"])
    }

    @Test("offsets follow daylight saving time in a named zone")
    func daylightSaving() throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        #expect(starts("Fri 6/5 7:00pm", zone: zone) == ["2026-06-05T19:00:00-07:00"])
        #expect(starts("March 7 at 9am, March 9 at 9am", zone: zone)
                    == ["2026-03-07T09:00:00-08:00", "2026-03-09T09:00:00-07:00"])
        #expect(starts("in 2 hours", reference: "2026-03-08T01:30:00-08:00", zone: zone)
                    == ["2026-03-08T04:30:00-07:00"])
    }

    @Test("durations: ISO 8601 text, calendar units only after a context word", arguments: [
        ("for 3 days", "P3D"), ("for 2 weeks", "P2W"), ("for 3 months", "P3M"), ("lasts 1 year", "P1Y"),
        ("takes 1h30", "PT1H30M"), ("2 hours 15 minutes", "PT2H15M"), ("for 1.5 days", "P1DT12H"),
        ("for 45 sec", "PT45S"), ("half an hour", "PT30M"), ("an hour and a half", "PT1H30M"),
    ])
    func durations(text: String, expected: String) {
        #expect(detectDates(text).map(\.duration) == [expected])
    }

    @Test("bare durations that prose uses otherwise are left alone", arguments: [
        "3 months", "a day", "30m", "5d", "2 years", "a minute",
    ])
    func bareDurationRejections(text: String) {
        #expect(detectDates("it was \(text) away").isEmpty)
    }

    @Test("ambiguous month words need a capital, a year or an ordinal", arguments: [
        ("we may 5 times", 0), ("May 5", 1), ("may 5th", 1), ("may 5, 2026", 1), ("they march 3 miles", 0),
        ("March 3", 1), ("Mars 2026", 1),
    ])
    func ambiguousMonths(text: String, count: Int) {
        #expect(detectDates(text).count == count)
    }

    @Test("offsets are Unicode scalar offsets")
    func scalarOffsets() {
        let context = DetectionContext(referenceDate: Date(timeIntervalSince1970: 1_772_384_400),
                                       timeZone: TimeZone(secondsFromGMT: 0)!, region: "US")
        let found = DateDetector().detect(in: ScannedText("🎉 e\u{301} Mar 3"), context: context)
        #expect(found.map(\.range) == [5..<10])
    }

    @Test("the day arithmetic agrees with Foundation's Gregorian calendar")
    func civilCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        for dayNumber in stride(from: -130_000, through: 800_000, by: 997) {  // from 1614: Foundation turns Julian before 1582
            let date = Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let (y, m, d) = CivilCalendar.civil(dayNumber)
            #expect([y, m, d] == [parts.year, parts.month, parts.day], "day \(dayNumber)")
            #expect(CivilCalendar.dayNumber(year: y, month: m, day: d) == dayNumber)
            #expect(CivilCalendar.weekday(dayNumber) == parts.weekday)
        }
    }

    @Test("Easter Sunday by the Gregorian computus, against published dates", arguments: [
        (2024, 3, 31), (2025, 4, 20), (2026, 4, 5), (2027, 3, 28), (2038, 4, 25), (2285, 3, 22),
    ])
    func easter(year: Int, month: Int, day: Int) {
        #expect(Holiday.easterSunday(year) == CivilCalendar.dayNumber(year: year, month: month, day: day))
    }

    @Test("the n-th and the last weekday of a month; no fifth when the month has four")
    func nthWeekday() {
        // May 2026 starts on a Friday: Mondays are the 4th, 11th, 18th and 25th.
        #expect(Holiday.nthWeekday(3, 2, month: 5, year: 2026) == CivilCalendar.dayNumber(year: 2026, month: 5, day: 18))
        #expect(Holiday.nthWeekday(-1, 2, month: 5, year: 2026) == CivilCalendar.dayNumber(year: 2026, month: 5, day: 25))
        #expect(Holiday.nthWeekday(5, 2, month: 5, year: 2026) == nil)
        // US Thanksgiving 2026: the fourth Thursday of November.
        #expect(Holiday.nthWeekday(4, 5, month: 11, year: 2026) == CivilCalendar.dayNumber(year: 2026, month: 11, day: 26))
    }
}

/// Megabytes of hostile text finish (in linear time) with the right answer.
@Suite("date detector: hostile input")
struct DateHostileInputTests {
    private func count(_ text: String) -> Int { detectDates(text).count }

    @Test("long runs of digits, separators and keywords find nothing", arguments: [
        Run("7", 1_000_000), Run("1/", 300_000), Run("12:", 300_000), Run("1.", 400_000),
        Run("a.", 500_000), Run("at ", 300_000), Run("for in ", 150_000), Run(" ", 1_000_000),
        Run("-", 1_000_000), Run("March", 200_000), Run("l0O", 300_000), Run("1-", 400_000),
    ])
    func nothingFound(run: Run) {
        #expect(count(run.text) == 0)
    }

    /// A pattern repeated: the test log names it in a few characters rather than megabytes.
    struct Run: CustomTestStringConvertible, Sendable {
        let pattern: String
        let count: Int
        init(_ pattern: String, _ count: Int) { (self.pattern, self.count) = (pattern, count) }
        var text: String { String(repeating: pattern, count: count) }
        var testDescription: String { "\"\(pattern)\" × \(count)" }
    }

    @Test("repeated dates are each found once")
    func repeatedDates() {
        #expect(count(String(repeating: "Mar 3 ", count: 50_000)) == 50_000)
        #expect(count(String(repeating: "3pm; ", count: 50_000)) == 50_000)
        #expect(count(String(repeating: "Mar 3-", count: 50_000)) > 0)
    }
}
