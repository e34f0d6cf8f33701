import Foundation

/// One page read by several engines at once.
///
/// The work comes in two kinds of jobs: the layout of a strip of the page (one per strip), and
/// then the text lines that layout found, each read on its own, in pieces where it has wide gaps
/// (`LineRegions`). Engines ask for the next job until there is none: strips first, then line
/// pieces, longest first so that the engines finish together. An engine that asks while others are still laying out strips waits for their
/// lines. The recognizer reads a line the same way whichever engine reads it, so the result does
/// not depend on how many engines took part.
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
        /// Line pieces waiting for an engine, shortest first (taken from the end).
        var waiting: [(id: LineID, region: Bounds)] = []
        var abandoned = false
        /// Engine time spent on each kind of job, in nanoseconds.
        var layoutNanoseconds: UInt64 = 0
        var linesNanoseconds: UInt64 = 0

        /// A job can be handed out, or it is clear that none will come.
        var canAnswer: Bool {
            abandoned || !stripsToLayOut.isEmpty || !waiting.isEmpty || stripsInProgress == 0
        }
    }

    let page: RecognitionPage
    let strips: [Range<Int>]
    private let state: WaitableMutex<State>

    init(page: RecognitionPage, strips: [Range<Int>]) {
        self.page = page
        self.strips = strips
        state = WaitableMutex(State(stripsToLayOut: Array(strips.indices),
                                    layouts: Array(repeating: nil, count: strips.count)))
    }

    /// The next job, waiting while others lay out strips that may bring lines; nil when all
    /// the work is taken, or abandoned.
    func nextJob() -> Job? {
        let width = page.image.width, strips = self.strips
        return state.wait(until: \.canAnswer) { state -> Job? in
            guard !state.abandoned else { return nil }
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
    func laidOut(strip: Int, _ layout: RecognizedPage, nanoseconds: UInt64) {
        var lines: [(id: LineID, region: Bounds)] = []
        for (b, block) in layout.blocks.enumerated() {
            let regions = LineRegions.regions(of: block.lines.map(\.bounds), in: page.image)
            for (l, pieces) in regions.enumerated() {
                for (k, region) in pieces.enumerated() {
                    lines.append((LineID(strip: strip, block: b, line: l, piece: k), region))
                }
            }
        }
        state.withLock { state in
            state.layouts[strip] = layout
            state.layoutNanoseconds += nanoseconds
            state.stripsInProgress -= 1
            state.waiting += lines
            state.waiting.sort { $0.region.width < $1.region.width }
        }
    }

    /// Records the words read in a piece of a line.
    func read(_ id: LineID, words: [RecognizedWord], nanoseconds: UInt64) {
        state.withLock { state in
            state.words[id] = words
            state.linesNanoseconds += nanoseconds
        }
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
            pages.append((strips[strip].lowerBound, layout))
        }
        return PageStrips.joined(pages)
    }
}
