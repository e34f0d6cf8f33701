import Foundation
import Testing
import TestSupport

/// What the user saw: two windows side by side whose lines share rows were read as one page,
/// lines 1,100 px wide running from one into the other. The capture knows where the windows are.
@Suite("windows side by side, captured")
struct WindowRegionsCaptureTests {
    @Test("two touching windows with their lines on the same rows: no line crosses their border, the left one read first")
    func readApart() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-twins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let page = work.appendingPathComponent("page.png").path
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/screens/browser-light-dejavu-14px.png").path
        let cropped = try await runCommand("/usr/bin/convert", [fixture, "-crop", "600x400+0+0", "+repage", page])
        #expect(cropped.status == 0)
        try await TestDisplay.with(width: 1280, height: 480) { server in
            let windows = try [0, 600].map { try XPeers.imageWindow(page, x: $0, y: 0, on: server) }
            defer { windows.forEach { $0.terminate() } }
            var shown = 0
            for _ in 0..<100 where shown < 2 {
                try await Task.sleep(for: .milliseconds(100))
                let found = try await runCommand("/usr/bin/xdotool", ["search", "--onlyvisible", "--class", "display"],
                                                 environment: server.environment)
                shown = found.stdout.split(separator: "\n").count
            }
            #expect(shown == 2, "the two windows never showed")
            try await Task.sleep(for: .milliseconds(300))
            let result = try await XPeers.livetext(["capture", "--screen", "--types", "text", "--json"], on: server)
            #expect(result.status == 0, "\(result.stderr)")
            let document = try XPeers.document(result.stdout)
            let lines = (document["blocks"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] }
            let bounds = lines.compactMap { $0["bounds"] as? [Int] }
            let crossing = bounds.filter { $0[0] < 597 && $0[0] + $0[2] > 603 }
            #expect(bounds.count >= 16 && crossing.isEmpty, "\(crossing)")
            let sides = bounds.map { $0[0] + $0[2] <= 603 ? "L" : "R" }.joined()
            #expect(!sides.contains("RL"), "\(sides)")
            let texts = lines.compactMap { $0["text"] as? String }
            #expect(texts.filter { $0 == "Spring tour registration is open" }.count == 2, "\(texts)")
        }
    }
}
