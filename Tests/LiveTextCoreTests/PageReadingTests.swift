import Dispatch
import Testing
@testable import LiveTextCore

@Suite("a page shared by several engines")
struct PageReadingTests {
    static func line(_ x: Int, _ y: Int, _ width: Int) -> RecognizedLine {
        RecognizedLine(bounds: Bounds(x: x, y: y, width: width, height: 20), words: [])
    }

    /// A 400x200 page with ink where `lines` are, read from `focus` when given.
    static func reading(lines: [Bounds], strips: [Range<Int>] = [0..<200], focus: Bounds? = nil) -> PageReading {
        var image = PixelImage(width: 400, height: 200, gray: 255)
        for box in lines {
            for y in box.y..<box.maxY { for x in box.x..<box.maxX { image.pixels[y * 400 + x] = 0 } }
        }
        return PageReading(page: RecognitionPage(image: image, resolution: 96), strips: strips, focus: focus)
    }

    @Test("strips are laid out first, then lines are handed out longest first, then nothing")
    func order() {
        let reading = Self.reading(lines: [])
        #expect(reading.nextJob() == .layout(strip: 0, region: Bounds(x: 0, y: 0, width: 400, height: 200)))
        reading.laidOut(strip: 0, RecognizedPage(blocks: [
            RecognizedBlock(bounds: Bounds(x: 10, y: 10, width: 300, height: 60),
                            lines: [Self.line(10, 10, 100), Self.line(10, 50, 300)]),
        ]), nanoseconds: 1_000_000)
        guard case let .line(first, _) = reading.nextJob(), case let .line(second, _) = reading.nextJob() else {
            Issue.record("expected two lines")
            return
        }
        #expect(first.line == 1 && second.line == 0)
        #expect(reading.nextJob() == nil)
    }

    // The waiting engine blocks a thread, as engines do: on a Dispatch thread (BlockingWork),
    // never on the cooperative pool that the test itself needs.
    @Test("an engine that asks while another lays out waits for the lines, and gets one")
    func waitsForLayout() async throws {
        let reading = Self.reading(lines: [Bounds(x: 10, y: 10, width: 100, height: 20)])
        _ = reading.nextJob()
        async let waiting = BlockingWork.run { reading.nextJob() }
        try await Task.sleep(for: .milliseconds(50))
        reading.laidOut(strip: 0, RecognizedPage(blocks: [
            RecognizedBlock(bounds: Bounds(x: 10, y: 10, width: 100, height: 20), lines: [Self.line(10, 10, 100)]),
        ]), nanoseconds: 1_000_000)
        guard case .line = try await waiting else {
            Issue.record("the waiting engine got no line")
            return
        }
    }

    @Test("abandoning wakes the engines that wait, with no more work")
    func abandon() async throws {
        let reading = Self.reading(lines: [])
        _ = reading.nextJob()
        async let waiting = BlockingWork.run { reading.nextJob() }
        try await Task.sleep(for: .milliseconds(50))
        reading.abandon()
        #expect(try await waiting == nil)
    }

    @Test("a line read in pieces gets their words in order; strips join into one page")
    func result() {
        // One line with a wide gap (two pieces) in strip 0, one line in strip 1.
        let ink = [Bounds(x: 10, y: 10, width: 100, height: 20), Bounds(x: 200, y: 10, width: 100, height: 20),
                   Bounds(x: 10, y: 150, width: 100, height: 20)]
        let reading = Self.reading(lines: ink, strips: [0..<100, 100..<200])
        _ = reading.nextJob()
        _ = reading.nextJob()
        reading.laidOut(strip: 1, RecognizedPage(blocks: [
            RecognizedBlock(bounds: ink[2], lines: [Self.line(10, 150, 100)]),
        ]), nanoseconds: 1_000_000)
        reading.laidOut(strip: 0, RecognizedPage(blocks: [
            RecognizedBlock(bounds: Bounds(x: 10, y: 10, width: 290, height: 20), lines: [Self.line(10, 10, 290)]),
        ]), nanoseconds: 1_000_000)
        var jobs: [PageReading.LineID] = []
        while case let .line(id, _)? = reading.nextJob() { jobs.append(id) }
        #expect(jobs.count == 3)
        for id in jobs {
            let word = "s\(id.strip)p\(id.piece)"
            reading.read(id, words: [RecognizedWord(text: word, bounds: .zero, confidence: 90)], nanoseconds: 2_000_000)
        }
        let page = reading.result()
        #expect(page.blocks.map { $0.lines.map { $0.words.map(\.text) } } == [[["s0p0", "s0p1"]], [["s1p0"]]])
        // The engines' time is summed by kind of job: two strips laid out, three pieces read.
        #expect(reading.engineTime == (layout: 2_000_000, lines: 6_000_000))
    }
}

/// Live text reads around the pointer first: the focus orders the work, never the result.
@Suite("a page read from a focus outwards")
struct FocusedPageReadingTests {
    /// Lines of a laid-out strip: `(x, y, width)` each, one block.
    static func block(_ lines: [(Int, Int, Int)]) -> RecognizedPage {
        let rows = lines.map { PageReadingTests.line($0.0, $0.1, $0.2) }
        return RecognizedPage(blocks: [RecognizedBlock(bounds: rows.map(\.bounds).reduce(Bounds.zero) { $0.union($1) },
                                                       lines: rows)])
    }

    static func reading(strips: [Range<Int>], focus: Bounds?) -> PageReading {
        PageReading(page: RecognitionPage(image: PixelImage(width: 400, height: 200, gray: 255), resolution: 96),
                    strips: strips, focus: focus)
    }

    /// The jobs handed out until none is left, laying strips out with `layouts` as they come.
    static func jobs(_ reading: PageReading, layouts: [Int: RecognizedPage]) -> [PageReading.Job] {
        var jobs: [PageReading.Job] = []
        while let job = reading.nextJob() {
            jobs.append(job)
            if case let .layout(strip, _) = job { reading.laidOut(strip: strip, layouts[strip]!, nanoseconds: 1) }
        }
        return jobs
    }

    @Test("without a focus: strips top to bottom, then lines longest first, as before")
    func noFocus() {
        let reading = Self.reading(strips: [0..<100, 100..<200], focus: nil)
        let jobs = Self.jobs(reading, layouts: [0: Self.block([(10, 10, 100), (10, 50, 300)]),
                                                1: Self.block([(10, 150, 200)])])
        #expect(jobs.map(\.summary) == ["strip 0", "strip 1", "line 0.1", "line 1.0", "line 0.0"])
    }

    @Test("with a focus: its strip laid out first, then the nearest job each time, a line before a farther strip, lines by their distance from it")
    func focus() {
        // Three strips; the pointer at (50, 160) in the last, on its second line.
        let reading = Self.reading(strips: [0..<60, 60..<120, 120..<200], focus: Bounds(x: 50, y: 160, width: 1, height: 1))
        let jobs = Self.jobs(reading, layouts: [0: Self.block([(10, 10, 300)]),
                                                1: Self.block([(10, 70, 300), (10, 95, 100)]),
                                                2: Self.block([(10, 125, 300), (10, 155, 100), (200, 180, 100)])])
        // The line under the pointer, the one above it (12 rows from its box with margins), the
        // strip 41 rows above and its lines (42 and 67 rows), the top strip (101 rows) and its
        // line (127 rows); the line below and 145 columns to the right of the pointer last.
        #expect(jobs.map(\.summary) == ["strip 2", "line 2.1", "line 2.0", "strip 1", "line 1.1", "line 1.0",
                                        "strip 0", "line 0.0", "line 2.2"])
    }

    @Test("the pieces of a line go together, as near as its nearest: a line is live only once all of them are read")
    func piecesTogether() {
        // A line in two pieces (x 10-110 and 300-390) and a short line below, between them; the
        // pointer just below the right-hand piece: the short line is nearer than the left-hand piece.
        let reading = PageReadingTests.reading(lines: [Bounds(x: 10, y: 10, width: 100, height: 20),
                                                       Bounds(x: 300, y: 10, width: 90, height: 20),
                                                       Bounds(x: 150, y: 60, width: 100, height: 20)],
                                               focus: Bounds(x: 350, y: 36, width: 1, height: 1))
        let jobs = Self.jobs(reading, layouts: [0: Self.block([(10, 10, 380), (150, 60, 100)])])
        let lines = jobs.compactMap { job -> String? in
            guard case let .line(id, _) = job else { return nil }
            return "\(id.line).\(id.piece)"
        }
        #expect(lines == ["0.0", "0.1", "1.0"])
    }

    @Test("the distance from the focus: 0 where they meet, the square of the gap otherwise")
    func distance() {
        let focus = Bounds(x: 50, y: 50, width: 1, height: 1)
        #expect(PageReading.distance(from: focus, to: Bounds(x: 0, y: 40, width: 100, height: 20)) == 0)
        #expect(PageReading.distance(from: focus, to: Bounds(x: 0, y: 60, width: 100, height: 20)) == 100)
        #expect(PageReading.distance(from: focus, to: Bounds(x: 53, y: 46, width: 10, height: 2)) == 18)
    }

    @Test("what is read so far: only lines whose every piece is read, in their blocks and strips; the count of pieces grows")
    func readSoFar() {
        // One line in two pieces (a wide gap) and a short one below it.
        let reading = PageReadingTests.reading(lines: [Bounds(x: 10, y: 10, width: 100, height: 20),
                                                       Bounds(x: 200, y: 10, width: 100, height: 20),
                                                       Bounds(x: 10, y: 60, width: 50, height: 20)],
                                               focus: Bounds(x: 20, y: 65, width: 1, height: 1))
        #expect(reading.readSoFar().page.blocks.isEmpty)
        _ = reading.nextJob()
        reading.laidOut(strip: 0, Self.block([(10, 10, 290), (10, 60, 50)]), nanoseconds: 1)
        var read: [String] = []
        func word(_ id: PageReading.LineID) -> [RecognizedWord] {
            [RecognizedWord(text: "l\(id.line)p\(id.piece)", bounds: .zero, confidence: 90)]
        }
        guard case let .line(first, _)? = reading.nextJob() else { Issue.record("no line"); return }
        #expect(first.line == 1)
        reading.read(first, words: word(first), nanoseconds: 1)
        read = reading.readSoFar().page.blocks.flatMap(\.lines).flatMap(\.words).map(\.text)
        #expect(read == ["l1p0"] && reading.readSoFar().pieces == 1)
        guard case let .line(second, _)? = reading.nextJob() else { Issue.record("no line"); return }
        reading.read(second, words: word(second), nanoseconds: 1)
        // Half of the first line: not yet shown.
        #expect(reading.readSoFar().page.blocks.flatMap(\.lines).count == 1 && reading.readSoFar().pieces == 2)
        guard case let .line(third, _)? = reading.nextJob() else { Issue.record("no line"); return }
        reading.read(third, words: word(third), nanoseconds: 1)
        read = reading.readSoFar().page.blocks.flatMap(\.lines).flatMap(\.words).map(\.text)
        #expect(read == ["l0p0", "l0p1", "l1p0"])
        #expect(reading.readSoFar().page == reading.result())
    }
}

extension PageReading.Job {
    /// `strip S` or `line S.L` (its strip and line).
    var summary: String {
        switch self {
        case let .layout(strip, _): "strip \(strip)"
        case let .line(id, _): "line \(id.strip).\(id.line)"
        }
    }
}
