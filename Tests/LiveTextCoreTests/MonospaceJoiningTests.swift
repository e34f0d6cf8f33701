import Testing
@testable import LiveTextCore

@Suite("spaces invented inside tokens of terminal text")
struct MonospaceJoiningTests {
    /// A line of words, each a box of ink `cell` wide per character less 3 px, starting at the
    /// given column (a 10-px cell): what a terminal shows.
    static func line(_ words: [(String, Int)], inkFrom: [Int]? = nil) -> (RecognizedLine, PixelImage) {
        var page = PixelImage(width: 800, height: 30, gray: 255)
        var recognized = [RecognizedWord]()
        for (index, (text, column)) in words.enumerated() {
            let x = inkFrom?[index] ?? column * 10 + 2
            let width = (column * 10 + text.count * 10 - 1) - x
            for y in 8..<22 { for dx in 0..<width { page.pixels[y * 800 + x + dx] = 0 } }
            recognized.append(RecognizedWord(text: text, bounds: Bounds(x: x, y: 8, width: width, height: 14), confidence: 90))
        }
        return (RecognizedLine(bounds: Bounds(x: 0, y: 6, width: 800, height: 18), words: recognized), page)
    }

    @Test("words that meet at punctuation with less than a cell of blank are one; a space stays")
    func joins() {
        // `Check https://status.example.net/x now`, read as `https:` `//status…`: the colon's ink
        // ends 4 px before the slashes begin.
        let (line, page) = Self.line([("Check", 0), ("https:", 6), ("//status.example.net/x", 12), ("now", 35)],
                                     inkFrom: [2, 62, 124, 352])
        let joined = MonospaceJoining.joined(line, cell: 10, in: page)
        #expect(joined.words.map(\.text) == ["Check", "https://status.example.net/x", "now"])
    }

    @Test("without punctuation where they meet, close words stay apart")
    func lettersOnly() {
        let (line, page) = Self.line([("first", 0), ("last", 5)], inkFrom: [2, 54])
        #expect(MonospaceJoining.joined(line, cell: 10, in: page).words.count == 2)
    }

    @Test("a word box reaching past the ink does not hide a space (the blank is measured on the page)")
    func boxesOff() {
        // `- [09/Jun`: a space between, the second box starting 8 px left of its ink.
        var (line, page) = Self.line([("-", 0), ("[09/Jun", 2)], inkFrom: [2, 22])
        line.words[1].bounds.x -= 8
        line.words[1].bounds.width += 8
        #expect(MonospaceJoining.joined(line, cell: 10, in: page).words.count == 2)
    }

    @Test("the cell of monospace words is found; proportional ones have none")
    func cell() {
        let mono = (0..<8).map { n in
            RecognizedWord(text: String(repeating: "x", count: 6 + n), bounds: Bounds(x: 0, y: 0, width: (6 + n) * 10 - 3, height: 14),
                           confidence: 90)
        }
        let cell = MonospaceJoining.cellWidth(of: mono)
        #expect(cell.map { abs($0 - 10) < 0.6 } == true)
        let proportional = ["minimum", "illicit", "WOMBATS", "lighthouse", "keepers", "awkward", "filling", "MEMORANDUM"]
            .map { RecognizedWord(text: $0, bounds: Bounds(x: 0, y: 0, width: $0.reduce(0) { $0 + ("il".contains($1) ? 3 : $1.isUppercase ? 11 : 7) },
                                                            height: 14), confidence: 90) }
        #expect(MonospaceJoining.cellWidth(of: proportional) == nil)
    }

    /// Words whose ink is as wide as `width(text)`, each on a line of its own.
    static func words(_ texts: [String], width: (String) -> Int) -> [RecognizedWord] {
        texts.map { RecognizedWord(text: $0, bounds: Bounds(x: 0, y: 0, width: width($0), height: 14), confidence: 90) }
    }

    @Test("a few words tell monospace by their pitch; proportional ones, or ones that cannot tell, do not")
    func pitch() {
        // `$ echo "$DEPLOY_TARGET" && ssh deploy@10`: five words of three or more characters, a
        // 10-px cell, the boxes a pixel or two off.
        let texts = ["echo", "\"$DEPLOY_TARGET\"", "ssh", "deploy@10", "uptime"]
        let offsets = [1, -2, 0, 2, -1]
        let mono = Self.words(texts) { text in (text.count * 10 - 3) + offsets[texts.firstIndex(of: text)!] }
        let cell = MonospaceJoining.pitchCell(of: mono)
        #expect(cell.map { abs($0 - 10) < 0.5 } == true)
        #expect(MonospaceJoining.cellWidth(of: mono) == cell)  // fewer than eight long words: the pitch says it
        // The same words in a proportional font (narrow i, l, t, wide m, w, @).
        let proportional = Self.words(["will", "mimic", "little", "WOMBAT", "illicit"]) { text in
            text.reduce(0) { $0 + ("ilt".contains($1) ? 3 : "mwMW@".contains($1) ? 12 : $1.isUppercase ? 9 : 7) }
        }
        #expect(MonospaceJoining.pitchCell(of: proportional) == nil)
        // Words whose letters are alike in width cannot tell the fonts apart; three words are too few.
        #expect(MonospaceJoining.pitchCell(of: Self.words(["none", "noon", "onus", "sons"]) { $0.count * 10 - 3 }) == nil)
        #expect(MonospaceJoining.pitchCell(of: Array(mono.prefix(3))) == nil)
    }

    @Test("a line read unsurely because its one token was broken apart is that token; debris is not")
    func token() {
        let (line, page) = Self.line([("sam.", 0), ("lee@example.org", 4)], inkFrom: [2, 44])
        #expect(MonospaceJoining.token(line, cell: 10, in: page)?.words.map(\.text) == ["sam.lee@example.org"])
        let (apart, apartPage) = Self.line([("yore", 0), ("ewisay", 5)], inkFrom: [2, 54])
        #expect(MonospaceJoining.token(apart, cell: 10, in: apartPage) == nil)
        let (short, shortPage) = Self.line([("|", 0), ("/", 1)], inkFrom: [2, 12])
        #expect(MonospaceJoining.token(short, cell: 10, in: shortPage) == nil)
    }
}
