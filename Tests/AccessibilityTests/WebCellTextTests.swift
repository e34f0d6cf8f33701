import Testing

@testable import Accessibility

/// A web cell's text on one line: its embedded objects (a link, paragraphs) by their text, blanks
/// collapsed, the span of its visible characters.
@Suite("web cells' text")
struct WebCellTextTests {
    @Test("a link inside the text: its words in place; the span from the first to the last visible character")
    func link() {
        let read = AccessibilityWalk.cellText(" see \u{FFFC} here\n", embedded: [5: "docs"])
        #expect(read?.text == "see docs here")
        #expect(read?.span == 1..<11)
    }

    @Test("paragraphs side by side are apart by a space; a mark without text is left out; nothing left: nil")
    func paragraphs() {
        #expect(AccessibilityWalk.cellText("\u{FFFC}\u{FFFC}", embedded: [0: "Łódź", 1: "0O1lI"])?.text == "Łódź 0O1lI")
        #expect(AccessibilityWalk.cellText("\u{FFFC}", embedded: [0: "para cell"])?.span == 0..<1)
        #expect(AccessibilityWalk.cellText("a\u{FFFC}b", embedded: [:])?.text == "ab")
        #expect(AccessibilityWalk.cellText(" \u{FFFC} \n", embedded: [:]) == nil)
        #expect(AccessibilityWalk.cellText("", embedded: [:]) == nil)
        #expect(AccessibilityWalk.cellText("two\nlines  here", embedded: [:])?.text == "two lines here")
    }
}
