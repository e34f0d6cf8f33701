/// Letters read without the stroke that goes below their line: DejaVu Sans' `q` of
/// `hannah@lindqvist.se` read `a` (tesseract weighs `q` second), though the name reads right in
/// the cell above. The ink below the line says which it is: a glyph reaching well under the
/// baseline is no `a`. Where a word's ink reaches down at a place its reading has nothing that
/// may (`g`, `p`, `@`, `,`, …), the character read there takes the best of the recognizer's
/// alternatives for it that is a letter going down (`RecognizedWord.alternatives`).
enum DescenderLetters {
    /// Letters whose stroke goes below the line, what an alternative must be.
    static let descending: Set<Character> = ["g", "j", "p", "q", "y"]
    /// Characters that never reach below the line in a Latin font: a descent under them is unexplained.
    static let level: Set<Character> = Set("abcdefhiklmnorstuvwxzABCDEFGHIKLMNOPRSTUVWXYZ0123456789.:!?'\"%&*+-=<>#~^")
    /// A pixel darker than this is ink (a prepared page is dark text on white).
    static let ink: UInt8 = 128
    /// A row holding at least this share of the fullest row's ink is in the body of the text.
    static let bodyShare = 0.35
    /// Ink this far below the baseline (a share of the body's height, a pixel at least) descends.
    static let depth = 0.2

    /// The middles (x, on `page`) of the runs of ink in `box` that reach well below the baseline
    /// of its text, each narrower than one and a half times the body's height (not a rule under
    /// the word); empty where its rows tell no baseline.
    static func descents(in box: Bounds, on page: PixelImage) -> [Double] {
        let area = box.clamped(width: page.width, height: page.height)
        guard area.width > 2, area.height > 4, page.format == .gray8 else { return [] }
        let counts = (area.y..<area.maxY).map { y in (area.x..<area.maxX).filter { page.pixels[y * page.width + $0] < ink }.count }
        guard let fullest = counts.max(), fullest > 0,
              let top = counts.firstIndex(where: { Double($0) >= bodyShare * Double(fullest) }),
              let bottom = counts.lastIndex(where: { Double($0) >= bodyShare * Double(fullest) }), bottom > top else { return [] }
        let below = area.y + bottom + 1 + max(1, Int((depth * Double(bottom - top + 1)).rounded()))
        guard below < area.maxY else { return [] }
        var runs: [(from: Int, to: Int)] = []
        for x in area.x..<area.maxX where (below..<area.maxY).contains(where: { page.pixels[$0 * page.width + x] < ink }) {
            if let last = runs.last, x - last.to <= 2 {
                runs[runs.count - 1].to = x
            } else {
                runs.append((x, x))
            }
        }
        // A stroke under a letter is narrow; a rule or an underline under the word is no descent.
        let widest = Int(1.5 * Double(bottom - top + 1))
        return runs.filter { $0.to - $0.from < widest }.map { Double($0.from + $0.to + 1) / 2 }
    }

    /// The descents of `text`'s ink in `box` on `page` that no character of it explains, each with
    /// the characters near it (within half an em, by a proportional font's widths), nearest first;
    /// none when the text has as many characters that may reach down as there are descents.
    static func unexplained(_ text: String, in box: Bounds, on page: PixelImage) -> [[Int]] {
        let characters = Array(text)
        guard characters.contains(where: level.contains) else { return [] }
        let total = ProportionalWidths.inkWidth(of: text) + 0.1
        var middles: [Double] = [], before = 0.0
        for character in characters {
            let width = ProportionalWidths.inkWidth(of: String(character)) + 0.1
            middles.append(Double(box.x) + Double(box.width) * (before + width / 2) / total)
            before += width
        }
        let em = Double(box.width) / max(total, 0.1)
        // As many characters that may reach down as descents: each may be one (where they stand
        // is only estimated: a monospace font puts them elsewhere).
        let descents = descents(in: box, on: page)
        guard descents.count > characters.filter({ !level.contains($0) }).count else { return [] }
        return descents.compactMap { descent in
            let near = characters.indices.filter { abs(middles[$0] - descent) <= 0.5 * em }
                .sorted { abs(middles[$0] - descent) < abs(middles[$1] - descent) }
            return !near.isEmpty && near.allSatisfy({ level.contains(characters[$0]) }) ? near : nil
        }
    }

    /// `word` (read on the prepared `page`, with its alternatives) with the level character under
    /// each unexplained descent made the best descending alternative the recognizer weighed for
    /// it (of the characters near the descent, the nearest that has one).
    static func corrected(_ word: RecognizedWord, on page: PixelImage) -> RecognizedWord {
        var characters = Array(word.text)
        guard word.alternatives.count == characters.count else { return word }
        for near in unexplained(word.text, in: word.bounds, on: page) {
            guard let index = near.first(where: { word.alternatives[$0].contains { descendingLetter($0) } }),
                  let letter = word.alternatives[index].first(where: { descendingLetter($0) })?.first else { continue }
            characters[index] = letter
        }
        var corrected = word
        corrected.text = String(characters)
        return corrected
    }

    /// Whether the words `new` are `old` but for level characters made descending letters.
    static func onlyDescends(_ new: [String], from old: [String]) -> Bool {
        guard new.count == old.count, new != old else { return false }
        return zip(new, old).allSatisfy { n, o in
            n.count == o.count && zip(n, o).allSatisfy { $0 == $1 || (level.contains($1) && descending.contains($0)) }
        }
    }

    /// `crop` (any colours) as dark ink on white: its background the grey most of it has, ink
    /// what is further from it than half the furthest.
    static func inkOnWhite(_ crop: PixelImage) -> PixelImage {
        var gray = crop.luminance()
        var counts = [Int](repeating: 0, count: 256)
        for value in gray.pixels { counts[Int(value)] += 1 }
        let background = counts.indices.max { counts[$0] < counts[$1] } ?? 255
        let furthest = gray.pixels.map { abs(Int($0) - background) }.max() ?? 0
        for index in gray.pixels.indices {
            gray.pixels[index] = furthest > 0 && 2 * abs(Int(gray.pixels[index]) - background) > furthest ? 0 : 255
        }
        return gray
    }

    private static func descendingLetter(_ text: String) -> Bool {
        text.count == 1 && text.first.map { descending.contains($0) } == true
    }
}
