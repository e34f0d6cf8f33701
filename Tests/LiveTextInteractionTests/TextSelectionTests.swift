import LiveTextCore
import LiveTextInteraction
import Testing

@Suite("Text selection in reading order")
struct TextSelectionTests {
    let analysis = TextSamples.page
    let text = SelectableText(TextSamples.page)

    func at(_ x: Double, _ y: Double) -> PixelPoint { PixelPoint(x: x, y: y) }
    func position(_ block: Int, _ line: Int, _ word: Int, _ character: Int = 0) -> TextPosition {
        TextPosition(block: block, line: line, word: word, character: character)
    }
    func selected(_ selection: TextSelection?) -> String? { selection.map(text.text(of:)) }

    @Test("positions order as the text reads: block, line, word, character")
    func ordering() {
        #expect(position(0, 1, 0) > position(0, 0, 5, 9))
        #expect(position(1, 0, 0) > position(0, 9, 9, 9))
        #expect(position(0, 0, 1, 0) > position(0, 0, 0, 5))
        #expect(position(0, 0, 0, 2) < position(0, 0, 0, 3))
        #expect([position(2, 0, 0), position(0, 1, 1), position(0, 1, 0, 4)].sorted()
            == [position(0, 1, 0, 4), position(0, 1, 1), position(2, 0, 0)])
    }

    @Test("selecting everything gives exactly the analysis' text, line and block breaks included")
    func selectAllIsTheText() throws {
        let all = try #require(text.selectAll())
        #expect(text.text(of: all) == analysis.text)
        #expect(analysis.text.contains("café\n\nCall") && analysis.text.contains("Thanks!\n\nSide"))
        #expect(all.start == position(0, 0, 0) && all.end == position(2, 0, 1, 4))
    }

    @Test("every range between two character boundaries is the same slice of text, either way round")
    func everySliceMatchesTheText() throws {
        var boundaries: [TextPosition] = []
        for (b, block) in analysis.blocks.enumerated() {
            for (l, line) in block.lines.enumerated() {
                for (w, word) in line.words.enumerated() {
                    for c in 0...word.text.count { boundaries.append(position(b, l, w, c)) }
                }
            }
        }
        #expect(boundaries.count == 73)
        for a in boundaries {
            let from = try #require(text.textOffset(of: a))
            for b in boundaries where b >= a {
                let to = try #require(text.textOffset(of: b))
                let expected = TextSamples.slice(analysis.text, from, to)
                #expect(text.text(of: TextSelection(anchor: a, focus: b)) == expected, "\(a)…\(b)")
                #expect(text.text(of: TextSelection(anchor: b, focus: a)) == expected, "\(b)…\(a)")
            }
        }
    }

    @Test("text offsets are Unicode scalars, as items' start and end; positions count characters")
    func offsets() throws {
        // "café" is written with a combining accent: 4 characters, 5 scalars.
        let cafe = position(0, 1, 2)
        #expect(text.textOffset(of: cafe) == 29)
        #expect(text.textOffset(of: position(0, 1, 2, 4)) == 34)
        #expect(text.textOffset(of: position(1, 0, 0)) == 36)
        #expect(text.position(atTextOffset: 34) == position(0, 1, 2, 4))
        #expect(text.position(atTextOffset: 35) == position(1, 0, 0))
        #expect(text.position(atTextOffset: 0) == position(0, 0, 0))
        #expect(text.position(atTextOffset: 10_000) == position(2, 0, 1, 4))
        #expect(selected(text.wordSelection(containing: cafe)) == "cafe\u{301}")
        // Every boundary survives a round trip through its offset.
        for offset in [0, 3, 5, 6, 17, 23, 36, 41, 50] {
            let p = try #require(text.position(atTextOffset: offset))
            #expect(text.textOffset(of: p) == offset)
        }
    }

    @Test("a double click selects the word under the point, or the nearest one between words")
    func wordAtPoint() {
        #expect(selected(text.wordSelection(at: at(85, 20))) == "wide")
        // In the 10 px gap between "wide" (ends 110) and "world" (starts 120).
        #expect(selected(text.wordSelection(at: at(112, 20))) == "wide")
        #expect(selected(text.wordSelection(at: at(118, 20))) == "world")
        // Between two lines: the nearer one.
        #expect(selected(text.wordSelection(at: at(30, 33))) == "Hello")
        #expect(selected(text.wordSelection(at: at(30, 38))) == "second")
    }

    @Test("a triple click selects the line, a block selection the block")
    func lineAndBlock() {
        #expect(selected(text.lineSelection(at: at(150, 50))) == "second line cafe\u{301}")
        #expect(selected(text.lineSelection(at: at(5, 140))) == "Thanks!")
        #expect(selected(text.blockSelection(at: at(100, 110))) == "Call +1 415 555 0123\nThanks!")
        #expect(selected(text.blockSelection(at: at(480, 25))) == "Side note")
        #expect(selected(text.lineSelection(containing: position(0, 0, 2, 3))) == "Hello wide world")
    }

    @Test("a drag inside one word selects the characters between, estimated across its bounds")
    func dragInsideAWord() {
        // "Hello" spans x 10-60: 10 px a character.
        #expect(selected(text.selection(from: at(21, 15), to: at(49, 15))) == "ell")
        #expect(selected(text.selection(from: at(49, 15), to: at(21, 15))) == "ell")
        #expect(text.selection(from: at(30, 15), to: at(30, 15))?.isEmpty == true)
    }

    @Test("a drag across lines keeps the line breaks, across blocks the blank line")
    func dragAcrossLinesAndBlocks() {
        #expect(selected(text.selection(from: at(120, 20), to: at(70, 50))) == "world\nsecond")
        #expect(selected(text.selection(from: at(150, 50), to: at(50, 110))) == "fe\u{301}\n\nCall")
        // From the last block back into the first: reading order, not screen order.
        #expect(selected(text.selection(from: at(440, 20), to: at(170, 50))) == "\n\nCall +1 415 555 0123\nThanks!\n\nSide")
    }

    @Test("a drag beyond the text snaps to the nearest line's ends")
    func dragOutsideTheText() {
        // From above-left of everything to right of the first line (nearer it than the right column).
        #expect(selected(text.selection(from: at(-50, -50), to: at(250, 20))) == "Hello wide world")
        // Further right, the right column's line is nearer: the drag runs into the last block.
        #expect(selected(text.selection(from: at(-50, -50), to: at(300, 20)))?.hasSuffix("Thanks!\n\n") == true)
        // Below the last line of the left column.
        #expect(selected(text.selection(from: at(0, 135), to: at(30, 190))) == "Th")
    }

    @Test("the nearest line is nearest in both directions: a point in the right column picks it")
    func columns() {
        #expect(text.position(nearest: at(395, 20)) == position(2, 0, 0))
        #expect(text.position(nearest: at(250, 20)) == position(0, 0, 2, 5))
        // The page's bottom-right corner: the right column is nearer than the bottom line on the left.
        #expect(text.position(nearest: at(590, 190)) == position(2, 0, 1, 4))
    }

    @Test("Shift+click extends: before the selection it keeps the end, after it the start")
    func extend() throws {
        let wide = try #require(text.wordSelection(at: at(85, 20)))
        let back = try #require(text.extend(wide, to: at(31, 20)))
        #expect(text.text(of: back) == "llo wide")
        #expect(back.anchor == wide.end && back.focus == position(0, 0, 0, 2))
        let forward = try #require(text.extend(wide, to: at(30, 50)))
        #expect(text.text(of: forward) == "wide world\nse")
        #expect(forward.anchor == wide.start)
        // Backwards, then forwards again past the end: the start it reached stays.
        let again = try #require(text.extend(back, to: at(140, 20)))
        #expect(text.text(of: again) == "llo wide wo")
        // Inside: the focus moves, the anchor stays.
        let inside = try #require(text.extend(forward, to: at(140, 20)))
        #expect(text.text(of: inside) == "wide wo" && inside.anchor == forward.anchor)
        // Shift+click on either end keeps the whole selection.
        #expect(text.text(of: wide.extended(to: wide.start)) == "wide" && text.text(of: wide.extended(to: wide.end)) == "wide")
        // No selection yet: a caret.
        #expect(text.extend(nil, to: at(30, 20))?.isEmpty == true)
    }

    @Test("the selection is drawn as one rectangle per line, partial at the ends")
    func rectsPerLine() throws {
        let selection = try #require(text.selection(from: at(21, 15), to: at(31, 145)))
        #expect(text.text(of: selection) == "ello wide world\nsecond line cafe\u{301}\n\nCall +1 415 555 0123\nTh")
        #expect(text.rects(of: selection) == [
            Bounds(x: 20, y: 10, width: 150, height: 20),
            Bounds(x: 10, y: 40, width: 160, height: 20),
            Bounds(x: 10, y: 100, width: 200, height: 20),
            Bounds(x: 10, y: 130, width: 20, height: 20),
        ])
    }

    @Test("inside one word: one rectangle between the character estimates")
    func rectInsideAWord() throws {
        // "0123" spans 170-210; characters 1..<3.
        let selection = TextSelection(anchor: position(1, 0, 4, 1), focus: position(1, 0, 4, 3))
        #expect(text.rects(of: selection) == [Bounds(x: 180, y: 100, width: 20, height: 20)])
        #expect(text.text(of: selection) == "12")
    }

    @Test("a line only touched at an end gets no rectangle; an empty selection none at all")
    func touchedLines() {
        let toNextLineStart = TextSelection(anchor: position(0, 0, 2), focus: position(0, 1, 0))
        #expect(text.text(of: toNextLineStart) == "world\n")
        #expect(text.rects(of: toNextLineStart) == [Bounds(x: 120, y: 10, width: 50, height: 20)])
        let fromLineEnd = TextSelection(anchor: position(0, 0, 2, 5), focus: position(0, 1, 0, 6))
        #expect(text.text(of: fromLineEnd) == "\nsecond")
        #expect(text.rects(of: fromLineEnd) == [Bounds(x: 10, y: 40, width: 60, height: 20)])
        #expect(text.rects(of: TextSelection(caret: position(0, 0, 1, 2))).isEmpty)
        #expect(text.text(of: TextSelection(caret: position(0, 0, 1, 2))).isEmpty)
    }

    @Test("the word under a point: edges left and top in, right and bottom out, gaps none")
    func wordHits() {
        #expect(text.word(at: at(10, 10)) == position(0, 0, 0))
        #expect(text.word(at: at(59.9, 29.9)) == position(0, 0, 0))
        #expect(text.word(at: at(60, 20)) == nil)
        #expect(text.word(at: at(30, 30)) == nil)
        #expect(text.word(at: at(65, 20)) == nil)
        #expect(text.position(at: at(29, 20)) == position(0, 0, 0, 2))
        #expect(text.position(at: at(65, 20)) == nil)
        #expect(text.position(at: at(455, 12)) == position(2, 0, 1, 1))
    }

    @Test("positions that name no word are clamped into the text, never trapped")
    func clamping() {
        #expect(text.clamped(position(0, 0, 0, -3)) == position(0, 0, 0, 0))
        #expect(text.clamped(position(0, 0, 0, 99)) == position(0, 0, 0, 5))
        #expect(text.clamped(position(0, 0, 7, 1)) == position(0, 1, 0))
        #expect(text.clamped(position(9, 9, 9, 9)) == position(2, 0, 1, 4))
        #expect(text.clamped(position(-1, 0, 0, 0)) == position(0, 0, 0))
        let wild = TextSelection(anchor: position(-4, 0, 0), focus: position(40, 0, 0))
        #expect(text.text(of: wild) == analysis.text)
        #expect(text.rects(of: wild).count == 5)
    }

    @Test("an analysis without words offers nothing to select and answers every question")
    func noWords() {
        let empty = SelectableText(ImageAnalysis(image: .init(width: 10, height: 10, source: "test")))
        #expect(empty.isEmpty && empty.selectAll() == nil)
        #expect(empty.position(nearest: at(5, 5)) == nil && empty.selection(from: at(0, 0), to: at(9, 9)) == nil)
        #expect(empty.text(of: TextSelection(anchor: position(0, 0, 0), focus: position(1, 0, 0))).isEmpty)
        #expect(empty.rects(of: TextSelection(anchor: position(0, 0, 0), focus: position(1, 0, 0))).isEmpty)
        #expect(empty.textOffset(of: position(0, 0, 0)) == nil && empty.position(atTextOffset: 3) == nil)
    }

    @Test("empty lines and blocks keep their breaks in the selected text")
    func emptyLinesAndBlocks() throws {
        let blocks = [
            TextBlock(lines: [TextSamples.block(["one two"], x: 0, y: 0).lines[0], TextLine(words: []),
                              TextSamples.block(["three"], x: 0, y: 60).lines[0]]),
            TextBlock(lines: [TextLine(words: []), TextLine(words: [])]),
            TextSamples.block(["four"], x: 0, y: 200),
        ]
        let analysis = ImageAnalysis(image: .init(width: 100, height: 300, source: "test"), blocks: blocks)
        let text = SelectableText(analysis)
        #expect(text.text(of: try #require(text.selectAll())) == analysis.text)
        #expect(analysis.text == "one two\n\nthree\n\n\n\n\nfour")
    }

    @Test("an item found in the text is a selection of exactly its text")
    func itemSelections() throws {
        let analysis = TextSamples.withItems
        let text = SelectableText(analysis)
        for item in analysis.items where item.source == .text {
            let selection = try #require(text.selection(of: item))
            #expect(text.text(of: selection) == item.text)
        }
        let twoLines = try #require(text.selection(of: analysis.items[1]))
        #expect(text.rects(of: twoLines) == [Bounds(x: 120, y: 10, width: 50, height: 20), Bounds(x: 10, y: 40, width: 60, height: 20)])
        #expect(text.selection(of: analysis.items[2]) == nil)
    }

    @Test("a selection knows its ends and what it contains")
    func selectionValue() {
        let s = TextSelection(anchor: position(1, 0, 0), focus: position(0, 0, 1, 2))
        #expect(s.start == position(0, 0, 1, 2) && s.end == position(1, 0, 0))
        #expect(s.contains(position(0, 1, 0)) && s.contains(s.start) && !s.contains(s.end))
        #expect(!s.isEmpty && TextSelection(caret: s.end).isEmpty)
    }
}
