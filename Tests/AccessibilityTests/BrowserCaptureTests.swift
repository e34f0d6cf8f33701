import Foundation
import LiveTextCore
import TestSupport
import Testing

@testable import Accessibility

/// `livetext capture` over Firefox ESR and Chromium pages of known text on Xvfb with the
/// accessibility bus: every line exact and sourced `accessibility`, a link read into its line
/// once, no line twice (Chromium publishes a paragraph's text again in its leaves).
@Suite("browsers' text from the accessibility bus", .serialized)
struct BrowserCaptureTests {
    static let lines = ["0O1lI Il1| O0o rn m", "Straße Ærøskøbing café naïve", "a11y al1y 10.0.0.1 l0g a link here after",
                        "ÉÈÊ àçù ÅÖÜ ÿ œ ß", "version 1.0.1l build 0O0"]
    static var html: String {
        let paragraphs = lines.map { line in
            "<p>" + line.replacingOccurrences(of: "a link here", with: "<a href=\"https://example.org/\">a link here</a>") + "</p>"
        }
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>a11y test</title><style>
            body { font-family: 'DejaVu Sans'; font-size: 16px; background: #fff; color: #000; margin: 16px }
            p { margin: 0 0 12px 0 }
            </style></head><body>\(paragraphs.joined(separator: "\n"))</body></html>
            """
    }

    /// The browser's lines once its page is published (up to 60 s: a browser on a loaded
    /// machine takes its time), then `capture` over its window until the published text took
    /// part.
    static func captured(_ browser: TestBrowser) async throws -> [Line] {
        try await AccessibilityDesktop.with { desktop in
            let (process, reader) = try await desktop.browserPage(browser, html: html)
            defer { reader.close() }
            var published: Set<String> = []
            for _ in 0..<600 where !Self.lines.allSatisfy(published.contains) {
                guard process.isRunning else { throw TestFailure("\(browser) exited") }
                try await Task.sleep(for: .milliseconds(100))
                published = Set(await reader.read(limits: .standard).applications.flatMap(\.lines).map(\.text))
            }
            #expect(Self.lines.allSatisfy(published.contains), "\(published.sorted())")
            var environment = desktop.environment
            environment["LIVETEXT_LOCAL"] = "1"
            environment["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
            var lines: [Line] = []
            for _ in 0..<5 {
                let outcome = try await runCommand(builtLivetext().path,
                                                   ["capture", "--region", "0,0,800,500", "--json", "--accessibility", "on"],
                                                   environment: environment)
                #expect(outcome.status == 0, "\(outcome.stderr)")
                let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
                lines = (document["blocks"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] }
                    .map { Line(text: $0["text"] as? String ?? "", source: $0["source"] as? String ?? "") }
                if Self.lines.allSatisfy({ line in lines.contains { $0.text == line } }) { break }
            }
            return lines
        }
    }

    struct Line: Sendable {
        let text: String
        let source: String
    }

    static func check(_ lines: [Line]) {
        let texts = lines.map(\.text)
        for line in Self.lines {
            let found = lines.filter { $0.text == line }
            #expect(found.count == 1, "\(line): \(texts)")
            #expect(found.allSatisfy { $0.source == "accessibility" }, "\(line): \(found)")
        }
        // The link is in its line, not a line of its own too.
        #expect(!texts.contains("a link here"), "\(texts)")
    }

    @Test("Firefox ESR (accessibility asked for by livetext desktop): its page's lines exact, the link in its line")
    func firefox() async throws {
        Self.check(try await Self.captured(.firefox))
    }

    @Test("Chromium (accessibility asked for, and --force-renderer-accessibility): its page's lines exact and once each, the link in its line")
    func chromium() async throws {
        Self.check(try await Self.captured(.chromium))
    }
}
