import Foundation
import LiveTextCore
import TestSupport
import Testing

@testable import Accessibility

/// HTML `<table>`s in Firefox ESR and Chromium on Xvfb with the accessibility bus: read as tables
/// (the `<th>` row the header), every cell exact and in place, a link's and a paragraph's text in
/// their cells, no cell's text a line of its own too; `capture` gives the table sourced
/// `accessibility`; of a table taller than the window, only the rows in view.
@Suite("browsers' tables from the accessibility bus", .serialized)
struct WebTableCaptureTests {
    static let header = ["Name", "Städte", "Code", "Nr"]
    static let rows = [["0O1lI", "Köln", "A-10l", "12"], ["naïve", "", "O0-71", "3O"], ["Ærø", "Zürich", "lI1-0O", "7"],
                       ["Il1", "ÉÈÊ", "rn m", "0O"], ["see docs here", "Łódź", "C-0O", "42"]]
    static let style = """
        body { font-family: 'DejaVu Sans'; font-size: 16px; background: #fff; color: #000; margin: 16px }
        table { border-collapse: collapse } td, th { border: 1px solid #888; padding: 4px 10px; text-align: left }
        p { margin: 0 }
        """

    /// The table's page: a paragraph above it, the last row's first cell with a link in it and
    /// its second a paragraph.
    static var html: String {
        func cell(_ text: String, _ row: Int, _ column: Int) -> String {
            if text == "see docs here" { return "<td>see <a href=\"https://example.org/\">docs</a> here</td>" }
            if row == 4 && column == 1 { return "<td><p>\(text)</p></td>" }
            return "<td>\(text)</td>"
        }
        let head = "<tr>" + header.map { "<th>\($0)</th>" }.joined() + "</tr>"
        let body = rows.enumerated().map { row, cells in
            "<tr>" + cells.enumerated().map { cell($0.element, row, $0.offset) }.joined() + "</tr>"
        }
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>table test</title><style>\(style)</style></head>
            <body><p>Above the table</p><table><thead>\(head)</thead><tbody>\(body.joined(separator: "\n"))</tbody></table>
            </body></html>
            """
    }

    /// A table of `count` rows (`r<n>`, `b<n>`, `c<n>`) under its header, scrolled to row `scrolled`.
    static func tallHTML(count: Int, scrolled: Int) -> String {
        let body = (0..<count).map { "<tr id=\"row\($0)\"><td>r\($0)</td><td>b\($0)</td><td>c\($0)</td></tr>" }
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>tall table</title><style>\(style)</style></head>
            <body><table><thead><tr><th>First</th><th>Second</th><th>Third</th></tr></thead>
            <tbody>\(body.joined(separator: "\n"))</tbody></table>
            <script>document.getElementById("row\(scrolled)").scrollIntoView()</script></body></html>
            """
    }

    /// `browser` showing `html` on a desktop with accessibility enabled: `body` once the browser
    /// published a table (up to 60 s: a browser on a loaded machine takes its time) whose first
    /// cell `ready` accepts.
    static func withTable<T: Sendable>(_ browser: TestBrowser, html: String, ready: @escaping @Sendable (AccessibleTable) -> Bool,
                                       _ body: @escaping @Sendable (AccessibilityDesktop, AccessibleScreen, AccessibleTable?) async throws -> T)
        async throws -> T
    {
        try await AccessibilityDesktop.with { desktop in
            let (process, reader) = try await desktop.browserPage(browser, html: html)
            defer { reader.close() }
            var screen = AccessibleScreen.empty
            for _ in 0..<600 {
                guard process.isRunning else { throw TestFailure("\(browser) exited") }
                screen = await reader.read(limits: .standard)
                if let table = screen.applications.flatMap(\.tables).first, ready(table) {
                    return try await body(desktop, screen, table)
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            return try await body(desktop, screen, nil)
        }
    }

    static func capture(_ desktop: AccessibilityDesktop, _ extra: [String]) async throws -> String {
        var environment = desktop.environment
        environment["LIVETEXT_LOCAL"] = "1"
        environment["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
        let outcome = try await runCommand(builtLivetext().path, ["capture", "--region", "0,0,800,500"] + extra,
                                           environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return outcome.stdout
    }

    @Test("a table of known cells: read exactly, in place, its cells no lines; capture gives it sourced accessibility",
          arguments: TestBrowser.allCases)
    func knownCells(_ browser: TestBrowser) async throws {
        try await Self.withTable(browser, html: Self.html, ready: { $0.header?.first?.text == "Name" }) { desktop, screen, read in
            let table = try #require(read, "\(screen.applications.map { ($0.name, $0.lines.map(\.text)) })")
            #expect(table.header?.map(\.text) == Self.header)
            #expect(table.rows.map { $0.map(\.text) } == Self.rows)
            // In place: rows top to bottom, columns left to right, each text inside its cell.
            let grid = [table.header ?? []] + table.rows
            for (row, cells) in grid.enumerated() {
                for (column, cell) in cells.enumerated() {
                    if column > 0 { #expect(cell.bounds.x >= cells[column - 1].bounds.maxX - 2, "\(cell)") }
                    if row > 0 { #expect(cell.bounds.y >= grid[row - 1][column].bounds.maxY - 2, "\(cell)") }
                    if let text = cell.textBounds { #expect(cell.bounds.intersection(text) == text, "\(cell)") }
                    // The header's cells are placed by their boxes (as GTK 3's), a row's by their texts'.
                    if row > 0 || table.header == nil { #expect((cell.textBounds == nil) == cell.text.isEmpty, "\(cell)") }
                }
            }
            // The cells' texts (the link's and the paragraph's with them) are the table's alone.
            let lines = screen.applications.flatMap(\.lines).map(\.text)
            for text in Self.rows.joined() + ["docs", "Łódź", "Name"] where !text.isEmpty {
                #expect(!lines.contains(text), "\(text): \(lines)")
            }
            #expect(lines.contains("Above the table"), "\(lines)")

            let expected = ([Self.header] + Self.rows).map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
            // A fresh process's walk has 150 ms, which a loaded machine may not give it: a few tries.
            var tsv = ""
            for _ in 0..<5 where tsv != expected { tsv = try await Self.capture(desktop, ["--accessibility", "on", "--tables", "tsv"]) }
            #expect(tsv == expected)
            var document: [String: Any] = [:]
            for _ in 0..<5 {
                let json = try await Self.capture(desktop, ["--accessibility", "on", "--json"])
                document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                if (document["tables"] as? [[String: Any]])?.first?["source"] as? String == "accessibility" { break }
            }
            let tables = document["tables"] as? [[String: Any]] ?? []
            #expect(tables.count == 1, "\(tables)")
            let found = try #require(tables.first)
            #expect(found["source"] as? String == "accessibility" && found["header"] as? Bool == true, "\(found)")
            let texts = (found["rows"] as? [[[String: Any]]] ?? []).map { $0.compactMap { $0["text"] as? String } }
            #expect(texts == [Self.header] + Self.rows)
            // No cell's text twice among the result's lines.
            let captured = (document["blocks"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] }
                .compactMap { $0["text"] as? String }
            for text in Self.rows.joined() + Self.header where !text.isEmpty {
                #expect(captured.filter { $0 == text }.count <= 1, "\(text): \(captured)")
            }
            #expect(!captured.contains("docs"), "\(captured)")
        }
    }

    @Test("a table of 300 rows scrolled to the middle: only the rows in view, one after another, within the deadline",
          arguments: TestBrowser.allCases)
    func tallTable(_ browser: TestBrowser) async throws {
        let html = Self.tallHTML(count: 300, scrolled: 150)
        try await Self.withTable(browser, html: html, ready: { Int($0.rows.first?.first?.text.dropFirst() ?? "") ?? 0 >= 100 }) { _, screen, read in
            let table = try #require(read, "\(screen.applications.map { ($0.name, $0.tables.count) })")
            #expect(screen.elapsed < AccessibilityLimits.standard.deadline + .seconds(1), "\(screen.elapsed)")
            // The header is scrolled off with the rows above.
            #expect(table.header == nil)
            let numbers = table.rows.compactMap { Int($0.first?.text.dropFirst() ?? "") }
            #expect(numbers.count == table.rows.count, "\(table.rows)")
            let first = numbers.first ?? 0
            #expect(first >= 150 && first <= 151, "\(numbers)")
            #expect(numbers == Array(first..<first + numbers.count), "\(numbers)")
            for (row, cells) in table.rows.enumerated() {
                #expect(cells.map(\.text) == ["r", "b", "c"].map { "\($0)\(numbers[row])" }, "\(cells)")
                // Every row shown whole, below the browser's bars (the page starts some 85 px down) and above the window's bottom.
                #expect(cells.allSatisfy { $0.bounds.y >= 80 && $0.bounds.maxY <= 500 }, "\(cells)")
            }
            // The page's part in view (about 413 px) holds 13-14 rows of 29 px: all of them, no more.
            #expect(numbers.count >= 12 && numbers.count <= 15, "\(numbers)")
            let lines = screen.applications.flatMap(\.lines).map(\.text)
            #expect(!numbers.contains { lines.contains("r\($0)") }, "\(lines)")
        }
    }

    /// A page of two tables: one without `<th>`s, one with a cell spanning two columns.
    static let twoTablesHTML = """
        <!doctype html><html><head><meta charset="utf-8"><title>two tables</title><style>\(style)</style></head>
        <body><table><tr><td>alpha 0O</td><td>Ærø 1l</td></tr><tr><td>beta lI</td><td>Łódź 7</td></tr></table>
        <p>Between the tables</p>
        <table><tr><th>Wide</th><th>Head</th></tr><tr><td colspan="2">spanning both columns</td></tr>
        <tr><td>left cell</td><td>right cell</td></tr></table></body></html>
        """

    @Test("a table without a header row: read without one; a table with a cell spanning columns: left to its lines",
          arguments: TestBrowser.allCases)
    func twoTables(_ browser: TestBrowser) async throws {
        try await Self.withTable(browser, html: Self.twoTablesHTML, ready: { $0.rows.first?.first?.text == "alpha 0O" }) { _, screen, read in
            let table = try #require(read, "\(screen.applications.map { ($0.name, $0.lines.map(\.text)) })")
            #expect(screen.applications.flatMap(\.tables).count == 1)
            #expect(table.header == nil)
            #expect(table.rows.map { $0.map(\.text) } == [["alpha 0O", "Ærø 1l"], ["beta lI", "Łódź 7"]])
            let lines = screen.applications.flatMap(\.lines).map(\.text)
            for text in ["Wide", "spanning both columns", "left cell", "right cell", "Between the tables"] {
                #expect(lines.contains(text), "\(text): \(lines)")
            }
            #expect(!lines.contains("alpha 0O") && !lines.contains("Łódź 7"), "\(lines)")
        }
    }

    /// A table of 30 rows in a box 150 pixels high that scrolls it, scrolled 200 pixels down.
    static let scrollingBoxHTML: String = {
        let rows = (0..<30).map { "<tr><td>r\($0)</td><td>b\($0)</td></tr>" }.joined(separator: "\n")
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>scrolling box</title><style>\(style)
            #box { height: 150px; overflow: auto; border: 2px solid #888 }</style></head>
            <body><p>Above the box</p><div id="box"><table><tr><th>A</th><th>B</th></tr>\(rows)</table></div>
            <p>Below the box</p><script>document.getElementById("box").scrollTop = 200</script></body></html>
            """
    }()

    @Test("a table in a box that scrolls it: only the rows whole inside the box, not those the box hides",
          arguments: TestBrowser.allCases)
    func scrollingBox(_ browser: TestBrowser) async throws {
        try await Self.withTable(browser, html: Self.scrollingBoxHTML,
                                 ready: { Int($0.rows.first?.first?.text.dropFirst() ?? "") ?? 0 >= 4 }) { _, screen, read in
            let table = try #require(read, "\(screen.applications.map { ($0.name, $0.lines.map(\.text)) })")
            #expect(table.header == nil)
            let numbers = table.rows.compactMap { Int($0.first?.text.dropFirst() ?? "") }
            #expect(numbers.count == table.rows.count, "\(table.rows)")
            let first = numbers.first ?? 0
            #expect(numbers == Array(first..<first + numbers.count), "\(numbers)")
            for (row, cells) in table.rows.enumerated() { #expect(cells.map(\.text) == ["r\(numbers[row])", "b\(numbers[row])"]) }
            // 200 pixels down, rows of 28-29 pixels: row 7 the first whole; the box's 146 pixels
            // hold 4 or 5 whole rows (cut by the page's part in view alone, the rows the box hides
            // above it would come too: 7 rows from row 5).
            #expect(first >= 7 && first <= 8, "\(numbers)")
            #expect(numbers.count >= 4 && numbers.count <= 5, "\(numbers)")
        }
    }
}
