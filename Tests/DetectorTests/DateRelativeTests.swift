import Testing
@testable import LiveTextDetectors

/// Ranges written as one expression and relative expressions (issue 30), resolved against Sunday
/// 2026-03-01 09:00 -08:00 in the US (weeks start on Sunday). Cases are ours.
@Suite("date detector: ranges and relative expressions")
struct DateRelativeTests {
    /// (text, the item's text, its start, its end)
    static let cases: [(String, String, String, String?)] = [
        // ISO 8601 intervals: one item
        ("Booking 2026-03-01/2026-03-05 confirmed", "2026-03-01/2026-03-05", "2026-03-01", "2026-03-05"),
        ("slot 2026-03-01T10:00/2026-03-01T12:00", "2026-03-01T10:00/2026-03-01T12:00",
         "2026-03-01T10:00:00-08:00", "2026-03-01T12:00:00-08:00"),
        // N units ago / from now, numbers in words
        ("Edited twenty minutes ago", "twenty minutes ago", "2026-03-01T08:40:00-08:00", nil),
        ("Edited twenty-five minutes ago", "twenty-five minutes ago", "2026-03-01T08:35:00-08:00", nil),
        ("Joined 3 months ago", "3 months ago", "2025-12-01", nil),
        ("Joined 2 years ago", "2 years ago", "2024-03-01", nil),
        ("Seen a week ago", "a week ago", "2026-02-22", nil),
        ("Due 3 days from now", "3 days from now", "2026-03-04", nil),
        // business days: Monday to Friday (a Sunday counts from the Friday before)
        ("Ships 5 weekdays from now", "5 weekdays from now", "2026-03-06", nil),
        ("Refund in 10 business days", "in 10 business days", "2026-03-13", nil),
        ("Filed 5 working days ago", "5 working days ago", "2026-02-23", nil),
        // next / last / this + month or season
        ("Trip next summer", "next summer", "2026-06-01", "2026-08-31"),
        ("Snow last winter", "last winter", "2025-12-01", "2026-02-28"),
        ("Opens this spring", "this spring", "2026-03-01", "2026-05-31"),
        ("Launch in summer 2027", "summer 2027", "2027-06-01", "2027-08-31"),
        ("Review next March", "next March", "2027-03-01", nil),
        ("Audit last December", "last December", "2025-12-01", nil),
        // beginning / end of a week, month, year
        ("Pay by the end of the month", "the end of the month", "2026-03-31", nil),
        ("Report at the end of the year", "the end of the year", "2026-12-31", nil),
        ("Starts the beginning of next week", "the beginning of next week", "2026-03-08", nil),
        ("Done by end of next week", "end of next week", "2026-03-14", nil),
        ("Move at the beginning of March 2027", "the beginning of March 2027", "2027-03-01", nil),
        ("Due end of February 2028", "end of February 2028", "2028-02-29", nil),
        ("Valid until the end of 2026", "the end of 2026", "2026-12-31", nil),
        // the n-th week of a month or year
        ("Sale the second week of May", "the second week of May", "2026-05-08", "2026-05-14"),
        ("Closed the last week of June 2026", "the last week of June 2026", "2026-06-24", "2026-06-30"),
        ("Kick-off the first week of 2027", "the first week of 2027", "2027-01-01", "2027-01-07"),
        // parts of the day
        ("Call me tomorrow morning", "tomorrow morning", "2026-03-02T06:00:00-08:00", "2026-03-02T12:00:00-08:00"),
        ("Free this evening?", "this evening", "2026-03-01T18:00:00-08:00", "2026-03-01T22:00:00-08:00"),
        ("Back late afternoon", "late afternoon", "2026-03-01T15:00:00-08:00", "2026-03-01T18:00:00-08:00"),
        ("Leave early in the morning", "early in the morning", "2026-03-01T06:00:00-08:00", "2026-03-01T09:00:00-08:00"),
        ("Party Friday night", "Friday night", "2026-03-06T21:00:00-08:00", "2026-03-07T00:00:00-08:00"),
        ("It rained last night", "last night", "2026-02-28T21:00:00-08:00", "2026-03-01T00:00:00-08:00"),
    ]

    @Test("one item per expression, with its start and end")
    func expressions() {
        for (text, expected, start, end) in Self.cases {
            let found = detectDates(text)
            #expect(found.map(\.text) == [expected], "\(text) → \(found)")
            #expect(found.first?.start == start && found.first?.end == end, "\(text) → \(found)")
        }
    }

    @Test("words that only look like these forms stay prose")
    func prose() {
        for text in ["The end of the story", "Prices fall 3 percent", "at the beginning of the line",
                     "a business day off", "late payment", "early bird", "in the morning we run",
                     "twenty reasons", "the week of the fair"] {
            #expect(detectDates(text).isEmpty, "\(text) → \(detectDates(text))")
        }
    }

    @Test("business days are no duration of their own")
    func businessDaysAlone() {
        #expect(detectDates("allow 10 business days").isEmpty)
        #expect(detectDates("for 3 business days").isEmpty)
    }

    @Test("an interval of a date and a date-time is not one")
    func isoIntervalMixed() {
        #expect(detectDates("2026-03-01/2026-03-05T10:00").isEmpty)
    }
}
