import LiveTextCore
import LiveTextInteraction
import Testing

@Suite("A dense 1920x1080 screen")
struct DenseScreenTests {
    /// Two columns of 60 lines of 12 words each (1 440 words), in four blocks per column.
    static let screen: ImageAnalysis = {
        var blocks: [TextBlock] = []
        for column in 0..<2 {
            for block in 0..<4 {
                let lines = (0..<15).map { row in
                    (0..<12).map { w in "w\(column)\(block)\(row)x\(w)" }.joined(separator: " ")
                }
                blocks.append(TextSamples.block(lines, x: 10 + column * 960, y: 10 + block * 15 * 17))
            }
        }
        // Lines 30 px apart in the sample builder overlap between blocks; squeeze them to 17.
        blocks = blocks.map { block in
            TextBlock(lines: block.lines.enumerated().map { row, line in
                TextLine(words: line.words.map { word in
                    var word = word
                    word.bounds.y = block.lines[0].bounds.y + row * 17
                    word.bounds.height = 14
                    return word
                })
            })
        }
        return ImageAnalysis(image: .init(width: 1920, height: 1080, source: "test"), blocks: blocks)
    }()

    @Test("everything selected is the text, drawn as one rectangle per line")
    func selectAll() throws {
        let text = SelectableText(Self.screen)
        let all = try #require(text.selectAll())
        #expect(text.text(of: all) == Self.screen.text)
        #expect(text.rects(of: all).count == 120)
    }

    @Test("a thousand drag steps across the left column, each giving text and one rectangle per line")
    func dragging() throws {
        let text = SelectableText(Self.screen)
        let from = PixelPoint(x: 15, y: 12)
        for step in 0..<1000 {
            let to = PixelPoint(x: Double(step % 900), y: Double(step) * 1.0)
            let selection = try #require(text.selection(from: from, to: to))
            let rects = text.rects(of: selection)
            let selected = text.text(of: selection)
            // A rectangle for every line with something of it selected, and no other.
            let lines = selected.split(separator: "\n", omittingEmptySubsequences: true).count
            #expect(rects.count == lines)
            #expect(rects.allSatisfy { $0.x < 960 })
        }
    }
}
