import LiveTextCore
import LiveTextInteraction
import Testing

/// Which line a point off the text picks, as a document editor would: the row it is on within its
/// column, else the nearest line with vertical distance counting double.
@Suite("The line nearest a point")
struct NearestLineTests {
    func at(_ x: Double, _ y: Double) -> PixelPoint { PixelPoint(x: x, y: y) }
    func position(_ block: Int, _ line: Int, _ word: Int, _ character: Int = 0) -> TextPosition {
        TextPosition(block: block, line: line, word: word, character: character)
    }
    func text(_ blocks: TextBlock...) -> SelectableText { SelectableText(blocks: blocks) }

    /// Left: "alpha beta gamma" (x 10-170, y 10-30), "delta epsilon" (y 40-60), "zeta eta theta"
    /// (y 70-90); right, on rows of its own: "one two three" (x 300-430, y 25-45), "four five" (y 55-75).
    let columns = SelectableText(blocks: [
        TextSamples.block(["alpha beta gamma", "delta epsilon", "zeta eta theta"], x: 10, y: 10),
        TextSamples.block(["one two three", "four five"], x: 300, y: 25),
    ])

    @Test("far right of a short line under a long one, inside the block and past its edge: the short line's end, not the line above")
    func shortUnderLong() {
        // "a much longer line" x 10-190, y 10-30; "Hi" x 10-30, y 40-60.
        let page = text(TextSamples.block(["a much longer line", "Hi"], x: 10, y: 10))
        #expect(page.position(nearest: at(180, 50)) == position(0, 1, 0, 2))
        #expect(page.position(nearest: at(400, 55)) == position(0, 1, 0, 2))
        // Just under the long line, halfway to "Hi" not yet reached: still the long line.
        #expect(page.position(nearest: at(180, 34)) == position(0, 0, 3, 3))
    }

    @Test("far right of a short line over a long one: the short line's end, not the line below")
    func shortOverLong() {
        let page = text(TextSamples.block(["Hi", "a much longer line"], x: 10, y: 10))
        #expect(page.position(nearest: at(180, 15)) == position(0, 0, 0, 2))
        #expect(page.position(nearest: at(600, 28)) == position(0, 0, 0, 2))
        #expect(page.selection(from: at(15, 15), to: at(180, 15)).map(page.text(of:)) == "i")
    }

    @Test("two columns on rows of their own: a point in the right column between its lines picks them, not the left column's line on that row")
    func twoColumns() {
        // y 48 is on "delta epsilon"'s row, but in the right column, nearer "one two three" than "four five".
        #expect(columns.position(nearest: at(350, 48)) == position(1, 0, 1, 1))
        #expect(columns.position(nearest: at(320, 52)) == position(1, 1, 0, 2))
        // In the left column, its own lines whatever the right column's rows.
        #expect(columns.position(nearest: at(160, 48)) == position(0, 1, 1, 7))
    }

    @Test("a point in the gutter picks the row's line in the nearer column")
    func gutter() {
        #expect(columns.position(nearest: at(200, 15)) == position(0, 0, 2, 5))
        #expect(columns.position(nearest: at(280, 35)) == position(1, 0, 0, 0))
    }

    @Test("below the last line of a column: that column's last line; above the first line: the first")
    func belowAndAbove() {
        #expect(columns.position(nearest: at(60, 150)) == position(0, 2, 1, 0))
        #expect(columns.position(nearest: at(400, 150)) == position(1, 1, 1, 4))
        #expect(columns.position(nearest: at(100, -40)) == position(0, 0, 1, 3))
        #expect(columns.position(nearest: at(-40, -40)) == position(0, 0, 0, 0))
        // A drag from the top-left corner to below the right column takes everything.
        let all = columns.selection(from: at(-40, -40), to: at(400, 150))
        #expect(all == columns.selectAll())
    }
}
