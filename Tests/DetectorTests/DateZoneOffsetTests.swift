import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// Timestamps as terminals print them: git's formats, with the writer's UTC offset, one item each.
@Suite("date detector: timestamps with a UTC offset")
struct DateZoneOffsetTests {
    @Test("git's date formats are one item each, the offset included", arguments: [
        ("Date:   Tue Mar 5 14:03:11 2024 +0100", "Tue Mar 5 14:03:11 2024 +0100", "2024-03-05T14:03:11+01:00"),
        ("Date:   2024-03-05 14:03:11 +0100", "2024-03-05 14:03:11 +0100", "2024-03-05T14:03:11+01:00"),
        ("Date:   2011-08-03T22:29:57-05:00", "2011-08-03T22:29:57-05:00", "2011-08-03T22:29:57-05:00"),
        ("Date:   Tue, 9 Aug 2011 16:41:35 -0400", "Tue, 9 Aug 2011 16:41:35 -0400", "2011-08-09T16:41:35-04:00"),
        ("192dc239 2011-08-11 14:29:52 -0500 Sam Stephenson", "2011-08-11 14:29:52 -0500", "2011-08-11T14:29:52-05:00"),
        ("AuthorDate: Sat Jul 11 08:02:53 2026 +0300", "Sat Jul 11 08:02:53 2026 +0300", "2026-07-11T08:02:53+03:00"),
    ])
    func gitFormats(text: String, item: String, start: String) {
        let items = detectDates(text)
        #expect(items.map(\.text) == [item])
        #expect(items.map(\.start) == [start])
    }

    @Test("a sign and digits that are no offset stay out", arguments: [
        ("2024-03-05 14:03:11 + 0100", "2024-03-05 14:03:11"),
        ("2024-03-05 14:03:11 -9999", "2024-03-05 14:03:11"),
        ("2024-03-05 14:03:11 +01000", "2024-03-05 14:03:11"),
        ("2024-03-05 14:03 -1 day", "2024-03-05 14:03"),
    ])
    func notOffsets(text: String, item: String) {
        #expect(detectDates(text).first?.text == item)
    }
}
