import Testing
@testable import LiveTextDetectors

/// Input that is ambiguous, huge or out of range (issue 30): each gives the item its rule says, or
/// none, never a guess. Reference Sunday 2026-03-01 09:00 -08:00.
@Suite("date detector: bad input")
struct DateBadInputTests {
    @Test("an ambiguous 05/06 follows the page's region: month first in the US, day first in Europe")
    func ambiguousRegion() {
        #expect(detectDates("Delivery 05/06", region: "US").map(\.start) == ["2026-05-06"])
        #expect(detectDates("Delivery 05/06", region: "DE").map(\.start) == ["2026-06-05"])
        #expect(detectDates("Delivery 05/06", region: "GB").map(\.start) == ["2026-06-05"])
        // "1/05" stays a ratio
        #expect(detectDates("odds 1/05").isEmpty)
    }

    @Test("a year out of the range read (1600-2399) makes no date, not a date of another year", arguments: [
        "Dec 31, 9999", "January 1, 0001", "31 December 9999", "1 January 0001", "0001-01-01", "9999-12-31",
    ])
    func farYears(text: String) {
        #expect(detectDates(text).isEmpty, "\(text) → \(detectDates(text))")
    }

    @Test("February 29 is a date only in a leap year")
    func leapDay() {
        #expect(detectDates("February 29, 2027").isEmpty)
        #expect(detectDates("29.02.2027", region: "DE").isEmpty)
        #expect(detectDates("February 29, 2028").map(\.start) == ["2028-02-29"])
        #expect(detectDates("Easter Monday 2027 and 29.02.2027", region: "DE").map(\.text) == ["Easter Monday 2027"])
    }

    @Test("a very long line is read to its end, in linear time")
    func longLine() {
        let text = String(repeating: "lorem ipsum ", count: 50_000) + "Tag der Deutschen Einheit 2027"
        let found = detectDates(text)
        #expect(found.map(\.text) == ["Tag der Deutschen Einheit 2027"])
        #expect(found.first?.start == "2027-10-03")
    }

    @Test("mixed scripts: dates among other scripts are found, look-alike letters are no names")
    func mixedScripts() {
        #expect(detectDates("会议 2026-03-01/2026-03-05 确认").map(\.end) == ["2026-03-05"])
        #expect(detectDates("Встреча 14 maja 2026 в офисе").map(\.start) == ["2026-05-14"])
        // A Cyrillic "Е" in "Еaster": not Easter.
        #expect(detectDates("\u{415}aster 2027").isEmpty)
    }
}
