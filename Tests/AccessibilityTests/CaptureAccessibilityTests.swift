import Foundation
import TestSupport
import Testing

/// `livetext capture` on Xvfb with at-spi2-core's accessibility bus and a GTK 3 window of known
/// text: the published text is taken exactly where it is drawn; text published but never drawn
/// stays out; `--accessibility off` reads everything with OCR.
@Suite("capture with the accessibility bus", .serialized)
struct CaptureAccessibilityTests {
    static let drawn = ["0O1lI Straße", "café naïve Ærøskøbing", "Il1| O0o rn m"]
    static let hidden = "HIDDEN transfer to 4242"

    static func capture(_ desktop: AccessibilityDesktop, _ extra: [String]) async throws -> [String: Any] {
        var environment = desktop.environment
        environment["LIVETEXT_LOCAL"] = "1"
        environment["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
        let outcome = try await runCommand(builtLivetext().path, ["capture", "--region", "0,0,700,400", "--json"] + extra,
                                           environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    /// `capture` until the published text took part (5 tries): a fresh process's walk has 150 ms,
    /// which a machine running many tests at once may not give it; OCR alone decides then, as it
    /// should, and the next capture walks again.
    static func captureWalked(_ desktop: AccessibilityDesktop, _ extra: [String] = []) async throws -> [String: Any] {
        var document: [String: Any] = [:]
        for _ in 0..<5 {
            document = try await capture(desktop, extra)
            if lines(document).contains(where: { $0["source"] as? String == "accessibility" }) { break }
        }
        return document
    }

    static func lines(_ document: [String: Any]) -> [[String: Any]] {
        (document["blocks"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] }
    }

    @Test("the text is exact and sourced accessibility; a hidden label stays out; off is OCR alone")
    func exactText() async throws {
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkWindow(Self.drawn.map { .label($0) } + [.hiddenLabel(Self.hidden)], x: 30, y: 30,
                                        width: 600, height: 300)
            _ = try await AccessibilityReaderTests.screen(of: desktop, showing: Self.drawn + [Self.hidden])
            let document = try await Self.captureWalked(desktop)
            let lines = Self.lines(document)
            let accessible = lines.filter { $0["source"] as? String == "accessibility" }.compactMap { $0["text"] as? String }
            #expect(accessible == Self.drawn, "\(lines.map { ($0["text"] ?? "", $0["source"] ?? "") })")
            #expect(!(document["text"] as? String ?? "").contains("HIDDEN"))
            let words = lines.flatMap { $0["words"] as? [[String: Any]] ?? [] }
            #expect(words.allSatisfy { $0["source"] as? String != nil })

            let ocr = try await Self.capture(desktop, ["--accessibility", "off"])
            #expect(Self.lines(ocr).allSatisfy { $0["source"] as? String == "ocr" })
            #expect(!Self.lines(ocr).isEmpty)
        }
    }

    @Test("a window whose text is all published is not read by OCR; a line drawn on a canvas still is")
    func ocrOnlyForTheRest() async throws {
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkWindow(Self.drawn.map { .label($0) }, x: 30, y: 30, width: 600, height: 300)
            _ = try await AccessibilityReaderTests.screen(of: desktop, showing: Self.drawn)
            let document = try await Self.captureWalked(desktop)
            let timing = document["timing"] as? [String: Any] ?? [:]
            #expect(timing["accessibilityMs"] is Double, "\(timing)")
            // Nothing left to read: no page laid out.
            #expect(timing["layoutMs"] == nil, "\(timing)")
            let lines = Self.lines(document)
            #expect(lines.compactMap { $0["text"] as? String } == Self.drawn, "\(lines.map { $0["text"] ?? "" })")
            #expect(lines.allSatisfy { $0["source"] as? String == "accessibility" })
        }
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkWindow(Self.drawn.map { .label($0) } + [.drawnText("Canvas 4217 drawn")], x: 30, y: 30,
                                        width: 600, height: 300)
            _ = try await AccessibilityReaderTests.screen(of: desktop, showing: Self.drawn)
            let lines = Self.lines(try await Self.captureWalked(desktop))
            let accessible = lines.filter { $0["source"] as? String == "accessibility" }.compactMap { $0["text"] as? String }
            #expect(accessible == Self.drawn, "\(lines.map { ($0["text"] ?? "", $0["source"] ?? "") })")
            let ocr = lines.filter { $0["source"] as? String == "ocr" }.compactMap { $0["text"] as? String }
            #expect(ocr.contains { $0.contains("4217") }, "\(ocr)")
            // The published lines were painted out: the OCR read none of them again.
            #expect(!ocr.contains { $0.contains("Stra") || $0.contains("caf") }, "\(ocr)")
        }
    }

    @Test("a line under another window stays out of the published text; what shows of it is OCR's")
    func occludedLine() async throws {
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkWindow([.label("0O1lI Straße"), .label("covered ÆØÅ line")], x: 30, y: 30,
                                        width: 600, height: 300)
            _ = try await AccessibilityReaderTests.screen(of: desktop, showing: ["0O1lI Straße", "covered ÆØÅ line"])
            // A window mapped later lies on top (no window manager): it covers the second label.
            try await desktop.gtkWindow([.label("cover")], x: 20, y: 90, width: 660, height: 200, title: "cover")
            try await Task.sleep(for: .milliseconds(300))
            let lines = Self.lines(try await Self.captureWalked(desktop))
            let accessible = lines.filter { $0["source"] as? String == "accessibility" }.compactMap { $0["text"] as? String }
            #expect(accessible.contains("0O1lI Straße"), "\(accessible)")
            #expect(!accessible.contains("covered ÆØÅ line"), "\(accessible)")
            #expect(accessible.contains("cover"), "\(accessible)")
        }
    }

    @Test("text nobody published above and below the published labels: both read by the OCR, in one run, each where it is drawn")
    func remainderApart() async throws {
        try await AccessibilityDesktop.with { desktop in
            let labels = ["0O1lI Straße", "café naïve Ærøskøbing", "Il1| O0o rn m", "Invoice 4471 due", "résumé façade"]
            try await desktop.gtkWindow([.drawnText("Header 7731 drawn")] + labels.map { .label($0) } + [.drawnText("Footer 4417 drawn")],
                                        x: 30, y: 30, width: 600, height: 340)
            _ = try await AccessibilityReaderTests.screen(of: desktop, showing: labels)
            let lines = Self.lines(try await Self.captureWalked(desktop))
            let accessible = lines.filter { $0["source"] as? String == "accessibility" }.compactMap { $0["text"] as? String }
            #expect(accessible == labels, "\(lines.map { ($0["text"] ?? "", $0["source"] ?? "") })")
            let ocr = lines.filter { $0["source"] as? String == "ocr" }
            let header = try #require(ocr.first { ($0["text"] as? String)?.contains("7731") == true }, "\(ocr)")
            let footer = try #require(ocr.first { ($0["text"] as? String)?.contains("4417") == true }, "\(ocr)")
            // Where they are drawn on the screen: the header above every label, the footer below.
            let top = { (line: [String: Any]) in ((line["bounds"] as? [Any])?[1] as? NSNumber)?.intValue }
            let tops = lines.filter { $0["source"] as? String == "accessibility" }.compactMap(top)
            let headerY = try #require(top(header)), footerY = try #require(top(footer))
            #expect(tops.count == labels.count && headerY < tops.min()! && footerY > tops.max()!, "\(headerY) \(footerY) \(tops)")
            #expect(headerY > 30 && footerY < 30 + 340, "\(headerY) \(footerY)")
        }
    }

    @Test("livetext desktop says whether the bus is there and IsEnabled; --enable-accessibility sets it, only when asked")
    func desktopReport() async throws {
        try await AccessibilityDesktop.with { desktop in
            var environment = desktop.environment
            environment["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
            let livetext = builtLivetext().path
            let before = try await runCommand(livetext, ["desktop", "--json"], environment: environment)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [String: Any])
            let accessibility = try #require(document["accessibility"] as? [String: Any], "\(before.stdout)")
            #expect(accessibility["bus"] as? Bool == true && accessibility["enabled"] as? Bool == false)
            let enable = try await runCommand(livetext, ["desktop", "--enable-accessibility"], environment: environment)
            #expect(enable.status == 0, "\(enable.stderr)")
            let after = try await runCommand(livetext, ["desktop"], environment: environment)
            #expect(after.stdout.contains("applications are asked to publish their text"), "\(after.stdout)")
        }
        try await AccessibilityDesktop.with(launcher: false) { desktop in
            var environment = desktop.environment
            environment["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
            let report = try await runCommand(builtLivetext().path, ["desktop"], environment: environment)
            #expect(report.stdout.contains("no accessibility bus"), "\(report.stdout)")
        }
    }
}
