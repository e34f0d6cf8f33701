import Foundation
import LiveTextCore
import TestSupport
import Testing

@testable import Accessibility

/// GTK 3 tree views on Xvfb with at-spi2-core's accessibility bus: their visible cells and
/// column headers read as a table (never a scrolled-off row or a column cut by the side), bounded
/// for a table of a million rows; `livetext capture --tables` gives exactly those cells.
@Suite("published tables", .serialized)
struct TableCaptureTests {
    static let header = ["Name", "Städte", "Nr"]
    static let rows = [["0O1lI", "café", "12"], ["naïve", "", "3O"], ["Ærø", "lI1", "7"], ["Il1", "ÉÈÊ", "0O"]]

    /// Reads until an application shows a table (it registers a moment after its window maps).
    static func table(of desktop: AccessibilityDesktop, limits: AccessibilityLimits = .standard) async throws
        -> (AccessibleScreen, AccessibleTable?) {
        let reader = try await AccessibilityReader.connect(sessionAddress: desktop.bus.address)
        var last = AccessibleScreen.empty
        for _ in 0..<60 {
            last = await reader.read(limits: limits)
            if let table = last.applications.flatMap(\.tables).first { return (last, table) }
            try await Task.sleep(for: .milliseconds(100))
        }
        return (last, nil)
    }

    @Test("the cells shown and the headers are read exactly, with their places; their lines are not read again")
    func readTable() async throws {
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkTreeWindow(header: Self.header, rows: Self.rows, extraRows: 2)
            let (screen, read) = try await Self.table(of: desktop)
            let table = try #require(read)
            #expect(table.header?.map(\.text) == Self.header)
            #expect(table.rows.map { $0.map(\.text) } == Self.rows + [["r0", "b0", "c0"], ["r1", "b1", "c1"]])
            let frame = Bounds(x: 30, y: 30, width: 500, height: 300)
            for cell in table.cells {
                #expect(cell.bounds.intersection(frame) == cell.bounds, "\(cell)")
                if let text = cell.textBounds { #expect(cell.bounds.intersection(text) == text, "\(cell)") }
            }
            #expect(table.rows[1][1].textBounds == nil)
            let lines = screen.applications.flatMap(\.lines).map(\.text)
            #expect(!lines.contains("café") && !lines.contains("0O1lI"), "\(lines)")
        }
    }

    @Test("a short table in a tall view: its rows from the first")
    func shortTable() async throws {
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkTreeWindow(header: Self.header, rows: Array(Self.rows.prefix(2)), height: 500)
            let (_, read) = try await Self.table(of: desktop)
            #expect(read?.rows.map { $0.map(\.text) } == Array(Self.rows.prefix(2)))
        }
    }

    @Test("rows scrolled off or half under the header and a column cut by the side are left out")
    func scrolledTable() async throws {
        try await AccessibilityDesktop.with { desktop in
            // 40 rows, scrolled down by 3⅓ rows and sideways past the first column's left edge.
            try await desktop.gtkTreeWindow(header: ["Name", "Second column", "Third column", "Fourth column"], rows: [],
                                            extraRows: 40, scrollX: 12, scrollY: 100, width: 500, height: 250)
            let (_, read) = try await Self.table(of: desktop)
            let table = try #require(read)
            let names = table.header?.map(\.text) ?? []
            // The first column starts left of the view; the last one ends right of it.
            #expect(names == ["Second column", "Third column"], "\(names)")
            let firstColumn = table.rows.compactMap(\.first?.text)
            // Rows follow one another from the first shown whole (row 3 is half under the header).
            let numbers = firstColumn.compactMap { Int($0.dropFirst()) }
            #expect(numbers.count == firstColumn.count && numbers.first ?? 0 >= 4, "\(firstColumn)")
            #expect(numbers == Array((numbers.first ?? 0)..<((numbers.first ?? 0) + numbers.count)))
            #expect(numbers.count >= 4 && numbers.count <= 7, "\(numbers)")
            let area = Bounds(x: 30, y: 30, width: 500, height: 250)
            #expect(table.cells.allSatisfy { ($0.textBounds ?? $0.bounds).intersection(area) == ($0.textBounds ?? $0.bounds) })
        }
    }

    @Test("a table of a million rows: every walk within its deadline; read from the row shown, a few rows of it")
    func hugeTable() async throws {
        try await AccessibilityDesktop.with { desktop in
            // Python fills the million rows one by one: over a minute beside the whole suite.
            try await desktop.gtkTreeWindow(header: ["Name", "Second", "Third"], rows: [], extraRows: 1_000_000,
                                            scrollY: 30 * 500_000, within: 300)
            let reader = try await AccessibilityReader.connect(sessionAddress: desktop.bus.address)
            let standard = AccessibilityLimits.standard
            for _ in 0..<5 {
                let screen = await reader.read(limits: standard)
                // Bounded: the deadline and then some on a machine running the whole suite (a walk
                // of every row would take minutes).
                #expect(screen.elapsed < standard.deadline + .seconds(1), "\(screen.elapsed)")
                for table in screen.applications.flatMap(\.tables) { #expect(table.rows.count <= 12) }
            }
            // The application's first answers about a million rows take it longer than the walk's 150 ms
            // (its cells' objects are made): with time, the rows shown.
            let (screen, read) = try await Self.table(of: desktop, limits: AccessibilityLimits(deadline: .seconds(3),
                                                                                                callTimeout: .seconds(2)))
            let table = try #require(read)
            #expect(screen.elapsed < .seconds(3))
            let numbers = table.rows.compactMap { Int($0.first?.text.dropFirst() ?? "") }
            #expect(numbers.count == table.rows.count && numbers.count >= 5 && numbers.count <= 9, "\(numbers)")
            #expect(numbers.first ?? 0 >= 500_000 && numbers.first ?? 0 <= 500_002, "\(numbers)")
        }
    }

    static func capture(_ desktop: AccessibilityDesktop, _ extra: [String]) async throws -> (status: Int32, stdout: String) {
        var environment = desktop.environment
        environment["LIVETEXT_LOCAL"] = "1"
        environment["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
        let outcome = try await runCommand(builtLivetext().path, ["capture", "--region", "0,0,600,400"] + extra,
                                           environment: environment)
        return (outcome.status, outcome.stdout)
    }

    @Test("capture --tables tsv and --json give exactly the cells shown; --accessibility off gives OCR's table")
    func captureTables() async throws {
        try await AccessibilityDesktop.with { desktop in
            try await desktop.gtkTreeWindow(header: Self.header, rows: Self.rows, extraRows: 2)
            _ = try await Self.table(of: desktop)
            let expected = ([Self.header] + Self.rows + [["r0", "b0", "c0"], ["r1", "b1", "c1"]])
                .map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
            // A fresh process's walk has 150 ms, which a loaded machine may not give it: a few tries.
            var tsv = ""
            for _ in 0..<5 where tsv != expected {
                tsv = try await Self.capture(desktop, ["--accessibility", "on", "--tables", "tsv"]).stdout
            }
            #expect(tsv == expected)
            var tables: [[String: Any]] = []
            for _ in 0..<5 where tables.first?["source"] as? String != "accessibility" {
                let json = try await Self.capture(desktop, ["--accessibility", "on", "--json"]).stdout
                let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                tables = document["tables"] as? [[String: Any]] ?? []
            }
            #expect(tables.count == 1)
            let table = try #require(tables.first)
            #expect(table["source"] as? String == "accessibility" && table["header"] as? Bool == true)
            let texts = (table["rows"] as? [[[String: Any]]] ?? []).map { $0.compactMap { $0["text"] as? String } }
            #expect(texts == [Self.header] + Self.rows + [["r0", "b0", "c0"], ["r1", "b1", "c1"]])

            let ocr = try await Self.capture(desktop, ["--accessibility", "off", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(ocr.stdout.utf8)) as? [String: Any])
            let ocrTables = document["tables"] as? [[String: Any]] ?? []
            #expect(ocrTables.count == 1, "\(ocr.stdout.prefix(400))")
            #expect(ocrTables.allSatisfy { $0["source"] == nil })
        }
    }

    @Test("a table with a column published but not drawn is not taken: no table of the accessibility bus, its text out")
    func undrawnColumn() async throws {
        try await AccessibilityDesktop.with { desktop in
            let rows = [["0O1lI", "HIDDEN 4242", "12"], ["naïve", "HIDDEN 4343", "3O"], ["Ærø", "HIDDEN 4444", "7"],
                        ["Il1", "HIDDEN 4545", "0O"]]
            try await desktop.gtkTreeWindow(header: Self.header, rows: rows, undrawn: 1)
            let (_, read) = try await Self.table(of: desktop)
            #expect(read?.rows.first?.map(\.text) == rows[0], "the table is published")
            for _ in 0..<3 {
                let json = try await Self.capture(desktop, ["--accessibility", "on", "--json"]).stdout
                let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                let tables = document["tables"] as? [[String: Any]] ?? []
                #expect(!tables.contains { $0["source"] as? String == "accessibility" }, "\(tables)")
                // The first row is selected: its text is white on the selection's colour, drawn.
                let text = document["text"] as? String ?? ""
                #expect(!["4343", "4444", "4545"].contains { text.contains($0) }, "\(text)")
            }
        }
    }
}
