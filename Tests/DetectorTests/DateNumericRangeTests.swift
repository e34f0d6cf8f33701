import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// CLDR's numeric ranges whose first date leaves out what the second gives (German, Polish, ...).
@Suite("date detector: numeric ranges with a partial first date")
struct DateNumericRangeTests {
    @Test("one item from the first day to the whole second date", arguments: [
        ("Das Treffen ist 14.–16.05.2026, bitte", "14.–16.05.2026", "2026-05-14", "2026-05-16"),
        ("Spotkanie jest 14–16.05.2026, prosimy", "14–16.05.2026", "2026-05-14", "2026-05-16"),
        ("Das Treffen ist 28.05. – 03.06.2026, bitte", "28.05. – 03.06.2026", "2026-05-28", "2026-06-03"),
        ("Spotkanie jest 28.05–03.06.2026, prosimy", "28.05–03.06.2026", "2026-05-28", "2026-06-03"),
        ("Urlaub 28.12.–03.01.2027", "28.12.–03.01.2027", "2026-12-28", "2027-01-03"),
    ])
    func ranges(text: String, item: String, start: String, end: String) {
        let items = detectDates(text, region: "DE")
        #expect(items.map(\.text) == [item])
        #expect(items.map(\.start) == [start])
        #expect(items.map(\.end) == [end])
    }

    @Test("an abbreviated month's dot before the dash: one range (CLDR pt)")
    func dotBeforeDash() {
        let items = detectDates("A reunião é 28 de mai. – 3 de jun. de 2026, por favor", region: "PT", languages: ["pt"])
        #expect(items.map(\.text) == ["28 de mai. – 3 de jun. de 2026"])
        #expect(items.map(\.start) == ["2026-05-28"])
        #expect(items.map(\.end) == ["2026-06-03"])
        #expect(detectDates("Ends May 3. – Next item").map(\.text) == ["May 3"])
    }

    @Test("a first day after the second, or a day that does not exist, is no range", arguments: [
        ("am 16.–14.05.2026", "14.05.2026"), ("am 31.–03.06.2026", "03.06.2026"),
        ("am 30.02.–03.03.2026", "03.03.2026"),
    ])
    func negatives(text: String, item: String) {
        #expect(detectDates(text, region: "DE").map(\.text) == [item])
    }
}
