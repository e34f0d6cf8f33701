import Accessibility
import Foundation
import LiveTextCore
import TestSupport
import Testing

@testable import LiveTextDesktop

/// What a Wayland capture does with a window's published lines (its applications know only where
/// in their window they draw), tried with real parts on X11, where the true place is known: a GTK
/// 3 window's lines made window-relative, voted on against the OCR of a capture of them.
@Suite("published lines placed by a vote against the OCR", .serialized)
struct WindowOffsetVoteTests {
    static let labels = ["0O1lI Straße", "café naïve Ærøskøbing", "Invoice 4471 due 2026-12-01", "al1y and a11y differ"]

    /// The OCR's lines of a capture of `region` (`livetext capture --accessibility off --json`).
    static func ocrLines(_ desktop: AccessibilityDesktop) async throws -> [TextLine] {
        let document = try await CaptureAccessibilityTests.capture(desktop, ["--accessibility", "off"])
        let lines = CaptureAccessibilityTests.lines(document)
        return lines.compactMap { line in
            let words = (line["words"] as? [[String: Any]] ?? []).compactMap { word -> TextWord? in
                guard let text = word["text"] as? String, let box = word["bounds"] as? [Int], box.count == 4 else { return nil }
                return TextWord(text: text, bounds: Bounds(x: box[0], y: box[1], width: box[2], height: box[3]), confidence: 90)
            }
            return words.isEmpty ? nil : TextLine(words: words)
        }
    }

    @Test("a GTK 3 window's lines, made window-relative, are placed where X11 says they are; one line alone is no vote")
    func gtkWindowPlaced() async throws {
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkWindow(Self.labels.map { .label($0) }, x: 30, y: 30, width: 600, height: 300)
            let screen = try await AccessibilityReaderTests.screen(of: desktop, showing: Self.labels)
            let ocr = try await Self.ocrLines(desktop)
            #expect(ocr.count >= 3, "\(ocr.map(\.text))")
            // Where X11 has the lines, and the same lines as a Wayland client knows them: from a
            // window corner the test chose (the vote must find that corner again).
            let corner = (x: 57, y: 83)
            let area = Bounds(x: 0, y: 0, width: 700, height: 400)
            let truth = AccessibleTextReading.windowRelative(screen, area: area, imageWidth: 700, imageHeight: 400)
                .flatMap { $0 }.filter { Self.labels.contains($0.text) }
            #expect(truth.count == Self.labels.count, "\(truth.map(\.text))")
            let relative = truth.map { line in
                var moved = line
                moved.bounds = line.bounds.moved(x: -corner.x, y: -corner.y)
                return moved
            }
            let offset = try #require(WindowOffsetVote.offset(of: relative, among: ocr), "\(ocr.map { ($0.text, $0.bounds) })")
            #expect(abs(offset.x - corner.x) <= 3 && abs(offset.y - corner.y) <= 3, "\(offset)")
            #expect(offset.agreeing.count >= 3)
            let placed = WindowOffsetVote.placed(relative, among: ocr, width: 700, height: 400)
            for (line, truth) in zip(placed, truth) {
                #expect(abs(line.bounds.x - truth.bounds.x) <= 3 && abs(line.bounds.y - truth.bounds.y) <= 3, "\(line) \(truth)")
            }
            // One line is no vote: OCR alone.
            #expect(WindowOffsetVote.offset(of: Array(relative.prefix(1)), among: ocr) == nil)
        }
    }
}

extension WindowOffsetVoteTests {
    /// `body` with a headless sway, an accessibility desktop and the environment of a GTK 3
    /// Wayland client of both; the `capture` command's environment is that, in-process.
    static func onSway(_ body: @escaping @Sendable (AccessibilityDesktop, _ client: [String: String], _ capture: [String: String])
        async throws -> Void) async throws {
        try await SwayServer.with(width: 900, height: 600, xwayland: false) { sway in
            try await AccessibilityDesktop.with { desktop in
                var environment = desktop.environment.merging(sway.environment) { $1 }
                environment["GDK_BACKEND"] = "wayland"
                environment["DISPLAY"] = ""
                var capture = environment
                capture["LIVETEXT_LOCAL"] = "1"
                capture["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
                try await body(desktop, environment, capture)
            }
        }
    }

    @Test("on sway, a GTK 3 Wayland window's published lines are placed by the vote: `capture` gives them exactly, sourced accessibility")
    func swayWindow() async throws {
        try await Self.onSway { desktop, client, environment in
            try await desktop.gtkWindow(Self.labels.map { .label($0) }, environment: client)
            _ = try await AccessibilityReaderTests.screen(of: desktop, showing: Self.labels)
            var accessible: [String] = [], outcome: CommandResult?
            for _ in 0..<5 where accessible.isEmpty {
                let ran = try await runCommand(builtLivetext().path, ["capture", "--screen", "--json"], environment: environment)
                outcome = ran
                #expect(ran.status == 0, "\(ran.stderr)")
                let document = try JSONSerialization.jsonObject(with: Data(ran.stdout.utf8)) as? [String: Any] ?? [:]
                accessible = CaptureAccessibilityTests.lines(document)
                    .filter { $0["source"] as? String == "accessibility" }.compactMap { $0["text"] as? String }
            }
            #expect(accessible == Self.labels, "\(outcome?.stdout.prefix(3000) ?? "")")
        }
    }

    @Test("on sway, a GTK 3 Wayland tree view's cells are placed by the vote with its lines: `capture --json` gives the published table")
    func swayTable() async throws {
        try await Self.onSway { desktop, client, environment in
            try await desktop.gtkTreeWindow(header: TableCaptureTests.header, rows: TableCaptureTests.rows, environment: client)
            let (screen, read) = try await TableCaptureTests.table(of: desktop)
            #expect(read != nil, "no table read on Wayland: \(screen.applications.map { $0.lines.map(\.text) })")
            var table: [String: Any]?, outcome: CommandResult?
            for _ in 0..<5 where table?["source"] as? String != "accessibility" {
                let ran = try await runCommand(builtLivetext().path, ["capture", "--screen", "--json"], environment: environment)
                outcome = ran
                #expect(ran.status == 0, "\(ran.stderr)")
                let document = try JSONSerialization.jsonObject(with: Data(ran.stdout.utf8)) as? [String: Any] ?? [:]
                table = (document["tables"] as? [[String: Any]])?.first
            }
            #expect(table?["source"] as? String == "accessibility", "\(outcome?.stdout.prefix(3000) ?? "")")
            let texts = (table?["rows"] as? [[[String: Any]]] ?? []).map { $0.compactMap { $0["text"] as? String } }
            #expect(texts == [TableCaptureTests.header] + TableCaptureTests.rows, "\(texts)")
        }
    }
}
