import FontRendering
import Foundation
import Testing

@Suite struct FontQueryTests {
    @Test func splitsTrailingStyleWords() {
        let query = FontQuery(parsing: "DejaVu Serif Bold Italic")
        #expect(query == FontQuery(family: "DejaVu Serif", weight: .bold, slant: .italic))
        #expect(FontQuery(parsing: "Cantarell Semibold") == FontQuery(family: "Cantarell", weight: .semiBold))
        #expect(FontQuery(parsing: "Sans Oblique") == FontQuery(family: "Sans", slant: .oblique))
    }

    @Test func dropsSizeAndKeepsInnerWords() {
        #expect(FontQuery(parsing: "Sans Bold 30") == FontQuery(family: "Sans", weight: .bold))
        #expect(FontQuery(parsing: "Sans, 11px") == FontQuery(family: "Sans"))
        // A style word inside the family name stays part of it.
        #expect(FontQuery(parsing: "Noto Sans Light Display").family == "Noto Sans Light Display")
        #expect(FontQuery(parsing: "Bold") == FontQuery(family: "Sans", weight: .bold))
        #expect(FontQuery(parsing: "  ").family == "Sans")
    }
}

@Suite struct FontMatcherTests {
    @Test func genericSansIsFontconfigsChoiceAndNoFallback() throws {
        let match = try FontMatcher.shared.match("Sans Bold")
        // DejaVu Sans on a fresh machine, Noto Sans once fonts-noto-core is installed.
        #expect(match.family == (try FcMatch.family("Sans:bold")))
        #expect(match.style == "Bold")
        #expect(!match.isFallback)
        #expect(FileManager.default.fileExists(atPath: match.file))
    }

    @Test func familyAndStyleWordsPickTheFace() throws {
        // fonts-dejavu-core, all that a fresh machine gets, has Serif in Book and Bold only.
        let bold = try FontMatcher.shared.match("DejaVu Serif Bold")
        #expect(bold.family == "DejaVu Serif")
        #expect(bold.style.contains("Bold"))
        #expect(!bold.isFallback)
        let regular = try FontMatcher.shared.match("DejaVu Serif")
        #expect(!regular.style.contains("Bold"))
        #expect(regular.file != bold.file)
        // Families compare without regard to case.
        let mono = try FontMatcher.shared.match("dejavu sans mono")
        #expect(mono.family == "DejaVu Sans Mono")
        #expect(!mono.isFallback)
    }

    @Test func missingFamilyIsAFallback() throws {
        let match = try FontMatcher.shared.match("Cantarell Semibold")
        #expect(match.isFallback)
        #expect(match.requestedFamily == "Cantarell")
        #expect(match.family == (try FcMatch.family("Cantarell:semibold")))
        #expect(match.family != "Cantarell")
        // The weight is still honoured by the substitute.
        #expect(match.style.contains("Bold"))
    }

    @Test func concurrentMatchesAgree() async throws {
        let names = ["Sans", "Serif Bold", "Monospace", "Nowhere Font", "DejaVu Sans Oblique"]
        let expected = try names.map { try FontMatcher.shared.match($0) }
        try await withThrowingTaskGroup(of: (Int, FontMatch).self) { group in
            for round in 0..<40 {
                let i = round % names.count
                group.addTask { (i, try FontMatcher.shared.match(names[i])) }
            }
            for try await (i, match) in group { #expect(match == expected[i]) }
        }
    }
}
