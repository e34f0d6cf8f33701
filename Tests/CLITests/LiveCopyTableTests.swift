import Foundation
import Testing
import TestSupport

/// `livetext live` over a table: the right-click menu's Copy Table puts the table on the
/// clipboard as tab-separated text and as HTML, and both outlive livetext.
@Suite("livetext live: Copy Table")
struct LiveCopyTableTests {
    static let ps = FixtureCorpus("tables").directory.appendingPathComponent("ps-dejavu-mono-14px.png").path  // 300×112

    /// What `xclip -t target -o` reads from CLIPBOARD (nil: refused).
    static func clipboard(_ target: String, on server: TestDisplay) async throws -> String? {
        let result = try await runCommand("/usr/bin/xclip", ["-selection", "clipboard", "-t", target, "-o"],
                                          environment: server.environment)
        return result.status == 0 ? result.stdout : nil
    }

    /// The ps listing's rows as TSV gives them: five of four cells, the header first.
    static func checkTSV(_ tsv: String?) {
        let rows = (tsv ?? "").split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 5 && rows.allSatisfy { $0.count == 4 }, "\(tsv ?? "nothing")")
        #expect(rows.first == ["PID", "TTY", "TIME", "CMD"], "\(tsv ?? "nothing")")
        #expect(rows.map { $0.first ?? "" } == ["PID", "1432", "2210", "74", "31337"], "\(tsv ?? "nothing")")
    }

    /// The listing's `<table>`: its header in `<thead>`, five rows.
    static func checkHTML(_ html: String?) {
        let html = html ?? ""
        #expect(html.hasPrefix("<table>\n<thead>\n<tr><th>PID</th><th>TTY</th><th>TIME</th><th>CMD</th></tr>"), "\(html)")
        #expect(html.components(separatedBy: "<tr>").count == 6 && html.hasSuffix("</table>\n"), "\(html)")
    }

    @Test("a right click on the ps listing, then Home, Down, Down, Enter: Copy Table; CLIPBOARD offers text/html (the <table>) beside UTF8_STRING (TSV), while live text stays and after it exits")
    func copyTableFromMenu() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            try await XPeers.paintRoot(Self.ps, on: server)
            async let ended = XPeers.livetext(["live", "--region", "0,0,300,112"], on: server)
            // Live once Ctrl+A copies the listing's header and last command (a reading in part may
            // lack the header: its rows are read outwards from the pointer, the whole comes last).
            var copied: String?
            for _ in 0..<300 where !(copied?.contains("PID") == true && copied?.contains("31337") == true) {
                try await Task.sleep(for: .milliseconds(copied == nil ? 0 : 100))
                try await XPeers.xdotool(["key", "ctrl+a", "key", "ctrl+c"], on: server)
                copied = try await XPeers.clipboardText(on: server) ?? ""
            }
            try #require(copied?.contains("PID") == true && copied?.contains("31337") == true,
                         "Ctrl+A never copied the listing: \(copied ?? "")")
            // Plain text so far: no HTML offered.
            #expect(try await Self.clipboard("TARGETS", on: server)?.contains("text/html") == false)
            // Over "bash": the selection's menu, Copy Table its third entry.
            try await XPeers.xdotool(["mousemove", "230", "28", "click", "3", "sleep", "1",
                                      "key", "Home", "key", "Down", "key", "Down", "key", "Return"], on: server)
            var html: String?
            for _ in 0..<100 where html == nil {
                try await Task.sleep(for: .milliseconds(100))
                html = try await Self.clipboard("text/html", on: server)
            }
            Self.checkHTML(html)
            Self.checkTSV(try await Self.clipboard("UTF8_STRING", on: server))
            #expect(try await Self.clipboard("TARGETS", on: server)?.contains("text/html") == true)
            // Escape lets go of the selection, the next closes: the copy is handed on, HTML and all.
            try await XPeers.xdotool(["key", "Escape", "sleep", "0.5", "key", "Escape"], on: server)
            let result = try await ended
            #expect(result.status == 0, "\(result.stderr)")
            Self.checkHTML(try await Self.clipboard("text/html", on: server))
            Self.checkTSV(try await Self.clipboard("UTF8_STRING", on: server))
        }
    }

    @Test("the hand-off process takes text and HTML as JSON with --html; anything else is refused (exit 2, saying what it wanted) before any display is asked")
    func handOffRefusesOtherInput() async throws {
        let result = try await CLIProcess.run(["serve-clipboard", "--html"], stdin: Data("PID\tCMD\n".utf8),
                                              environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("plain and html"), "\(result.stderr)")
    }
}
