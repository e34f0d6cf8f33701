/// Where the text lines of a block are read from, each line on its own.
///
/// A line is read from its box with a margin, so that the recognizer sees whole glyphs and some
/// white around them, but never reaching into the lines above and below it. A line with wide
/// gaps (a table row, columns that the layout joined into one line) is read in pieces, one per
/// stretch of ink between gaps wider than 1.25 line heights: read whole, the recognizer loses
/// or garbles the words around such gaps; a space between words is far narrower. (Pieces
/// split at one line height made short pieces such as `-rw-r--r--` in `ls -l` lose context;
/// over the screen corpus, 1.25 read best: CER 5.32 % against 5.71 % for whole lines.)
enum LineRegions {
    /// Darker than this is ink (prepared pages are dark text on white).
    static let inkThreshold: UInt8 = PageStrips.inkThreshold

    /// For each line of a block (top to bottom), the regions of its pieces, left to right.
    static func regions(of lines: [Bounds], in image: PixelImage) -> [[Bounds]] {
        let page = Bounds(x: 0, y: 0, width: image.width, height: image.height)
        return lines.map { line in
            let marginY = max(3, line.height / 5), marginX = max(3, line.height / 4)
            var top = line.y - marginY, bottom = line.maxY + marginY
            for other in lines where other != line && other.x < line.maxX && line.x < other.maxX {
                if other.maxY <= line.y { top = max(top, other.maxY) }
                if other.y >= line.maxY { bottom = min(bottom, other.y) }
            }
            return pieces(of: line, in: image).compactMap { piece in
                let region = Bounds(x: piece.lowerBound - marginX, y: top,
                                    width: piece.count + 2 * marginX, height: bottom - top).intersection(page)
                return region.isEmpty ? nil : region
            }
        }
    }

    /// The column ranges of `line` between gaps wider than 1.25 times its height (the whole
    /// line when it has none, or no ink at all).
    static func pieces(of line: Bounds, in image: PixelImage) -> [Range<Int>] {
        let box = line.intersection(Bounds(x: 0, y: 0, width: image.width, height: image.height))
        guard !box.isEmpty, image.format == .gray8 else { return [line.x..<line.maxX] }
        let gap = max(line.height * 5 / 4, 4)
        var pieces: [Range<Int>] = []
        var start: Int?, lastInk = box.x
        image.pixels.withUnsafeBufferPointer { pixels in
            for x in box.x..<box.maxX {
                var ink = false
                for y in box.y..<box.maxY where pixels[y * image.width + x] < inkThreshold {
                    ink = true
                    break
                }
                guard ink else { continue }
                if let first = start, x - lastInk > gap {
                    pieces.append(first..<(lastInk + 1))
                    start = x
                } else if start == nil {
                    start = x
                }
                lastInk = x
            }
        }
        if let first = start { pieces.append(first..<(lastInk + 1)) }
        return pieces.isEmpty ? [line.x..<line.maxX] : pieces
    }
}

