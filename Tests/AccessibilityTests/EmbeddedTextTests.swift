import LiveTextCore
import Testing

@testable import Accessibility

/// What browsers publish differently from GTK, without a display: a paragraph holds each link as
/// one U+FFFC whose text is in an object of its own (Firefox, Chromium), and Chromium publishes a
/// paragraph's text again in each of its leaves.
@Suite("browsers' embedded objects and repeated lines")
struct EmbeddedTextTests {
    @Test("a link's mark in its paragraph's line takes the link's words; marks with no text are left out")
    func linksInTheirLine() {
        // " see ￼ now ￼" from offset 9: its marks at offsets 14 and 20 of the object.
        let span = AccessibilityWalk.LineSpan(text: " see \u{FFFC} now \u{FFFC}\n", start: 9, end: 22)
        let cleaned = AccessibilityWalk.cleaned(span, embedded: [14: "a link here"])
        #expect(cleaned?.text == "see a link here now")
        #expect(cleaned?.start == 10 && cleaned?.end == 19)
        // A link that ends the line is part of it.
        let ending = AccessibilityWalk.cleaned(span, embedded: [14: "a link here", 20: "more"])
        #expect(ending?.text == "see a link here now more" && ending?.end == 21)
        // No text for a mark (an icon, a link that did not answer): out, as before.
        #expect(AccessibilityWalk.cleaned(span)?.text == "see  now")
        // A line of marks only, with nothing for them (a container's: its objects are not asked).
        #expect(AccessibilityWalk.cleaned(.init(text: "\u{FFFC}\u{FFFC}", start: 0, end: 2)) == nil)
    }

    @Test("only text with characters of its own between marks asks for its embedded objects")
    func whoEmbeds() {
        #expect(AccessibilityWalk.embeds("a11y \u{FFFC} after"))
        #expect(!AccessibilityWalk.embeds("\u{FFFC}\u{FFFC} \u{FFFC}"))
        #expect(!AccessibilityWalk.embeds("plain text"))
        #expect(AccessibilityWalk.flattened("  two\n lines\u{FFFC} here ") == "two lines here")
        #expect(AccessibilityWalk.flattened("\u{FFFC}") == "")
    }

    static func line(_ text: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int = 18) -> AccessibleLine {
        let box = Bounds(x: x, y: y, width: width, height: height)
        return AccessibleLine(text: text, bounds: box, widget: box)
    }

    @Test("a leaf inside its paragraph's line, with words the paragraph has, goes; one of two equal lines stays")
    func repeats() {
        let lines = [
            Self.line("a11y al1y 10.0.0.1 l0g a link here after", 20, 215, 293),
            Self.line("a11y al1y 10.0.0.1 l0g", 20, 215, 174),
            Self.line("a link here", 193, 215, 80),
            Self.line("after", 272, 215, 41),
            Self.line("0O1lI Il1| O0o rn m", 20, 159, 143),
            Self.line("0O1lI  Il1| O0o rn m", 21, 159, 142),
        ]
        #expect(AccessibleLine.withoutRepeats(lines).map(\.text) == ["a11y al1y 10.0.0.1 l0g a link here after", "0O1lI Il1| O0o rn m"])
    }

    @Test("a line inside another's box with other words stays, and so does one with the words elsewhere")
    func notRepeats() {
        let lines = [
            Self.line("Total due 42,00 €", 20, 100, 300, 40),
            Self.line("42,50 €", 200, 110, 60),
            Self.line("Total due", 20, 300, 80),
            Self.line("Due", 20, 100, 40),
        ]
        // "Due" is inside the first box but "Total due" holds "due", not "Due": case counts, the
        // text is not the same drawn twice.
        #expect(AccessibleLine.withoutRepeats(lines).map(\.text) == ["Total due 42,00 €", "42,50 €", "Total due", "Due"])
        #expect(AccessibleLine.withoutRepeats([]).isEmpty)
    }
}
