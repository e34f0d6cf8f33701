/// Spaces the recognizer invents inside a token of terminal text (`https: //example.com`,
/// `ivo@quay :~$`, `VAT_RATE) .quantize`): in a monospace font every character, a space too,
/// takes one cell, so two words with less than a cell of blank between their ink have no space
/// between them. Tesseract breaks words after narrow punctuation, whose ink sits in the middle
/// of its cell, and its word boxes are a few pixels off, so the blank is measured on the page.
///
/// Only on pages whose words are plainly monospace (their width per character agrees), in the
/// blocks of that font, and only
/// where the words meet at punctuation: prose in a proportional font keeps its spaces.
enum MonospaceJoining {
    /// Words with less blank than this between their ink, in cells, have no space between
    /// them: a space is a whole cell of blank, the side bearings of the two glyphs add to it;
    /// the widest blank inside a token (between two colons, `a::b`) is about 0.6 of a cell.
    static let joiningGap = 0.8
    /// Words at least this long (in characters) measure the cell.
    static let measuringLength = 6
    /// A block is monospace when this share of its measuring words is within `tolerance` of the
    /// median width per character, and there are at least `minimumWords` of them.
    static let agreeing = 0.8
    static let tolerance = 0.06
    static let minimumWords = 8
    /// Characters at which a token of terminal text is broken apart by the recognizer.
    static let joints: Set<Character> = [".", ":", "/", "@", "_", "-", "=", "~", "\\", ",", ";", "(", ")", "[", "]",
                                         "{", "}", "<", ">", "#", "?", "&", "%", "+", "$", "'", "\"", "|", "*", "!"]

    /// The width of one cell of the page's font, in the words' pixels, when its words are
    /// monospace; nil otherwise.
    static func cellWidth(of words: [RecognizedWord]) -> Double? {
        let widths = self.widths(of: words).sorted()
        guard widths.count >= minimumWords else { return nil }
        let median = widths[widths.count / 2]
        return agree(widths, cell: median) && median > 0 ? median : nil
    }

    /// Whether `words` (a block) are in the font of `cell`: their long words agree with it
    /// (a block of short words only, `$ ls`, on a monospace page, is).
    static func fit(_ words: [RecognizedWord], cell: Double) -> Bool {
        agree(widths(of: words), cell: cell)
    }

    /// Ink width per character of the long words: n cells less the outer side bearings (about
    /// 0.3 of a cell).
    private static func widths(of words: [RecognizedWord]) -> [Double] {
        words.compactMap { word -> Double? in
            let count = word.text.count
            return count >= measuringLength ? Double(word.bounds.width) / (Double(count) - 0.3) : nil
        }
    }

    private static func agree(_ widths: [Double], cell: Double) -> Bool {
        Double(widths.filter { abs($0 - cell) <= tolerance * cell }.count) >= agreeing * Double(widths.count)
    }

    /// `line` with the neighbouring words that meet at punctuation with less than a cell of
    /// blank between their ink (in `page`, dark text on white) made one word.
    static func joined(_ line: RecognizedLine, cell: Double, in page: PixelImage) -> RecognizedLine {
        var words = [RecognizedWord]()
        for word in line.words {
            if let last = words.last, let end = last.text.last, let start = word.text.first,
               joints.contains(end) || joints.contains(start), word.bounds.x >= last.bounds.x,
               let blank = blank(between: last.bounds, and: word.bounds, rows: line.bounds, cell: cell, in: page),
               Double(blank) < joiningGap * cell {
                let weight = Double(last.text.count + word.text.count)
                words[words.count - 1] = RecognizedWord(
                    text: last.text + word.text, bounds: [last.bounds, word.bounds].union,
                    confidence: (last.confidence * Double(last.text.count) + word.confidence * Double(word.text.count)) / weight)
            } else {
                words.append(word)
            }
        }
        return RecognizedLine(bounds: line.bounds, words: words)
    }

    /// The widest run of ink-free columns around the meeting of two word boxes (searched from a
    /// cell inside each, as far as their outer edges: the boxes are a few pixels off), over the
    /// line's rows; nil when they hold no ink there.
    static func blank(between left: Bounds, and right: Bounds, rows: Bounds, cell: Double, in page: PixelImage) -> Int? {
        let reach = Int(cell.rounded(.up))
        let from = max(0, left.x, min(left.maxX, right.x) - reach)
        let to = min(page.width, right.maxX, max(left.maxX, right.x) + reach)
        // The line's rows only: a word box taller than its line reaches into the lines around.
        let top = max(0, rows.y), bottom = min(page.height, rows.maxY)
        guard from < to, top < bottom else { return nil }
        var widest = 0, run = 0, sawInk = false
        for x in from..<to {
            var ink = false
            for y in top..<bottom where page.pixels[y * page.width + x] < PageStrips.inkThreshold {
                ink = true
                break
            }
            if ink {
                sawInk = true
                run = 0
            } else {
                run += 1
                widest = max(widest, run)
            }
        }
        return sawInk ? widest : nil
    }
}
