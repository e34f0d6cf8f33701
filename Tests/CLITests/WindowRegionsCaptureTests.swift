import Foundation
import Testing
import TestSupport

/// What the user saw: two windows side by side whose lines share rows were read as one page,
/// lines 1,100 px wide running from one into the other. The capture knows where the windows are.
@Suite("windows side by side, captured")
struct WindowRegionsCaptureTests {
    /// `body` with the path of a 600×400 crop of a browser capture: the page each window shows.
    static func withPage(_ body: (String) async throws -> Void) async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-twins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let page = work.appendingPathComponent("page.png").path
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/screens/browser-light-dejavu-14px.png").path
        let cropped = try await runCommand("/usr/bin/convert", [fixture, "-crop", "600x400+0+0", "+repage", page])
        #expect(cropped.status == 0)
        try await body(page)
    }

    /// The ids of the shown ImageMagick windows, once two are shown (or after 10 s).
    static func shownWindows(on server: TestDisplay) async throws -> [String] {
        var ids: [String] = []
        for _ in 0..<100 where ids.count < 2 {
            try await Task.sleep(for: .milliseconds(100))
            let found = try await runCommand("/usr/bin/xdotool", ["search", "--onlyvisible", "--class", "display"],
                                             environment: server.environment)
            ids = found.stdout.split(separator: "\n").map(String.init)
        }
        return ids
    }

    @Test("two touching windows with their lines on the same rows: no line crosses their border, the left one read first")
    func readApart() async throws {
        try await Self.withPage { page in
            try await TestDisplay.with(width: 1280, height: 480) { server in
                let windows = try [0, 600].map { try XPeers.imageWindow(page, x: $0, y: 0, on: server) }
                defer { windows.forEach { $0.terminate() } }
                #expect(try await Self.shownWindows(on: server).count == 2, "the two windows never showed")
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

    @Test("under openbox (frames with title bars and borders, the right window overlapping the left one's border): no line crosses the border, and in live text a triple click copies the left window's line only")
    func readApartUnderOpenbox() async throws {
        try await Self.withPage { page in
            try await TestDisplay.with(width: 1280, height: 520) { server in
                let manager = try await XPeers.openbox(on: server)
                defer { manager.terminate() }
                let windows = try [0, 600].map { try XPeers.imageWindow(page, x: $0, y: 0, on: server) }
                defer { windows.forEach { $0.terminate() } }
                let ids = try await Self.shownWindows(on: server)
                #expect(ids.count == 2, "the two windows never showed")
                // Where the right window's content starts: its frame's border is a pixel or two left of it.
                var lefts: [Int] = []
                for id in ids {
                    let geometry = try await runCommand("/usr/bin/xdotool", ["getwindowgeometry", "--shell", id], environment: server.environment)
                    lefts += geometry.stdout.split(separator: "\n").compactMap { $0.hasPrefix("X=") ? Int($0.dropFirst(2)) : nil }
                }
                let border = try #require(lefts.max())
                #expect(border >= 590 && border <= 620, "\(lefts)")
                try await Task.sleep(for: .milliseconds(300))
                let result = try await XPeers.livetext(["capture", "--screen", "--types", "text", "--json"], on: server)
                #expect(result.status == 0, "\(result.stderr)")
                let document = try XPeers.document(result.stdout)
                let lines = (document["blocks"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] }
                let bounds = lines.compactMap { $0["bounds"] as? [Int] }
                let crossing = bounds.filter { $0[0] < border - 4 && $0[0] + $0[2] > border + 4 }
                #expect(bounds.count >= 16 && crossing.isEmpty, "\(crossing)")
                let line = "Spring tour registration is open"
                let leftLine = try #require(lines.first { ($0["text"] as? String) == line && (($0["bounds"] as? [Int])?[0] ?? 9999) < border },
                                            "\(lines.compactMap { $0["text"] })")
                let box = try #require(leftLine["bounds"] as? [Int])

                // Live text: a triple click on that line, towards its end, copies it alone.
                async let ended = XPeers.livetext(["live"], on: server)
                // Clicks only once the surface is up: ImageMagick's display opens a menu on a click.
                try await XPeers.xdotool(["search", "--sync", "--onlyvisible", "--class", "livetext"], on: server)
                // Until the whole screen is read (a triple click on a partial reading may be carried
                // over to another line when the whole comes in); lines joined across windows never
                // give the left one's line alone.
                var copied = ""
                for _ in 0..<200 where copied != line {
                    try await XPeers.xdotool(["mousemove", "\(box[0] + box[2] * 3 / 4)", "\(box[1] + box[3] / 2)",
                                              "click", "--repeat", "3", "--delay", "60", "1", "key", "ctrl+c", "sleep", "0.5"], on: server)
                    copied = try await XPeers.clipboardText(on: server) ?? ""
                }
                #expect(copied == line)
                try await XPeers.xdotool(["key", "Escape", "sleep", "0.3", "key", "Escape"], on: server)
                #expect(try await ended.status == 0)
            }
        }
    }
}
