import Testing
@testable import LiveTextConfig

@Suite("configuration placeholder")
struct PlaceholderTests {
    @Test("the module builds")
    func builds() { #expect(Bool(true)) }
}
