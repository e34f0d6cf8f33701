import Foundation
import LiveTextCore
import TestSupport
import Testing

@testable import Accessibility

/// Qt 5's labels on Xvfb with at-spi2-core's accessibility bus: they have no Text, their text is
/// their name; the walk reads each as one line in the label's box, and the capture takes it
/// exactly where its ink is. A line drawn with QPainter is published by nobody: OCR reads it.
@Suite("Qt labels", .serialized)
struct QtLabelTests {
    static let labels = ["0O1lI Il1| O0o rn m", "Straße Ærøskøbing café naïve", "a11y al1y 10.0.0.1 l0g"]
    static let drawn = "Drawn text 42 here"

    @Test("a Qt label's name is its one line, in its box, untrusted until its ink is found; a canvas gives none")
    func labelsRead() async throws {
        guard QtTableTests.hasQt else { return }
        try await AccessibilityDesktop.with { desktop in
            let window = try await desktop.qtWidgetsWindow(Self.labels.map { .label($0) } + [.drawnText(Self.drawn)])
            let screen = try await AccessibilityReaderTests.screen(of: desktop, showing: Self.labels)
            let application = try #require(screen.applications.first { $0.pid == window.processIdentifier },
                                           "\(screen.applications.map { ($0.toolkit, $0.lines.map(\.text)) })")
            #expect(application.toolkit == .qt)
            #expect(application.lines.map(\.text) == Self.labels)
            let frame = Bounds(x: 40, y: 40, width: 600, height: 300)
            var above = 0
            for line in application.lines {
                #expect(line.boxIsWidget && !line.geometryTrusted, "\(line)")
                #expect(line.bounds.intersection(frame) == line.bounds, "\(line.text) at \(line.bounds)")
                #expect(line.bounds.y >= above, "top to bottom: \(application.lines.map(\.bounds))")
                above = line.bounds.maxY
            }
            #expect(window.isRunning)
        }
    }

    @Test("capture takes the labels exactly, sourced accessibility, at their ink; the drawn line is OCR's")
    func captureLabels() async throws {
        guard QtTableTests.hasQt else { return }
        try await AccessibilityDesktop.with { desktop in
            try await desktop.qtWidgetsWindow(Self.labels.map { .label($0) } + [.drawnText(Self.drawn)], x: 30, y: 30)
            _ = try await AccessibilityReaderTests.screen(of: desktop, showing: Self.labels)
            let document = try await CaptureAccessibilityTests.captureWalked(desktop)
            let lines = CaptureAccessibilityTests.lines(document)
            let accessible = lines.filter { $0["source"] as? String == "accessibility" }
            #expect(accessible.compactMap { $0["text"] as? String } == Self.labels,
                    "\(lines.map { ($0["text"] ?? "", $0["source"] ?? "") })")
            // Each at its ink: one text line high, not the label's whole width.
            for line in accessible {
                let box = line["bounds"] as? [Int] ?? []
                #expect(box.count == 4 && box[3] < 30 && box[2] < 450, "\(line["text"] ?? "") at \(box)")
            }
            let ocr = lines.filter { $0["source"] as? String == "ocr" }.compactMap { $0["text"] as? String }
            #expect(ocr.contains { $0.contains("Drawn") }, "\(ocr)")
        }
    }

    @Test("a label wrapped over lines, published as one: its words shared out among them, none read twice; a label of two lines, each")
    func wrappedLabel() async throws {
        guard QtTableTests.hasQt else { return }
        let text = "The quick brown fox jumps over the lazy dog near the river bank, 0O1lI twice over and again."
        try await AccessibilityDesktop.with { desktop in
            let twoLines = ["first line", "second line 0O1lI"]
            try await desktop.qtWidgetsWindow([.wrappedLabel(text), .label(Self.labels[0]), .label(twoLines.joined(separator: "\n"))],
                                              x: 30, y: 30, width: 420)
            _ = try await AccessibilityReaderTests.screen(of: desktop, showing: [text])
            let document = try await CaptureAccessibilityTests.captureWalked(desktop)
            let lines = CaptureAccessibilityTests.lines(document)
            let shown = lines.map { ($0["text"] as? String ?? "", $0["source"] as? String ?? "") }
            let wrapped = shown.filter { $0.1 == "accessibility" && !([Self.labels[0]] + twoLines).contains($0.0) }.map(\.0)
            #expect(wrapped.count >= 2 && wrapped.joined(separator: " ") == text, "\(shown)")
            #expect(!lines.contains { $0["source"] as? String == "ocr" && ($0["text"] as? String ?? "").contains("twice") },
                    "\(shown)")
            for line in [Self.labels[0]] + twoLines { #expect(shown.contains { $0 == (line, "accessibility") }, "\(shown)") }
        }
    }
}
