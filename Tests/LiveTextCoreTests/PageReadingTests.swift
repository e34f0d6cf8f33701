import Dispatch
import Testing
@testable import LiveTextCore

@Suite("a page shared by several engines")
struct PageReadingTests {
    static func line(_ x: Int, _ y: Int, _ width: Int) -> RecognizedLine {
        RecognizedLine(bounds: Bounds(x: x, y: y, width: width, height: 20), words: [])
    }

    /// A 400x200 page with ink where `lines` are.
    static func reading(lines: [Bounds], strips: [Range<Int>] = [0..<200]) -> PageReading {
        var image = PixelImage(width: 400, height: 200, gray: 255)
        for box in lines {
            for y in box.y..<box.maxY { for x in box.x..<box.maxX { image.pixels[y * 400 + x] = 0 } }
        }
        return PageReading(page: RecognitionPage(image: image, resolution: 96), strips: strips)
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
