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
}
