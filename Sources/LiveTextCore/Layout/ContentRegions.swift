/// Parts of an image that hold content of their own, such as the windows on a screen: no text
/// line, block, row or reading order runs across their borders. Two windows side by side whose
/// lines happen to share baselines are read apart, each whole, one after the other.
///
/// The rectangles are in stacking order, topmost first (a point belongs to the first one holding
/// it; what none holds, the bare desktop, is one more part of its own). They are read in order
/// of place: left to right, then top to bottom.
public struct ContentRegions: Sendable, Hashable {
    /// Topmost first.
    public var rects: [Bounds]

    public init(_ rects: [Bounds] = []) {
        self.rects = rects.filter { !$0.isEmpty }
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// The part holding the point: the index of the topmost rectangle that does, or
    /// `rects.count` for the bare desktop.
    public func part(atX x: Int, y: Int) -> Int {
        rects.firstIndex { $0.contains(x: x, y: y) } ?? rects.count
    }

    /// The parts in reading order: by their rectangles' left edges, then top edges (the bare
    /// desktop last).
    public var readingOrder: [Int] {
        rects.indices.sorted { a, b in
            (rects[a].x, rects[a].y, a) < (rects[b].x, rects[b].y, b)
        } + [rects.count]
    }

    /// The same parts in another image's coordinates (`transform` maps a rectangle there).
    public func mapped(_ transform: (Bounds) -> Bounds) -> ContentRegions {
        ContentRegions(rects.map(transform))
    }

    /// `line` cut where it crosses from one part into another along its middle row: each piece
    /// with the part it lies in, left to right (the line whole when it lies in one).
    public func pieces(of line: Bounds) -> [(bounds: Bounds, part: Int)] {
        guard !rects.isEmpty, line.width > 1 else { return [(line, part(atX: line.x + line.width / 2, y: line.y + line.height / 2))] }
        let middle = line.y + line.height / 2
        let cuts = Set(rects.flatMap { [$0.x, $0.maxX] }.filter { $0 > line.x && $0 < line.maxX }).sorted()
        let edges = [line.x] + cuts + [line.maxX]
        var pieces: [(bounds: Bounds, part: Int)] = []
        for (start, end) in zip(edges, edges.dropFirst()) where end > start {
            let owner = part(atX: (start + end - 1) / 2, y: middle)
            if let last = pieces.last, last.part == owner {
                pieces[pieces.count - 1].bounds = Bounds(x: last.bounds.x, y: line.y, width: end - last.bounds.x, height: line.height)
            } else {
                pieces.append((Bounds(x: start, y: line.y, width: end - start, height: line.height), owner))
            }
        }
        return pieces
    }

    /// `page`'s blocks with their lines cut at the parts' borders, and each block split into one
    /// block a part (lines keep their order in each); the words of lines, if any, go with the
    /// piece that holds their middle. A page whose lines each lie in one part is returned as it is.
    public func splitting(_ page: RecognizedPage) -> RecognizedPage {
        guard !rects.isEmpty else { return page }
        var blocks: [RecognizedBlock] = []
        for block in page.blocks {
            var byPart: [Int: [RecognizedLine]] = [:]
            var order: [Int] = []
            for line in block.lines {
                for piece in pieces(of: line.bounds) {
                    let words = line.words.filter { word in
                        let middle = word.bounds.x + word.bounds.width / 2
                        return middle >= piece.bounds.x && middle < piece.bounds.maxX
                    }
                    if byPart[piece.part] == nil { order.append(piece.part) }
                    byPart[piece.part, default: []].append(RecognizedLine(bounds: piece.bounds, words: words))
                }
            }
            guard order.count > 1 else {
                blocks.append(RecognizedBlock(bounds: block.bounds, lines: byPart[order.first ?? 0] ?? block.lines,
                                              language: block.language))
                continue
            }
            for part in order {
                let lines = byPart[part] ?? []
                blocks.append(RecognizedBlock(bounds: lines.map(\.bounds).union, lines: lines, language: block.language))
            }
        }
        return RecognizedPage(blocks: blocks)
    }

    /// `blocks` by the part their middle lies in, the parts in reading order (empty ones left out).
    public func grouped(_ blocks: [TextBlock]) -> [[TextBlock]] {
        guard !rects.isEmpty else { return [blocks] }
        var byPart: [Int: [TextBlock]] = [:]
        for block in blocks {
            byPart[part(atX: block.bounds.x + block.bounds.width / 2, y: block.bounds.y + block.bounds.height / 2), default: []]
                .append(block)
        }
        return readingOrder.compactMap { byPart[$0] }
    }
}
