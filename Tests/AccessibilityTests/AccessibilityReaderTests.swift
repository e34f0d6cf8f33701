import Foundation
import LiveTextCore
import TestSupport
import Testing

@testable import Accessibility

/// The reader against real GTK 3 windows on Xvfb with at-spi2-core's accessibility bus.
@Suite("the accessibility reader", .serialized)
struct AccessibilityReaderTests {
    /// Reads until `wanted` lines show (an application registers a moment after its window maps).
    static func screen(of desktop: AccessibilityDesktop, showing wanted: [String],
                       limits: AccessibilityLimits = .standard) async throws -> AccessibleScreen {
        let reader = try await AccessibilityReader.connect(sessionAddress: desktop.bus.address)
        var last = AccessibleScreen.empty
        for _ in 0..<60 {
            last = await reader.read(limits: limits)
            let texts = Set(last.applications.flatMap(\.lines).map(\.text))
            if wanted.allSatisfy(texts.contains) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        return last
    }

    @Test("a GTK 3 window's lines are read exactly, where they are drawn, with the application's pid")
    func gtkWindow() async throws {
        try await AccessibilityDesktop.with { desktop in
            let window = try await desktop.gtkWindow([
                .label("0O1lI Straße"), .label("café naïve Ærøskøbing"),
                .textView("first line of the view\nsecond line, ÉÈÊ"),
            ], x: 40, y: 50)
            let wanted = ["0O1lI Straße", "café naïve Ærøskøbing", "first line of the view", "second line, ÉÈÊ"]
            let screen = try await Self.screen(of: desktop, showing: wanted)
            let application = try #require(screen.applications.first)
            #expect(application.toolkit == .gtk3)
            #expect(application.pid == window.processIdentifier)
            #expect(!application.windowRelative)
            #expect(application.lines.map(\.text) == wanted)
            let frame = Bounds(x: 40, y: 50, width: 600, height: 300)
            for line in application.lines {
                #expect(line.bounds.intersection(frame) == line.bounds, "\(line.text) at \(line.bounds)")
                #expect(line.bounds.height >= 15 && line.bounds.height <= 40, "\(line.text) at \(line.bounds)")
                #expect(line.widget.intersection(line.bounds) == line.bounds)
            }
            let ys = application.lines.map(\.bounds.y)
            #expect(ys == ys.sorted() && Set(ys).count == ys.count)
            #expect(screen.finished)
        }
    }

    @Test("a wrapped paragraph is read as the lines the toolkit drew")
    func wrappedLines() async throws {
        try await AccessibilityDesktop.with { desktop in
            let words = (1...40).map { "word\($0)" }.joined(separator: " ")
            try await desktop.gtkWindow([.textView(words, wrap: true)], width: 400)
            var lines: [AccessibleLine] = []
            // Until the window is drawn and one walk read it all within its deadline (a loaded
            // machine may cut a walk short: what it read is then a prefix, and the next walk reads again).
            for _ in 0..<40 where lines.map(\.text).joined(separator: " ") != words {
                lines = try await Self.screen(of: desktop, showing: []).applications.flatMap(\.lines)
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(lines.count >= 4)
            #expect(lines.map(\.text).joined(separator: " ") == words)
            #expect(lines.allSatisfy { $0.bounds.width <= 400 })
        }
    }

    @Test("an application that never answers costs the deadline, and the others are read")
    func hangingApplication() async throws {
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkWindow([.label("still answering")], x: 20, y: 20, width: 300, height: 100)
            _ = try await Self.screen(of: desktop, showing: ["still answering"])
            try await desktop.gtkWindow([.label("asleep"), .hangAfterShowing(seconds: 30)], x: 400, y: 20,
                                        width: 300, height: 100)
            try await Task.sleep(for: .seconds(1))
            let reader = try await AccessibilityReader.connect(sessionAddress: desktop.bus.address)
            let started = ContinuousClock.now
            let screen = await reader.read()
            let took = ContinuousClock.now - started
            #expect(took < .milliseconds(400), "took \(took)")
            #expect(!screen.finished)
            #expect(screen.applications.flatMap(\.lines).map(\.text) == ["still answering"])
        }
    }

    @Test("huge text is read within the limits")
    func hugeText() async throws {
        try await AccessibilityDesktop.with { desktop in
            let text = (1...4000).map { "row \($0) of a long document" }.joined(separator: "\n")
            try await desktop.gtkWindow([.label("above"), .textView(text, scrolledHeight: 120)])
            let limits = AccessibilityLimits(maxCharacters: 5000, maxLines: 50)
            // The view's first row too: GTK lays a long text out in idle steps, and a walk before it
            // placed the first row finds it with no box (seen once in a loaded whole run).
            let screen = try await Self.screen(of: desktop, showing: ["above", "row 1 of a long document"], limits: limits)
            let lines = screen.applications.flatMap(\.lines)
            #expect(lines.count <= 51)
            #expect(lines.first?.text == "above")
            #expect(lines.dropFirst().first?.text == "row 1 of a long document")
            // Rows scrolled out of view are clipped away: at most the 120 px view's few rows.
            #expect(lines.count >= 3 && lines.count <= 8, "\(lines.map(\.text))")
            #expect(lines.allSatisfy { $0.bounds.maxY <= 40 + 300 })
        }
    }

    @Test("no accessibility bus: a clear error at once; the status says it")
    func noBus() async throws {
        try await AccessibilityDesktop.with(launcher: false) { desktop in
            let started = ContinuousClock.now
            await #expect(throws: LiveTextError.self) {
                _ = try await AccessibilityReader.connect(sessionAddress: desktop.bus.address)
            }
            #expect(ContinuousClock.now - started < .seconds(2))
            let status = await AccessibilityBus.status(sessionAddress: desktop.bus.address)
            #expect(!status.busPresent && status.isEnabled == nil)
        }
    }

    @Test("the status says the bus is there, and IsEnabled is set only when asked")
    func status() async throws {
        try await AccessibilityDesktop.with { desktop in
            let before = await AccessibilityBus.status(sessionAddress: desktop.bus.address)
            #expect(before.busPresent)
            #expect(before.isEnabled == false)
            try await AccessibilityBus.setEnabled(true, sessionAddress: desktop.bus.address)
            let after = await AccessibilityBus.status(sessionAddress: desktop.bus.address)
            #expect(after.isEnabled == true)
        }
    }
}

/// The walk's rules as plain values.
@Suite("the accessibility walk's rules")
struct AccessibilityRuleTests {
    @Test("the toolkit decides the quirks")
    func quirks() {
        #expect(AccessibleToolkit(name: "GTK", version: "3.24.38") == .gtk3)
        #expect(AccessibleToolkit(name: "GTK", version: "4.8.3") == .gtk4)
        #expect(AccessibleToolkit(name: "Qt", version: "5.15.8") == .qt)
        #expect(AccessibleToolkit.gtk4.quirks.windowRelative && !AccessibleToolkit.gtk4.quirks.collection)
        #expect(AccessibleToolkit.qt.quirks.lineCall == .textAtOffset && !AccessibleToolkit.qt.quirks.collection)
        #expect(AccessibleToolkit.gtk3.quirks.collection)
        #expect(AccessibleToolkit(name: "", version: "").name == "unknown")
    }

    @Test("a line loses its break, blanks and embedded-object marks; offsets follow")
    func cleaning() {
        let span = AccessibilityWalk.LineSpan(text: "  a\u{FFFC}b \n", start: 10, end: 17)
        let cleaned = AccessibilityWalk.cleaned(span)
        #expect(cleaned?.text == "ab" && cleaned?.start == 12 && cleaned?.end == 15)
        #expect(AccessibilityWalk.cleaned(.init(text: "\u{FFFC} \n", start: 0, end: 3)) == nil)
    }

    @Test("the integers of a reply, flat or in a struct; state bits")
    func replies() {
        #expect(ATSPI.integers([.structure([1, 2, 3, 4])]) == [1, 2, 3, 4])
        #expect(ATSPI.integers([5, 6, 7, 8]) == [5, 6, 7, 8])
        #expect(ATSPI.has(25, in: [.array(.uint32, [.uint32(1 << 25), .uint32(0)])]))
        #expect(!ATSPI.has(30, in: [.array(.uint32, [.uint32(1 << 25), .uint32(0)])]))
        #expect(!ATSPI.has(40, in: []))
    }

    @Test("absurd extents are no box")
    func absurdExtents() {
        #expect(AccessibilityWalk.box([10, 20, 30, 40], limit: 32_768) == Bounds(x: 10, y: 20, width: 30, height: 40))
        #expect(AccessibilityWalk.box([0, 0, 2_000_000_000, 20], limit: 32_768) == nil)
        #expect(AccessibilityWalk.box([-2_000_000, 0, 20, 20], limit: 32_768) == nil)
        #expect(AccessibilityWalk.box([0, 0, 0, 20], limit: 32_768) == nil)
        #expect(AccessibilityWalk.box([0, 0, 20], limit: 32_768) == nil)
    }
}
