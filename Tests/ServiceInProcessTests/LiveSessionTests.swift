import Foundation
import LiveTextCore
import LiveTextDetectors
@testable import LiveTextDesktop
import LiveTextEngines
import LiveTextInteraction
import Synchronization
import Testing
import TestSupport
import X11Kit

/// `LiveSession` on a real server (Xvfb) with the real engines: the frozen screen is read once,
/// the pointer's line first, and each batch of lines is live as soon as it is read.
@Suite("live text read progressively")
struct LiveSessionTests {
    /// 520×96: "Invoice 4471 is due on 2026-12-01", "Questions: billing@example.com", "Call +1 415 555 0123 today".
    static let page = Fixture.directory.appendingPathComponent("text-light-15px.png").path

    @Test("the pointer's line comes in a partial reading before the whole, and is selectable then; the selection made on it stays across the whole")
    func pointerLineFirst() async throws {
        // One engine: the order of the work is the order of the lines read. Longest first, the
        // pointer's line (the shortest) would come last.
        let analyzer = try ImageAnalyzer.system(concurrency: 1, interpreter: AnalysisInterpreter(context: DetectionContext(region: "US")),
                                                cacheCapacity: 0)
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            // On "today", at the end of the last line.
            try await XPeers.xdotool(["mousemove", "200", "65"], on: server)
            let unread = try await Self.topPixel(on: server)
            let (gate, open) = AsyncStream<Void>.makeStream()
            let partials = Mutex<[PartialAnalysis]>([]), copies = Mutex<[String]>([])
            let session = LiveSession(displayName: server.name, target: .region(Bounds(x: 0, y: 0, width: 520, height: 96)))
            async let ended = session.run(analyze: { image, progress in
                let recording = ProgressiveReading(focus: progress.focus, interval: progress.interval) { partial in
                    partials.withLock { $0.append(partial) }
                    progress.observe(partial)
                }
                let whole = try await analyzer.analyze(image.image, source: image.source, progress: recording)
                // The whole is held back until the test has selected on the partial readings.
                for await _ in gate { break }
                return whole
            }, copy: { text in copies.withLock { $0.append(text.plain) } })
            do {
                // A double click on "today" selects it once a partial reading holding it is live.
                try await Self.until { copies.withLock { $0.last == "today" } } doing: {
                    try await XPeers.xdotool(["click", "--repeat", "2", "--delay", "60", "1", "key", "ctrl+c", "sleep", "0.5"], on: server)
                }
                let read = partials.withLock { $0 }
                #expect(read.first?.analysis.text.contains("today") == true, "\(read.map(\.analysis.text))")
                // The first is the probe: the pointer's line alone, read before the page's layout,
                // in the image's coordinates; the page's readings replace it, never beside it.
                #expect(read.first?.generation == 1)
                #expect(read.first?.analysis.text == "Call +1 415 555 0123 today")
                #expect(read.first?.analysis.blocks.first?.lines.first.map { $0.bounds.y <= 70 && $0.bounds.maxY >= 60 } == true)
                #expect(read.dropFirst().allSatisfy { $0.analysis.text.components(separatedBy: "today").count <= 2 })
                #expect(read.map(\.generation) == read.map(\.generation).sorted() && Set(read.map(\.generation)).count == read.count)
                #expect(read.allSatisfy { $0.analysis.image.width == 520 })
                // Items come with the lines that hold them: the probe's line has its phone number.
                #expect(read.first?.analysis.items.contains { $0.kind == .phone } == true)

                // The whole: the reading bar along the top goes, the selection is still "today".
                open.yield()
                try await Self.until { try await Self.topPixel(on: server) == unread } doing: {}
                let copied = copies.withLock { $0.count }
                try await XPeers.xdotool(["key", "ctrl+c"], on: server)
                try await Self.until { copies.withLock { $0.count > copied } } doing: {}
                #expect(copies.withLock { $0.last } == "today")
                // "today" is selected: the first Escape lets go of it, the second closes.
                try await XPeers.xdotool(["key", "Escape", "sleep", "0.2", "key", "Escape"], on: server)
            } catch {
                try? await XPeers.xdotool(["key", "Escape", "sleep", "0.2", "key", "Escape"], on: server)
                open.finish()
                _ = try? await ended
                throw error
            }
            let outcome = try await ended
            #expect(outcome.analysis?.text == "Invoice 4471 is due on 2026-12-01\nQuestions: billing@example.com\nCall +1 415 555 0123 today")
            let timings = outcome.timings
            #expect(timings.pointerLineMs != nil && timings.liveMs != nil)
            #expect((timings.pointerLineMs ?? .infinity) < (timings.liveMs ?? 0))
        }
    }

    @Test("read from a focus, with partial readings handed on, an image gives the same analysis as read as usual; each partial holds what the one before held")
    func sameAnalysis() async throws {
        let path = ProcessInfo.processInfo.environment["LIVETEXT_FOCUS_IMAGE"]
            ?? Fixture.directory.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/screens/xterm-tall-dejavu-12px.png").path
        let image = try await ImageInput().load(path: path).0
        let analyzer = try ImageAnalyzer.system(concurrency: 2, cacheCapacity: 0)
        var usual = try await analyzer.analyze(image, source: "usual")
        let partials = Mutex<[PartialAnalysis]>([])
        let progress = ProgressiveReading(focus: Bounds(x: image.width / 2, y: image.height / 2, width: 1, height: 1)) { partial in
            partials.withLock { $0.append(partial) }
        }
        var focused = try await analyzer.analyze(image, source: "usual", progress: progress)
        usual.timing = .init()
        focused.timing = .init()
        #expect(focused == usual)
        let read = partials.withLock { $0 }
        #expect(!read.isEmpty)
        for (earlier, later) in zip(read, read.dropFirst()) {
            #expect(earlier.generation < later.generation)
            let lines = later.analysis.blocks.flatMap(\.lines).map(\.bounds)
            #expect(earlier.analysis.blocks.flatMap(\.lines).allSatisfy { line in
                lines.contains { !$0.intersection(line.bounds).isEmpty }
            })
        }
    }

    @Test("the line under the pointer live: the first partial holding the whole reading's line nearest the pointer; the whole when none did")
    func pointerLineTiming() {
        // "alpha beta" at y 10, "gamma delta" at y 30, "omega" at y 70, each 12 px high.
        func line(_ text: String, y: Int) -> TextLine {
            TextLine(words: [TextWord(text: text, bounds: Bounds(x: 10, y: y, width: text.count * 10, height: 12), confidence: 90)])
        }
        let lines = [line("alpha beta", y: 10), line("gamma delta", y: 30), line("omega", y: 70)]
        func reading(_ kept: [Int]) -> ImageAnalysis {
            ImageAnalysis(image: .init(width: 200, height: 100, source: "pixels"), blocks: [TextBlock(lines: kept.map { lines[$0] })])
        }
        func partial(_ generation: Int, _ kept: [Int]) -> LiveReading {
            .partial(PartialAnalysis(generation: generation, analysis: reading(kept)))
        }
        let whole = LiveReading.done(reading([0, 1, 2]), .empty)
        var timings = LiveTimings()
        // The pointer at (20, 74), on "omega".
        timings.arrived(partial(1, [0]), at: 100, pointer: (20, 74))
        timings.arrived(partial(2, [0, 2]), at: 150, pointer: (20, 74))
        timings.arrived(whole, at: 400, pointer: (20, 74))
        #expect(timings.firstLiveMs == 100 && timings.pointerLineMs == 150 && timings.liveMs == 400)
        // No line an application published: not measured.
        #expect(timings.publishedLiveMs == nil && timings.json.contains("\"published_live_ms\": null"))
        // The first reading holding one: then.
        var published = LiveTimings()
        var taken = lines[1]
        taken.source = .accessibility
        published.arrived(partial(1, [0]), at: 100, pointer: nil)
        published.arrived(.partial(PartialAnalysis(generation: 2, analysis: ImageAnalysis(
            image: .init(width: 200, height: 100, source: "pixels"), blocks: [TextBlock(lines: [lines[0], taken])]))), at: 180, pointer: nil)
        published.arrived(whole, at: 400, pointer: nil)
        #expect(published.publishedLiveMs == 180 && published.json.contains("\"published_live_ms\": 180.0"))
        // Between the lines, nearer "gamma delta" (y 30-42): that line, which only the whole held.
        var between = LiveTimings()
        between.arrived(partial(1, [2]), at: 100, pointer: (20, 47))
        between.arrived(whole, at: 300, pointer: (20, 47))
        #expect(between.pointerLineMs == 300)
        #expect(between.json.contains("\"pointer_line_ms\": 300.0"))
        // The pointer off the surface: not measured.
        var off = LiveTimings()
        off.arrived(whole, at: 300, pointer: nil)
        #expect(off.pointerLineMs == nil && off.liveMs == 300)
    }

    /// The pixel at (260, 1), where the reading bar is drawn while the reading goes on.
    static func topPixel(on server: TestDisplay) async throws -> [UInt8] {
        try await offPool {
            let display = try X11Display(name: server.name)
            defer { display.close() }
            let capture = ScreenCapture(display: display)
            defer { capture.close() }
            return try capture.capture(.region(Bounds(x: 260, y: 1, width: 1, height: 1))).image.pixels
        }
    }

    /// Does `step` until `done` holds, every 100 ms for at most a minute.
    static func until(_ what: String = "", _ done: () async throws -> Bool, doing step: () async throws -> Void) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try await done() { return }
            try await step()
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("gave up waiting" + (what.isEmpty ? "" : " for " + what))
    }
}
