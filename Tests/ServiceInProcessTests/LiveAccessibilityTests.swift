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

/// `LiveSession` on Xvfb with at-spi2-core's accessibility bus and a GTK 3 window: the labels the
/// window publishes are live (selectable, copied) before the OCR has read the text drawn on its
/// canvas, and the selection made on them stays when the OCR's lines come.
@Suite("live text with the accessibility bus", .serialized)
struct LiveAccessibilityTests {
    static let labels = ["0O1lI Straße", "café naïve Ærøskøbing", "Invoice 4471 due 2026-12-01"]
    /// Drawn on canvases, published by nobody: what only the OCR reads (several lines, so that it
    /// takes a while).
    static let drawn = (1...6).map { "Canvas line \($0) holds 42\($0)7 drawn words" }

    /// What one session saw, in milliseconds since it started.
    struct Timeline: Sendable {
        var partials: [(ms: Double, generation: Int, lines: [TextLine])] = []
        var ocrDoneMs: Double?
        var copies: [(ms: Double, text: String)] = []
    }

    @Test("the published labels are selectable at once, before the OCR of the canvas is done; the selection stays when its lines come")
    func publishedTextLiveFirst() async throws {
        let analyzer = try ImageAnalyzer.system(concurrency: 1, interpreter: AnalysisInterpreter(context: DetectionContext(region: "US")),
                                                cacheCapacity: 0)
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkWindow(Self.labels.map { .label($0) } + Self.drawn.map { .drawnText($0) }, x: 20, y: 20,
                                        width: 700, height: 440)
            let reading = AccessibleTextReading(sessionAddress: desktop.bus.address)
            try await Self.waitUntilPublished(reading, on: desktop.display)
            let server = desktop.display
            // The pointer on the first label: no line is probed by OCR under it (the label is there).
            try await XPeers.xdotool(["mousemove", "60", "48"], on: server)
            let unread = try await LiveSessionTests.topPixel(on: server)
            // A fresh walk has 150 ms: a loaded machine may not give it that (OCR alone then): again.
            for attempt in 1...4 {
                let outcome = try await Self.session(analyzer: analyzer, reading: reading, on: server, unread: unread)
                guard let (timeline, analysis) = outcome else {
                    #expect(attempt < 4, "the published text never came first")
                    continue
                }
                let first = try #require(timeline.partials.first)
                // The first reading: the published lines alone, exact, before any OCR line.
                #expect(first.generation == 1)
                #expect(first.lines.map(\.text) == Self.labels, "\(first.lines.map(\.text))")
                #expect(first.lines.allSatisfy { $0.source == .accessibility })
                // Selected and copied from it before the OCR was done.
                let copied = try #require(timeline.copies.first)
                #expect(copied.text == Self.labels[0])
                let ocrDone = try #require(timeline.ocrDoneMs)
                #expect(copied.ms < ocrDone, "copied at \(copied.ms) ms, the OCR done at \(ocrDone) ms")
                // Every later reading holds the published lines.
                #expect(timeline.partials.dropFirst().allSatisfy { partial in
                    Self.labels.allSatisfy { label in partial.lines.contains { $0.text == label && $0.source == .accessibility } }
                })
                // After the whole came, the selection is still the first label.
                #expect(timeline.copies.last?.text == Self.labels[0], "\(timeline.copies.map(\.text))")
                #expect(timeline.copies.count >= 2)
                let lines = analysis.blocks.flatMap(\.lines)
                #expect(Self.labels.allSatisfy { label in lines.contains { $0.text == label && $0.source == .accessibility } })
                let ocr = lines.filter { $0.source == .ocr }.map(\.text).joined(separator: "\n")
                #expect(ocr.contains("4217") && ocr.contains("4267"), "\(ocr)")
                #expect(analysis.timing.accessibilityMs != nil)
                return
            }
        }
    }

    /// Waits until a walk of the desktop finds every label on a capture of it (the window publishes
    /// a moment after it is drawn).
    static func waitUntilPublished(_ reading: AccessibleTextReading, on server: TestDisplay) async throws {
        for _ in 0..<100 {
            let captured = try await offPool {
                let display = try X11Display(name: server.name)
                defer { display.close() }
                let capture = ScreenCapture(display: display)
                defer { capture.close() }
                return try capture.capture(.region(Bounds(x: 0, y: 0, width: 760, height: 500)))
            }
            let lines = await reading.lines(on: AcquiredImage(ScreenImage(captured, captureMs: nil)))
            if labels.allSatisfy({ label in lines.contains { $0.text == label } }) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("the GTK window never published its labels")
    }

    /// One live session: a triple click on the first label copies it as soon as a reading holds
    /// it; the whole is held back until then; once the whole came, Enter copies the selection again
    /// and closes. Nil when the first reading held no published line (the walk missed its deadline).
    static func session(analyzer: ImageAnalyzer, reading: AccessibleTextReading, on server: TestDisplay, unread: [UInt8])
        async throws -> (Timeline, ImageAnalysis)? {
        let started = ContinuousClock.now
        let since: @Sendable () -> Double = { LiveTimings.since(started) }
        let timeline = Mutex(Timeline())
        let (gate, open) = AsyncStream<Void>.makeStream()
        let pipeline = AnalysisPipeline(analyzer: analyzer, configuration: ImageAnalyzer.Configuration(), accessibleText: reading)
        let session = LiveSession(displayName: server.name, target: .region(Bounds(x: 0, y: 0, width: 760, height: 500)))
        async let ended = session.run(analyze: { image, progress in
            let recording = ProgressiveReading(focus: progress.focus, interval: progress.interval) { partial in
                let lines = partial.analysis.blocks.flatMap(\.lines)
                timeline.withLock { $0.partials.append((since(), partial.generation, lines)) }
                progress.observe(partial)
            }
            let whole = try await pipeline.analyze(image, progress: recording)
            timeline.withLock { $0.ocrDoneMs = since() }
            for await _ in gate { break }
            return whole
        }, copy: { text in timeline.withLock { $0.copies.append((since(), text.plain)) } })
        do {
            try await LiveSessionTests.until("the first partial reading") { timeline.withLock { !$0.partials.isEmpty } } doing: {}
            guard timeline.withLock({ $0.partials[0].lines.contains { $0.source == .accessibility } }) else {
                open.finish()
                try await XPeers.xdotool(["key", "Escape"], on: server)
                _ = try await ended
                return nil
            }
            try await LiveSessionTests.until("a copy of the clicked label") { timeline.withLock { !$0.copies.isEmpty } } doing: {
                try await XPeers.xdotool(["click", "--repeat", "3", "--delay", "60", "1", "key", "ctrl+c"], on: server)
            }
            open.yield()
            try await LiveSessionTests.until("the band of rows read to go") {
                try await LiveSessionTests.topPixel(on: server) == unread
            } doing: {}
            // The whole is in: Enter copies what is still selected and closes.
            try await XPeers.xdotool(["key", "Return"], on: server)
        } catch {
            open.finish()
            try? await XPeers.xdotool(["key", "Escape", "sleep", "0.2", "key", "Escape"], on: server)
            _ = try? await ended
            throw error
        }
        let outcome = try await ended
        #expect(outcome.confirmed)
        return (timeline.withLock { $0 }, try #require(outcome.analysis))
    }
}

extension LiveAccessibilityTests {
    /// Labels of a window read where its place is unknown (as on Wayland): several, so that the
    /// OCR hands them on in several partial readings.
    static let votedLabels = ["Quarterly report 0O1lI", "Straße café naïve", "Invoice 4471 due 2026-12-01",
                              "Contact ops@example.org", "Total 1.234,50 EUR", "Ærøskøbing harbour office",
                              "Reference A-10l B-8 C-0O", "Signed in Köln on Monday"]

    @Test("where windows have no known place (Wayland), a window's published lines are live once a partial reading places it, before the whole reading")
    func votedWindowLiveBeforeTheWhole() async throws {
        let analyzer = try ImageAnalyzer.system(concurrency: 1, interpreter: AnalysisInterpreter(context: DetectionContext(region: "US")),
                                                cacheCapacity: 0)
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkWindow(Self.votedLabels.map { .label($0) }, x: 20, y: 20, width: 700, height: 440)
            let reading = AccessibleTextReading(sessionAddress: desktop.bus.address)
            let area = Bounds(x: 0, y: 0, width: 760, height: 500)
            let pipeline = AnalysisPipeline(analyzer: analyzer, configuration: ImageAnalyzer.Configuration(), accessibleText: reading)
            // A fresh walk has 150 ms: a loaded machine may not give it that (OCR alone then): again.
            for attempt in 1...4 {
                let captured = try await offPool {
                    let display = try X11Display(name: desktop.display.name)
                    defer { display.close() }
                    let capture = ScreenCapture(display: display)
                    defer { capture.close() }
                    return try capture.capture(.region(area))
                }
                // A capture that says nothing of its windows: their lines are placed by the vote.
                var screen = ScreenImage(captured, captureMs: nil)
                screen.windows = []
                let partials = Mutex<[(generation: Int, lines: [TextLine])]>([])
                let recording = ProgressiveReading { partial in
                    partials.withLock { $0.append((partial.generation, partial.analysis.blocks.flatMap(\.lines))) }
                }
                let whole = try await pipeline.analyze(screen, progress: recording)
                let wholeLines = whole.blocks.flatMap(\.lines)
                guard Self.votedLabels.allSatisfy({ label in wholeLines.contains { $0.text == label && $0.source == .accessibility } })
                else {
                    #expect(attempt < 4, "the whole reading never placed the window: \(wholeLines.map(\.text))")
                    continue
                }
                let seen = partials.withLock { $0 }
                let placed = seen.firstIndex { partial in
                    Self.votedLabels.allSatisfy { label in partial.lines.contains { $0.text == label && $0.source == .accessibility } }
                }
                // A loaded machine's walk may end after the OCR's last partial reading: again.
                guard let first = placed else {
                    #expect(attempt < 4, "no partial reading held the window's lines: \(seen.map { $0.lines.map(\.text) })")
                    continue
                }
                // Every later one holds them too.
                #expect(seen[first...].allSatisfy { partial in
                    Self.votedLabels.allSatisfy { label in partial.lines.contains { $0.text == label && $0.source == .accessibility } }
                })
                return
            }
        }
    }
}
