import Foundation
import Testing

/// The structure of a screen in the plain text: panels read one after the other, widgets left out.
@Suite("livetext analyze: panels and widgets")
struct ScreenStructureTests {
    @Test("two product labels side by side are read one after the other, not across, and are no table")
    func labelsSideBySide() async throws {
        let labels = FixtureCorpus("tables").directory.appendingPathComponent("labels-side-by-side-dejavu-16px.png").path
        let text = try await CLIProcess.run(["analyze", "--local", labels])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Organic Oat Milk" && lines.contains("once opened"), "\(text.stdout)")
        #expect(lines.firstIndex(of: "once opened").map { $0 + 1 < lines.count && lines[$0 + 1] == "Whole Bean Coffee" } == true,
                "\(text.stdout)")
        let tables = try await CLIProcess.run(["analyze", "--local", "--tables", "tsv", labels])
        #expect(tables.status == 1 && tables.stdout.isEmpty, "\(tables.stdout)")
    }

    @Test("rules drawn in characters in a terminal are text: a title's underline, a table's borders, a heading's =; the table's cells without its bars")
    func monospaceRules() async throws {
        let report = FixtureCorpus("tables").directory.appendingPathComponent("rules-dejavu-mono-14px.png").path
        let text = try await CLIProcess.run(["analyze", "--local", report])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        // Before: the underline and the = dropped, the first border read `tee eee ee ete ee ee eet`, the others dropped.
        #expect(Array(lines.prefix(3)) == ["Disk usage report", "-----------------", "+--------+-------+"], "\(text.stdout)")
        #expect(lines.filter { $0.hasPrefix("+--------+-------") }.count == 3 && lines.contains("======="), "\(text.stdout)")
        let tsv = try await CLIProcess.run(["analyze", "--local", "--tables", "tsv", report])
        #expect(tsv.stdout == "mount\tused\n/\t41%\n/home\t73%\n", "\(tsv.stdout)")
    }

    @Test("a dialog's check boxes and radio buttons leave no characters before their labels")
    func widgets() async throws {
        let dialog = FixtureCorpus("tables").directory.appendingPathComponent("dialog-widgets-dejavu-13px.png").path
        let text = try await CLIProcess.run(["analyze", "--local", dialog])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        // Before: `(_) Sort folders first`, `© List view`.
        #expect(lines == ["Show hidden files", "Sort folders first", "Open in new window", "List view", "Grid view"],
                "\(text.stdout)")
    }

    @Test("a table's text reads row by row, cells left to right: a dialog's labels beside their values, a web table's cells read alone in their rows, a listing's header above its rows without a blank line")
    func tablesRowByRow() async throws {
        func lines(_ name: String) async throws -> [String] {
            let path = FixtureCorpus("tables").directory.appendingPathComponent(name).path
            return try await CLIProcess.run(["analyze", "--local", path]).stdout.components(separatedBy: "\n")
        }
        // Before: the values, then `Phone:`, `Company:`, `Role:` each a block of its own after them.
        let dialog = try await lines("dialog-fields-dejavu-12px.png")
        #expect(dialog.map { $0.split(separator: " ").first.map(String.init) ?? "" }
                    == ["Name:", "Email:", "Phone:", "Company:", "Role:", ""], "\(dialog)")
        #expect(dialog.last(where: { !$0.isEmpty }) == "Role: Buyer", "\(dialog)")
        // Before: `Qty`, `1Z999AA2` and `Li Wei` at the end of the text.
        let orders = try await lines("orders-web-dejavu-13px.png")
        #expect(orders.first == "Order Date Customer Qty Status Total Tracking", "\(orders)")
        #expect(orders.count == 6 && orders[3].hasSuffix("$230.15 1Z999AA2") && orders[4].hasPrefix("#1045 2024-06-04 Li Wei 3"),
                "\(orders)")
        let kubectl = try await lines("kubectl-dejavu-mono-12px.png")
        #expect(kubectl.count == 6 && kubectl[0] == "NAME READY STATUS RESTARTS AGE" && kubectl[1].hasPrefix("api-"), "\(kubectl)")
    }
}
