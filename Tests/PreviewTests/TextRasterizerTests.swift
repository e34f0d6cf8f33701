import FontRendering
import Foundation
import Testing

@Suite struct TextRasterizerTests {
    static func rasterizer(_ name: String, pixelHeight: Int = 12) throws -> TextRasterizer {
        try TextRasterizer(FontMatcher.shared.match(name), pixelHeight: pixelHeight)
    }

    @Test func widthGrowsWithText() throws {
        let font = try Self.rasterizer("Sans")
        let widths = ["", "a", "ab", "abc", "abc def"].map { font.measure($0).width }
        #expect(widths[0] == 0)
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 })
        let metrics = font.measure("Hg")
        #expect(metrics.ascent >= 9 && metrics.ascent <= 14)
        #expect(metrics.descent >= 2 && metrics.descent <= 5)
    }

    @Test func maskMatchesMeasureAndHoldsInk() throws {
        let font = try Self.rasterizer("Sans")
        let mask = font.draw("Hello")
        #expect(mask.width == font.measure("Hello").width)
        #expect(mask.height == font.ascent + font.descent)
        #expect(mask.baseline == font.ascent)
        // The stem of 'H' is dark just above the baseline, and nothing of "Hello" reaches the last row.
        let stemRow = mask.baseline - 2
        #expect((0..<4).contains { mask[$0, stemRow] >= 160 })
        #expect((0..<mask.width).allSatisfy { mask[$0, mask.height - 1] == 0 })
        #expect(font.draw("").width == 0)
    }

    @Test func boldIsWiderAndDarker() throws {
        let regular = try Self.rasterizer("Sans"), bold = try Self.rasterizer("Sans Bold")
        let text = "Open in Maps"
        #expect(bold.measure(text).width > regular.measure(text).width)
        #expect(bold.draw(text).totalInk > regular.draw(text).totalInk * 5 / 4)
    }

    @Test func keptGlyphsDrawAsFreshOnes() throws {
        // One rasterizer draws other text first, so that these glyphs come from its cache; a
        // new one loads them now. Both must measure and draw the same, kerning included.
        let warm = try Self.rasterizer("DejaVu Sans", pixelHeight: 20)
        _ = warm.draw("Map To Topeka, call 555-0100")
        _ = warm.measure("Wave Tomorrow")
        let fresh = try Self.rasterizer("DejaVu Sans", pixelHeight: 20)
        for text in ["To Topeka", "Open in Maps", "call 555-0100"] {
            #expect(warm.measure(text) == fresh.measure(text))
            #expect(warm.draw(text) == fresh.draw(text))
        }
        // And a kept glyph is placed where the text puts it, not where it was first drawn.
        let alone = warm.draw("o"), after = warm.draw("To")
        #expect(after.width > alone.width)
    }

    @Test func kerningPullsPairsTogether() throws {
        // DejaVu by name: FreeType kerns from a font's 'kern' table, which DejaVu has and Noto
        // (the Sans of machines with fonts-noto-core) does not; Noto kerns through GPOS only.
        let font = try Self.rasterizer("DejaVu Sans", pixelHeight: 48)
        #expect(font.measure("To").width < font.measure("T").width + font.measure("o").width)
    }

    @Test func missingGlyphTakesNoRoomAndDrawsNothing() throws {
        let font = try Self.rasterizer("Sans")
        let missing: Unicode.Scalar = "\u{10FFFD}"  // private use: no DejaVu glyph
        #expect(!font.hasGlyph(for: missing))
        #expect(font.hasGlyph(for: "a"))
        let with = font.draw("a\u{10FFFD}b"), without = font.draw("ab")
        #expect(with == without)
        #expect(font.measure("\u{10FFFD}").width == 0)
    }

    @Test func unloadableFaceIsAClearError() throws {
        let missing = "/nonexistent/font.ttf"
        let error = #expect(throws: FontError.self) { try TextRasterizer(file: missing, pixelHeight: 12) }
        #expect(error?.message.contains(missing) == true)

        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(getpid()).ttf")
        try Data("this is no font".utf8).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        let junkError = #expect(throws: FontError.self) { try TextRasterizer(file: junk.path, pixelHeight: 12) }
        #expect(junkError?.message.contains("cannot load font face") == true)

        let face = try FontMatcher.shared.match("Sans").file
        #expect(throws: FontError.self) { try TextRasterizer(file: face, pixelHeight: 0) }
    }

    @Test func sharedRasterizerDrawsTheSameFromManyTasks() async throws {
        let font = try Self.rasterizer("Sans Bold")
        let expected = font.draw("Call +1 555 0100")
        await withTaskGroup(of: CoverageMask.self) { group in
            for _ in 0..<16 { group.addTask { font.draw("Call +1 555 0100") } }
            for await mask in group { #expect(mask == expected) }
        }
    }
}
