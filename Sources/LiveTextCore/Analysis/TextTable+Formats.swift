/// A table as the programs it is pasted into read one: tab-separated values (a terminal, an
/// editor, a spreadsheet's plain paste), comma-separated values (RFC 4180 quoting, rows ending in
/// `\n`), and an HTML `<table>` (what spreadsheets and mail composers paste as cells).
public enum TableFormat: String, Sendable, CaseIterable {
    case tsv, csv, html, json

    /// `tables` in this format: tables apart by a blank line (TSV, CSV), one after another
    /// (HTML), or one JSON array of them.
    public func render(_ tables: [TextTable]) -> String {
        switch self {
        case .tsv: tables.map(\.tabSeparated).joined(separator: "\n")
        case .csv: tables.map(\.commaSeparated).joined(separator: "\n")
        case .html: tables.map(\.html).joined()
        case .json: OrderedJSON.array(tables.map(\.orderedJSON)).serialized() + "\n"
        }
    }
}

extension TextTable {
    /// Cells apart by tabs, rows ending in `\n`; a tab or line break inside a cell is a space.
    public var tabSeparated: String {
        rows.map { row in
            row.map { String($0.text.map { $0 == "\t" || $0.isNewline ? " " : $0 }) }.joined(separator: "\t") + "\n"
        }.joined()
    }

    /// Cells apart by commas, rows ending in `\n`; a cell holding a comma, a quote or a line break
    /// is quoted, its quotes doubled.
    public var commaSeparated: String {
        rows.map { row in
            row.map { cell in
                let text = cell.text
                guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
                return "\"" + String(text.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }) + "\""
            }.joined(separator: ",") + "\n"
        }.joined()
    }

    /// A `<table>`: the header row in `<thead>` with `<th>` cells when there is one, the others in
    /// `<tbody>`; the text escaped.
    public var html: String {
        func cells(_ row: [Cell], _ tag: String) -> String {
            "<tr>" + row.map { "<\(tag)>" + Self.escaped($0.text) + "</\(tag)>" }.joined() + "</tr>\n"
        }
        var out = "<table>\n"
        var body = rows[...]
        if header, let first = rows.first {
            out += "<thead>\n" + cells(first, "th") + "</thead>\n"
            body = rows.dropFirst()
        }
        out += "<tbody>\n" + body.map { cells($0, "td") }.joined() + "</tbody>\n</table>\n"
        return out
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
