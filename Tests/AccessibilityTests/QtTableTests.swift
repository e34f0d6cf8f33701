import Foundation
import LiveTextCore
import TestSupport
import Testing

@testable import Accessibility

/// Qt 5's item views on Xvfb with at-spi2-core's accessibility bus: Qt has no Collection, so its
/// table is found by the breadth-first walk (never asked for its children: one object a cell), its
/// shown cells read through `Table` (their text is their name); `capture --json` gives them as a
/// table sourced `accessibility`. The application answers on after the walks.
@Suite("Qt tables", .serialized)
struct QtTableTests {
    static let header = ["Name", "Städte", "Nr"]
    static let rows = [["0O1lI", "café", "12"], ["naïve", "", "3O"], ["Ærø", "lI1", "7"], ["Il1", "ÉÈÊ", "0O"]]

    /// Whether PyQt5 is installed; records an issue when not.
    static var hasQt: Bool {
        guard FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PyQt5") else {
            Issue.record("python3-pyqt5 is not installed (scripts/setup-debian)")
            return false
        }
        return true
    }

    @Test("a QTableWidget's cells and headers are read exactly, in place; the application answers after five walks")
    func readTable() async throws {
        guard Self.hasQt else { return }
        try await AccessibilityDesktop.with { desktop in
            let window = try await desktop.qtWidgetsWindow([.table(header: Self.header, rows: Self.rows)], x: 30, y: 30,
                                                           width: 500, height: 300)
            let (screen, read) = try await TableCaptureTests.table(of: desktop)
            let table = try #require(read, "\(screen.applications.map { ($0.toolkit, $0.lines.map(\.text)) })")
            #expect(screen.applications.first?.toolkit == .qt)
            #expect(table.header?.map(\.text) == Self.header)
            #expect(table.rows.map { $0.map(\.text) } == Self.rows)
            let frame = Bounds(x: 30, y: 30, width: 500, height: 300)
            for cell in table.cells { #expect(cell.bounds.intersection(frame) == cell.bounds, "\(cell)") }
            // Left to right, top to bottom, under the headers.
            for row in table.rows {
                #expect(zip(row, row.dropFirst()).allSatisfy { $0.bounds.maxX <= $1.bounds.x }, "\(row)")
                #expect(row.allSatisfy { $0.bounds.y >= (table.header?.first?.bounds.maxY ?? 0) })
            }
            #expect(zip(table.rows, table.rows.dropFirst()).allSatisfy { $0[0].bounds.maxY <= $1[0].bounds.y })
            let reader = try await AccessibilityReader.connect(sessionAddress: desktop.bus.address)
            defer { reader.close() }
            for _ in 0..<5 { _ = await reader.read() }
            try await Task.sleep(for: .milliseconds(300))
            #expect(window.isRunning)
            let (_, again) = try await TableCaptureTests.table(of: desktop)
            #expect(again?.rows.map { $0.map(\.text) } == Self.rows, "the application no longer answers")
        }
    }

    @Test("a Qt table of a million rows: every walk within its deadline; read from the row shown, a few rows of it")
    func hugeTable() async throws {
        guard Self.hasQt else { return }
        try await AccessibilityDesktop.with { desktop in
            let window = try await desktop.qtWidgetsWindow([.generatedTable(header: ["Name", "Second", "Third"],
                                                                            rows: 1_000_000, scrolledTo: 500_000)],
                                                           x: 30, y: 30, width: 500, height: 300)
            let reader = try await AccessibilityReader.connect(sessionAddress: desktop.bus.address)
            defer { reader.close() }
            let standard = AccessibilityLimits.standard
            for _ in 0..<5 {
                let screen = await reader.read(limits: standard)
                #expect(screen.elapsed < standard.deadline + .seconds(1), "\(screen.elapsed)")
                for table in screen.applications.flatMap(\.tables) { #expect(table.rows.count <= 12) }
            }
            let (screen, read) = try await TableCaptureTests.table(of: desktop)
            let table = try #require(read)
            #expect(screen.elapsed < .seconds(1))
            let numbers = table.rows.compactMap { Int($0.first?.text.dropFirst() ?? "") }
            #expect(numbers.count == table.rows.count && numbers.count >= 5 && numbers.count <= 9, "\(numbers)")
            #expect(numbers.first == 500_000, "\(numbers)")
            #expect(numbers == Array(500_000..<(500_000 + numbers.count)))
            #expect(window.isRunning)
        }
    }

    @Test("capture --json gives the Qt table's cells exactly, sourced accessibility")
    func captureTable() async throws {
        guard Self.hasQt else { return }
        try await AccessibilityDesktop.with { desktop in
            try await desktop.qtWidgetsWindow([.table(header: Self.header, rows: Self.rows)], x: 30, y: 30,
                                              width: 500, height: 300)
            _ = try await TableCaptureTests.table(of: desktop)
            var tables: [[String: Any]] = []
            for _ in 0..<5 where tables.first?["source"] as? String != "accessibility" {
                let json = try await TableCaptureTests.capture(desktop, ["--accessibility", "on", "--json"]).stdout
                let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                tables = document["tables"] as? [[String: Any]] ?? []
            }
            let table = try #require(tables.first { $0["source"] as? String == "accessibility" }, "\(tables)")
            #expect(table["header"] as? Bool == true)
            let texts = (table["rows"] as? [[[String: Any]]] ?? []).map { $0.compactMap { $0["text"] as? String } }
            #expect(texts == [Self.header] + Self.rows)
        }
    }
}
