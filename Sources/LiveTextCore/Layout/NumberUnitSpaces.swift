/// The space between a number and its unit in a table's cell that the reading lost (`10TB` for
/// `10 TB`): a condensed font's space is barely wider than the blank between two letters, and
/// tesseract reads the pair as one word. Where the ink has a blank as wide as a space at the place
/// where the digits end, clearly wider than the blanks between the word's other glyphs, the word
/// is two. A unit printed against its number (`16G` in `df`) leaves no such blank and stays one.
enum NumberUnitSpaces {
    /// The narrowest blank that is a space, as a share of the word's height.
    static let spaceShare = 0.3
    /// …and as a multiple of the widest other blank between the word's glyphs.
    static let spaceRatio = 1.5

    /// `word` split into its number and its unit when the ink says a space lies between them;
    /// nil when it does not (or the word is no number with a unit). `gray`: the image's luminance.
    static func split(_ word: TextWord, in gray: PixelImage) -> [TextWord]? {
        let characters = Array(word.text)
        guard let digits = unitStart(of: word.text) else { return nil }
        let box = word.bounds.clamped(width: gray.width, height: gray.height)
        guard box.width > 4, box.height > 4, gray.format == .gray8 else { return nil }
        // The background: the most common shade on the box's top and bottom rows.
        var shades = [Int](repeating: 0, count: 256)
        for x in box.x..<box.maxX {
            shades[Int(gray.pixels[box.y * gray.width + x])] += 1
            shades[Int(gray.pixels[(box.maxY - 1) * gray.width + x])] += 1
        }
        let background = shades.indices.max { shades[$0] < shades[$1] } ?? 255
        let inked = (box.x..<box.maxX).map { x in
            (box.y..<box.maxY).contains { y in abs(Int(gray.pixels[y * gray.width + x]) - background) > 80 }
        }
        // The blanks between glyphs: runs of columns without ink, inside the ink.
        guard let first = inked.firstIndex(of: true), let last = inked.lastIndex(of: true) else { return nil }
        var blanks: [Range<Int>] = [], start: Int?
        for x in first...last {
            if !inked[x], start == nil { start = x }
            if inked[x], let from = start {
                blanks.append(from..<x)
                start = nil
            }
        }
        // The blank nearest where the digits end, by their share of the characters.
        let expected = first + (last - first) * digits / characters.count
        guard let gap = blanks.min(by: { abs($0.lowerBound - expected) < abs($1.lowerBound - expected) }),
              abs(gap.lowerBound - expected) <= (last - first) / characters.count + 2 else { return nil }
        let others = blanks.filter { $0 != gap }.map(\.count).max() ?? 0
        guard Double(gap.count) >= spaceShare * Double(box.height), Double(gap.count) >= spaceRatio * Double(max(others, 1))
        else { return nil }
        let number = Bounds(x: box.x + first, y: word.bounds.y, width: gap.lowerBound - first, height: word.bounds.height)
        let unit = Bounds(x: box.x + gap.upperBound, y: word.bounds.y, width: last + 1 - gap.upperBound, height: word.bounds.height)
        return [TextWord(text: String(characters[..<digits]), bounds: number, confidence: word.confidence),
                TextWord(text: String(characters[digits...]), bounds: unit, confidence: word.confidence)]
    }

    /// `blocks` with the words of `tables`' cells split where `split` says.
    static func corrected(_ blocks: [TextBlock], tables: [TextTable], in image: PixelImage) -> [TextBlock] {
        let cells = tables.flatMap(\.rows).flatMap { $0 }.filter { $0.text.contains(where: \.isNumber) }.map(\.bounds)
        guard !cells.isEmpty else { return blocks }
        let inCells = { (word: TextWord) in cells.contains { UnsureCells.holds($0, word) } }
        guard blocks.contains(where: { $0.lines.contains { $0.words.contains { inCells($0) && unitStart(of: $0.text) != nil } } })
        else { return blocks }
        let gray = image.luminance()
        return blocks.compactMap { block in
            block.replacingLines(with: block.lines.map { line in
                TextLine(words: line.words.flatMap { word in (inCells(word) ? split(word, in: gray) : nil) ?? [word] })
            })
        }
    }

    /// Where the unit begins in `text` when it is a number with a unit of one to three letters
    /// after it (`10TB`, `2.5kg`); nil otherwise.
    static func unitStart(of text: String) -> Int? {
        let characters = Array(text)
        guard let digits = characters.firstIndex(where: \.isLetter), digits > 0, characters[digits - 1].isNumber,
              characters[..<digits].allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }),
              characters[digits...].allSatisfy(\.isLetter), characters.count - digits <= 3 else { return nil }
        return digits
    }
}
