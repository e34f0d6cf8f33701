import Testing
@testable import LiveTextCore

@Suite("a terminal's quotes are straight")
struct StraightQuotesTests {
    @Test("typographic quotes, and a ™ read for a closing quote, are straight quotes", arguments: [
        ("“max_retry_count”™", "\"max_retry_count\""), ("“SDEPLOY_TARGET™", "\"SDEPLOY_TARGET\""),
        ("‘select", "'select"), ("don’t", "don't"), ("plain", "plain"), ("\"$HOME\"", "\"$HOME\""),
    ])
    func straight(read: String, meant: String) {
        #expect(StraightQuotes.corrected(read) == meant)
    }
}
