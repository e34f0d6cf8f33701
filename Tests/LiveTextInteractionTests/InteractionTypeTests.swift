import LiveTextInteraction
import Testing

@Suite("Interaction types and interface settings as typed")
struct InteractionTypeTests {
    @Test("names parse case-insensitively, comma lists split, duplicates dropped in order")
    func parsesLists() throws {
        #expect(try InteractionType.parseList(["TextSelection, dataDetectors", "textselection"])
            == [.textSelection, .dataDetectors])
        #expect(try InteractionType.parseList(["none"]) == [.none])
    }

    @Test("an unknown name is refused with the valid names; none stands alone; empty is refused")
    func refusesBadLists() {
        #expect(throws: InteractionTypeError.self) { try InteractionType.parseList(["telepathy"]) }
        do {
            _ = try InteractionType.parseList(["automatic,telepathy"])
            Issue.record("accepted an unknown name")
        } catch {
            for type in InteractionType.allCases { #expect(error.description.contains(type.rawValue)) }
        }
        #expect(throws: InteractionTypeError.self) { try InteractionType.parseList(["none", "automatic"]) }
        #expect(throws: InteractionTypeError.self) { try InteractionType.parseList([]) }
        #expect(throws: InteractionTypeError.self) { try InteractionType.parseList([" , "]) }
    }

    @Test("a font description keeps family and style and drops the size")
    func fontDescription() throws {
        let font = try #require(FontDescription(parsing: "Cantarell Bold 12"))
        #expect(font.name == "Cantarell Bold" && font.ignoredSize == "12")
        #expect(FontDescription(parsing: "Cantarell, 10.5")?.name == "Cantarell")
        #expect(FontDescription(parsing: "12") == nil)
        #expect(FontDescription(parsing: "   ") == nil)
    }

    @Test("insets list in the file's order: top, left, bottom, right")
    func insetsOrder() {
        #expect(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4).values == [1, 2, 3, 4])
        #expect(EdgeInsets.zero.values == [0, 0, 0, 0])
    }
}
