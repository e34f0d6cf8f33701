import Foundation

/// One page read by several engines at once.
///
/// The work comes in two kinds of jobs: the layout of a strip of the page (one per strip), and
/// then the text lines that layout found, each read on its own, in pieces where it has wide gaps
/// (`LineRegions`). Engines ask for the next job until there is none: strips first, then line
/// pieces, longest first so that the engines finish together. With a focus (live text: the
/// pointer), the work nearest it comes first instead: the strip holding it is laid out first, and
/// each job handed out is the nearest one, a strip's layout or a line piece, so the text around
/// the focus is read first and the rest in rings around it. An engine that asks while others are
/// still laying out strips waits for their lines. The recognizer reads a line the same way
/// whichever engine reads it, so the result depends neither on how many engines took part nor
/// on the order.
///
/// Engines block in `nextJob` on threads of their own (`BlockingWork`), so the state is a
/// `WaitableMutex`.
final class PageReading: Sendable {
    enum Job: Equatable {
        case layout(strip: Int, region: Bounds)
        case line(LineID, region: Bounds)
    }

    /// A piece of a line by its strip, block and line in that strip's layout, and its place in the line.
    struct LineID: Hashable {
        var strip: Int
        var block: Int
        var line: Int
        var piece: Int
    }

    private struct State {
        var stripsToLayOut: [Int]
        var stripsInProgress = 0
        /// Each strip's layout, in page coordinates.
        var layouts: [RecognizedPage?]
        /// The words read in each piece of a line.
        var words: [LineID: [RecognizedWord]] = [:]
        /// Line pieces waiting for an engine, the next one last: without a focus the longest,
        /// with one the nearest to it (by its line's `distance` from it).
        var waiting: [Piece] = []
        /// How many pieces each line of a laid-out strip has (by its piece 0).
        var pieces: [LineID: Int] = [:]
        var abandoned = false
        /// Engine time spent on each kind of job, in nanoseconds.
        var layoutNanoseconds: UInt64 = 0
        var linesNanoseconds: UInt64 = 0

        /// A job can be handed out, or it is clear that none will come.
        var canAnswer: Bool {
            abandoned || !stripsToLayOut.isEmpty || !waiting.isEmpty || stripsInProgress == 0
        }
    }

    /// A piece of a line to read, and how far its line is from the focus (0 without one).
    struct Piece {
        var id: LineID
        var region: Bounds
        var distance: Int
    }

    let page: RecognitionPage
    let strips: [Range<Int>]
    /// Where the reader looks first, in the page's pixels; nil: no place comes first.
    let focus: Bounds?
    /// The parts of the page read apart (windows), in its pixels: layout lines are cut at their borders.
    let regions: ContentRegions
    /// Called (on the engine's thread, outside the lock) each time a piece of a line is read.
    private let pieceRead: (@Sendable () -> Void)?
    private let state: WaitableMutex<State>

    init(page: RecognitionPage, strips: [Range<Int>], focus: Bounds? = nil, regions: ContentRegions = ContentRegions(),
         pieceRead: (@Sendable () -> Void)? = nil) {
        self.page = page
        self.regions = regions
        self.strips = strips
        self.focus = focus
        self.pieceRead = pieceRead
        var order = Array(strips.indices)
        if let focus {
            let width = page.image.width
            let distances = strips.map { Self.distance(from: focus, to: Bounds(x: 0, y: $0.lowerBound, width: width, height: $0.count)) }
            order.sort { distances[$0] != distances[$1] ? distances[$0] < distances[$1] : $0 < $1 }
        }
        state = WaitableMutex(State(stripsToLayOut: order, layouts: Array(repeating: nil, count: strips.count)))
    }

    /// How far `region` is from `focus`: the square of the gap between them, 0 where they meet.
    static func distance(from focus: Bounds, to region: Bounds) -> Int {
        let dx = max(0, region.x - focus.maxX + 1, focus.x - region.maxX + 1)
        let dy = max(0, region.y - focus.maxY + 1, focus.y - region.maxY + 1)
        return dx * dx + dy * dy
    }

    /// The next job, waiting while others lay out strips that may bring lines; nil when all
    /// the work is taken, or abandoned.
    func nextJob() -> Job? {
        let width = page.image.width, strips = self.strips, focus = self.focus
        return state.wait(until: \.canAnswer) { state -> Job? in
            guard !state.abandoned else { return nil }
            // With a focus, a line nearer to it than the nearest strip still to lay out goes first.
            if let focus, let strip = state.stripsToLayOut.first, let line = state.waiting.last,
               line.distance < Self.distance(from: focus, to: Bounds(x: 0, y: strips[strip].lowerBound, width: width,
                                                                     height: strips[strip].count)) {
                state.waiting.removeLast()
                return .line(line.id, region: line.region)
            }
            if !state.stripsToLayOut.isEmpty {
                let strip = state.stripsToLayOut.removeFirst()
                state.stripsInProgress += 1
                let rows = strips[strip]
                return .layout(strip: strip, region: Bounds(x: 0, y: rows.lowerBound, width: width, height: rows.count))
            }
            if let next = state.waiting.popLast() { return .line(next.id, region: next.region) }
            return nil
        }
    }

    /// Records the layout of `strip` and queues its lines.
    func laidOut(strip: Int, _ found: RecognizedPage, nanoseconds: UInt64) {
        let layout = regions.splitting(found)
        var lines: [Piece] = []
        var pieces: [LineID: Int] = [:]
        for (b, block) in layout.blocks.enumerated() {
            let regions = LineRegions.regions(of: block.lines.map(\.bounds), in: page.image)
            for (l, regions) in regions.enumerated() {
                pieces[LineID(strip: strip, block: b, line: l, piece: 0)] = regions.count
                // A line is live once all its pieces are read: they go together, as near as its nearest.
                let distance = focus.map { focus in regions.map { Self.distance(from: focus, to: $0) }.min() ?? 0 } ?? 0
                for (k, region) in regions.enumerated() {
                    lines.append(Piece(id: LineID(strip: strip, block: b, line: l, piece: k), region: region, distance: distance))
                }
            }
        }
        state.withLock { state in
            state.layouts[strip] = layout
            state.layoutNanoseconds += nanoseconds
            state.stripsInProgress -= 1
            state.pieces.merge(pieces) { $1 }
            state.waiting += lines
            // The nearest last, the longer first among those as near (without a focus all are
            // as near: the longest last).
            state.waiting.sort { $0.distance != $1.distance ? $0.distance > $1.distance : $0.region.width < $1.region.width }
        }
    }

    /// Records the words read in a piece of a line.
    func read(_ id: LineID, words: [RecognizedWord], nanoseconds: UInt64) {
        state.withLock { state in
            state.words[id] = words
            state.linesNanoseconds += nanoseconds
        }
        pieceRead?()
    }

    /// The engine time spent laying out strips and reading lines so far, summed over the engines.
    var engineTime: (layout: UInt64, lines: UInt64) {
        state.withLock { ($0.layoutNanoseconds, $0.linesNanoseconds) }
    }

    /// Stops handing out work (an engine failed or the analysis was cancelled), and wakes the waiting.
    func abandon() {
        state.withLock { $0.abandoned = true }
    }

    /// The page as read: each line with the words of its pieces, the strips' blocks joined into one page.
    func result() -> RecognizedPage {
        let (layouts, words) = state.withLock { ($0.layouts, $0.words) }
        return joined(layouts, words, keeping: nil)
    }

    /// The page as read so far: the lines whose every piece is read, in the blocks of the strips
    /// laid out, joined into one page; and how many pieces were read (it grows as reading goes
    /// on: a later page holds every line of an earlier one).
    func readSoFar() -> (page: RecognizedPage, pieces: Int) {
        let (layouts, words, pieces) = state.withLock { ($0.layouts, $0.words, $0.pieces) }
        let page = joined(layouts, words) { line in
            let count = pieces[line] ?? 0
            return count > 0 && (0..<count).allSatisfy {
                words[LineID(strip: line.strip, block: line.block, line: line.line, piece: $0)] != nil
            }
        }
        return (page, words.count)
    }

    /// `layouts` (by strip) with the words read in each line's pieces, joined into one page;
    /// with `isKept`, only the lines it keeps (asked by their piece 0) and the blocks left with any.
    private func joined(_ layouts: [RecognizedPage?], _ words: [LineID: [RecognizedWord]],
                        keeping isKept: ((LineID) -> Bool)?) -> RecognizedPage {
        var pages: [(cut: Int, page: RecognizedPage)] = []
        for (strip, layout) in layouts.enumerated() {
            guard var layout else { continue }
            for b in layout.blocks.indices {
                for l in layout.blocks[b].lines.indices {
                    var piece = 0
                    while let read = words[LineID(strip: strip, block: b, line: l, piece: piece)] {
                        layout.blocks[b].lines[l].words += read
                        piece += 1
                    }
                }
            }
            if let isKept {
                layout.blocks = layout.blocks.enumerated().compactMap { b, block in
                    var block = block
                    block.lines = block.lines.indices.filter { isKept(LineID(strip: strip, block: b, line: $0, piece: 0)) }
                        .map { block.lines[$0] }
                    return block.lines.isEmpty ? nil : block
                }
            }
            pages.append((strips[strip].lowerBound, layout))
        }
        return PageStrips.joined(pages)
    }
}
