import Foundation
import Testing

/// `--tables tsv|csv|html|json`: only the tables found, as the program they go to reads them.
@Suite("livetext analyze --tables")
struct TablesCommandTests {
    static let ps = FixtureCorpus("tables").directory.appendingPathComponent("ps-dejavu-mono-14px.png").path

    /// The rows of `--tables tsv` on the capture `name` of the tables corpus, each its cells.
    static func rows(_ name: String) async throws -> [[String]] {
        let path = FixtureCorpus("tables").directory.appendingPathComponent(name).path
        let tsv = try await CLIProcess.run(["analyze", "--local", "--tables", "tsv", path])
        return tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("a terminal's ps listing: TSV rows as long as each other, the PIDs and times exact; CSV, HTML with its header, JSON")
    func formats() async throws {
        let tsv = try await CLIProcess.run(["analyze", "--local", "--tables", "tsv", Self.ps])
        #expect(tsv.status == 0, "\(tsv.stderr)")
        let rows = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 5 && rows.allSatisfy { $0.count == 4 }, "\(tsv.stdout)")
        #expect(rows.first == ["PID", "TTY", "TIME", "CMD"], "\(tsv.stdout)")
        #expect(rows.map { $0.first ?? "" } == ["PID", "1432", "2210", "74", "31337"], "\(tsv.stdout)")
        #expect(rows.dropFirst().map { $0[2] } == ["00:00:02", "00:01:17", "00:00:00", "00:00:00"], "\(tsv.stdout)")

        let csv = try await CLIProcess.run(["analyze", "--local", "--tables", "csv", Self.ps])
        #expect(csv.stdout.hasPrefix("PID,TTY,TIME,CMD\n1432,"), "\(csv.stdout)")
        let html = try await CLIProcess.run(["analyze", "--local", "--tables", "html", Self.ps])
        #expect(html.stdout.hasPrefix("<table>\n<thead>\n<tr><th>PID</th><th>TTY</th><th>TIME</th><th>CMD</th></tr>"), "\(html.stdout)")
        #expect(html.stdout.components(separatedBy: "<tr>").count == 6)
        let json = try await CLIProcess.run(["analyze", "--local", "--tables", "json", Self.ps])
        let tables = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(tables.count == 1 && tables.first?["header"] as? Bool == true)
        #expect((tables.first?["rows"] as? [[Any]])?.count == 5)
    }

    @Test("a column of single digits the page's layout passes over (Qty, Users) is read cell by cell, in its rows")
    func shortCells() async throws {
        func column(_ name: String, _ index: Int) async throws -> [String] {
            let path = FixtureCorpus("tables").directory.appendingPathComponent(name).path
            let tsv = try await CLIProcess.run(["analyze", "--local", "--tables", "tsv", path])
            return tsv.stdout.split(separator: "\n").map { row in
                let cells = row.split(separator: "\t", omittingEmptySubsequences: false)
                return cells.count > index ? String(cells[index]) : "(\(cells.count) cells: \(row))"
            }
        }
        #expect(try await column("orders-web-dejavu-13px.png", 3) == ["Qty", "2", "1", "5", "3"])
        #expect(try await column("plans-zebra-condensed-12px.png", 1) == ["Users", "1", "5", "20", "100"])
    }

    @Test("a cell read unsurely is read again alone (kubectl's READY `1/1`, was `W/1`; a phone's spaces); a number's lost space before its unit comes back (`10 TB`); a short word read again large (`2 TB`, was `27TB`)")
    func cellsReadAgain() async throws {
        let kubectl = try await Self.rows("kubectl-dejavu-mono-12px.png")
        #expect(kubectl.map { $0.count > 1 ? $0[1] : "" } == ["READY", "1/1", "1/1", "1/1", "0/1"], "\(kubectl)")
        let dialog = try await Self.rows("dialog-fields-dejavu-12px.png")
        #expect(dialog.count > 2 && dialog[2] == ["Phone:", "+46 8 123 456 78"], "\(dialog)")
        let plans = try await Self.rows("plans-zebra-condensed-12px.png")
        #expect(plans.map { $0.count > 2 ? $0[2] : "" }.suffix(3) == ["2 TB", "10 TB", "50 TB"], "\(plans)")
    }

    @Test("a terminal's lookalikes read as their pixels say: df's `/dev/nvme0n1p2`, `/dev/sda1` (were `nvmeOn1p2`, `sdal`: a dotted zero, the `1` of `61M`), ps's `pts/0`, `livetextd` (were `pts/O`, `Livetextd`); the numbers around them keep their digits")
    func monospaceLookalikes() async throws {
        let df = try await Self.rows("df-dejavu-mono-13px.png")
        #expect(df.map { $0.first ?? "" } == ["Filesystem", "/dev/nvme0n1p2", "tmpfs", "/dev/nvme0n1p1", "/dev/sda1"], "\(df)")
        #expect(df.count == 5 && df[3] == ["/dev/nvme0n1p1", "511M", "61M", "451M", "12%", "/boot/efi"], "\(df)")
        let ps = try await Self.rows("ps-dejavu-mono-14px.png")
        #expect(ps.map { $0.count > 1 ? $0[1] : "" } == ["TTY", "pts/0", "pts/0", "pts/2", "pts/1"], "\(ps)")
        #expect(ps.map { $0.last ?? "" } == ["CMD", "bash", "livetextd", "kthreadd", "ps"], "\(ps)")
        // A terminal's own text: `ls -l`'s link count, a disk's name, a snapshot id, a URL's path.
        let screens = FixtureCorpus("screens").directory
        let light = try await CLIProcess.run(["analyze", "--local", screens.appendingPathComponent("xterm-light-dejavu-12px.png").path])
        #expect(light.stdout.contains("-rw-r--r-- 1 maria staff") && light.stdout.contains("/dev/nvme0n1p3 468G"), "\(light.stdout)")
        let dark = try await CLIProcess.run(["analyze", "--local", screens.appendingPathComponent("xterm-dark-dejavu-11px.png").path])
        #expect(dark.stdout.contains("snapshot 0b5e1d47 saved") && dark.stdout.contains("ping/6f1c-22ab"), "\(dark.stdout)")
    }

    @Test("a letter read without the stroke below its line takes the one tesseract weighed that has it: `hannah@lindqvist.se` (was `lindavist`)")
    func descenders() async throws {
        let rows = try await Self.rows("dialog-fields-dejavu-12px.png")
        #expect(rows.count == 5 && rows[1] == ["Email:", "hannah@lindqvist.se"] && rows[0] == ["Name:", "Hannah Lindqvist"], "\(rows)")
    }

    @Test("a dialog's labels and values are a table of two columns, whatever the labels' lengths")
    func labelsAndValues() async throws {
        let dialog = FixtureCorpus("tables").directory.appendingPathComponent("dialog-fields-dejavu-12px.png").path
        let tsv = try await CLIProcess.run(["analyze", "--local", "--tables", "tsv", dialog])
        let rows = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.map { $0.first ?? "" } == ["Name:", "Email:", "Phone:", "Company:", "Role:"], "\(tsv.stdout)")
        #expect(rows.allSatisfy { $0.count == 2 } && rows.last?.last == "Buyer", "\(tsv.stdout)")
    }

    @Test("no table: nothing printed, exit 1; with --json: exit 2 saying why")
    func none() async throws {
        let page = FixtureCorpus("tables").directory.appendingPathComponent("prose-dejavu-13px.png").path
        let prose = try await CLIProcess.run(["analyze", "--local", "--tables", "tsv", page])
        #expect(prose.status == 1 && prose.stdout.isEmpty, "\(prose.stdout) \(prose.stderr)")
        let both = try await CLIProcess.run(["analyze", "--json", "--tables", "csv", Self.ps])
        #expect(both.status == 2 && both.stderr.contains("--tables json"), "\(both.stderr)")
    }
}
