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
    /// monospace; nil otherwise. With fewer long words than `minimumWords` (a short crop:
    /// `$ ssh ops@db-01`), the pitch of the words says it (`pitchCell`).
    static func cellWidth(of words: [RecognizedWord]) -> Double? {
        let widths = self.widths(of: words).sorted()
        guard widths.count >= minimumWords else { return pitchCell(of: words) }
        let median = widths[widths.count / 2]
        return agree(widths, cell: median) && median > 0 ? median : pitchCell(of: words)
    }

    /// Words this long or longer weigh in the pitch test.
    static let pitchLength = 3
    /// …and at least this many of them (three: `Shared with Templates` in Noto Sans fits a
    /// monospace pitch within 1 %).
    static let pitchWords = 4
    /// Monospace widths fit within this mean relative error…
    static let pitchTolerance = 0.05
    /// …at most this share of the proportional fit's error…
    static let pitchAdvantage = 0.5
    /// …and the words tell the two apart: their proportional width per character differs by
    /// this factor at least (`minimum` and `illicit` do; `Sam` and `Lee` do not).
    static let pitchSpread = 1.15

    /// The cell width when a few words are plainly monospace: their ink widths are as many
    /// cells as they have characters (less the outer side bearings) within `pitchTolerance`, and
    /// that fits them at least twice as well as the widths of a proportional font
    /// (`ProportionalWidths`), on words whose letters are narrow and wide enough to tell. On the
    /// screen corpus this says monospace for 67 % of the one- and two-line pieces of terminals
    /// and for none of the 328 of browser pages and Tk forms (where the eight-word test says
    /// nothing for either); nil otherwise. Also asked when the eight-word test fails, since the
    /// garbage of a line cut by the selection's edge makes it fail on a short terminal crop.
    static func pitchCell(of words: [RecognizedWord]) -> Double? {
        let measured = words.filter { $0.text.count >= pitchLength && $0.bounds.width > 0 }
        guard measured.count >= pitchWords else { return nil }
        let widths = measured.map { Double($0.bounds.width) }
        let cells = measured.map { Double($0.text.count) - 0.3 }
        let ems = measured.map { ProportionalWidths.inkWidth(of: $0.text) }
        let perCharacter = zip(ems, cells).map { $0 / $1 }
        guard let narrowest = perCharacter.min(), let widest = perCharacter.max(), narrowest > 0,
              widest / narrowest >= pitchSpread else { return nil }
        let monospace = fit(widths, to: cells), proportional = fit(widths, to: ems)
        // Each error two ways: per word (a long word misread weighs like a short one), and per
        // pixel (the box of a short word a few pixels off weighs little: `Sam` boxed 27 px wide
        // for 24 px of cells).
        let perWord = monospace.perWord <= pitchTolerance && monospace.perWord <= pitchAdvantage * proportional.perWord
        let perPixel = monospace.perPixel <= pitchTolerance && monospace.perPixel <= pitchAdvantage * proportional.perPixel
        return (perWord || perPixel) && monospace.scale > 0 ? monospace.scale : nil
    }

    /// The scale that fits `widths` to `units` (the median of their ratios), and the error left:
    /// the mean relative error of the words, and the pixels off over all the width.
    private static func fit(_ widths: [Double], to units: [Double]) -> (scale: Double, perWord: Double, perPixel: Double) {
        let ratios = zip(widths, units).map { $0 / $1 }.sorted()
        let scale = ratios[ratios.count / 2]
        let perWord = ratios.reduce(0) { $0 + abs($1 / scale - 1) } / Double(ratios.count)
        let predicted = units.map { $0 * scale }
        let perPixel = zip(widths, predicted).reduce(0) { $0 + abs($1.0 - $1.1) } / predicted.reduce(0, +)
        return (scale, perWord, perPixel)
    }

    /// Whether `words` (a block) are in the font of `cell`: their long words agree with it
    /// (a block of short words only, `$ ls`, on a monospace page, is).
    static func fit(_ words: [RecognizedWord], cell: Double) -> Bool {
        // `__name__` read as `_name_` is two cells wider than its text: it agrees once doubled.
        let measuring = words.filter { $0.text.count >= measuringLength }
        let agreeing = measuring.filter {
            fits($0, characters: $0.text.count, cell: cell) || DoubledUnderscores.fitsDoubled($0, cell: cell)
        }
        if Double(agreeing.count) >= Self.agreeing * Double(measuring.count) { return true }
        // A word misread by a character or two (`deploy@1e@` for `deploy@10`) is off by more
        // than the tolerance; the pitch of all the block's words still tells.
        let measured = words.filter { $0.text.count >= pitchLength }
        guard measured.count >= pitchWords else { return false }
        let error = measured.reduce(0) { $0 + abs(Double($1.bounds.width) / (cell * (Double($1.text.count) - 0.3)) - 1) }
        return error / Double(measured.count) <= pitchTolerance
    }

    /// Whether `word` is as wide as `characters` cells of `cell` (less the outer side bearings),
    /// within `tolerance`.
    static func fits(_ word: RecognizedWord, characters: Int, cell: Double) -> Bool {
        abs(Double(word.bounds.width) / (Double(characters) - 0.3) - cell) <= tolerance * cell
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

    /// Words of a token the recognizer read unsurely only because it broke it apart: the line
    /// as one word when its words (two or more) all join into one that is long enough and holds
    /// a letter; nil otherwise (debris of borders and icons has blank between its pieces).
    static func token(_ line: RecognizedLine, cell: Double, in page: PixelImage) -> RecognizedLine? {
        // Joined, its text is theirs end to end: told before the page's pixels are looked at.
        guard line.words.count >= 2, line.words.reduce(0, { $0 + $1.text.count }) >= minimumTokenLength,
              line.words.contains(where: { $0.text.contains(where: \.isLetter) }) else { return nil }
        let joined = self.joined(line, cell: cell, in: page)
        return joined.words.count == 1 ? joined : nil
    }

    /// The shortest token `token(_:cell:in:)` keeps.
    static let minimumTokenLength = 6

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
