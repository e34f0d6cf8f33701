import Foundation
import LiveTextCore
import LiveTextDetectors

/// Writes analyses to stdout: JSON Lines, or plain text (codes' payloads after the text), or with
/// `--only` the matched values one a line.
struct ResultPrinter {
    let json: Bool
    /// `--only` was given: plain output is the items' text, one a line.
    let onlyItems: Bool
    /// Plain output for several inputs gets a `==> name <==` header per input.
    let labelled: Bool
    /// `--tables`: only the tables, in this format.
    var tables: TableFormat? = nil
    /// A terminal shows plain output: control characters in text, payloads and names are written out.
    var terminal = StandardOutput.isTerminal

    func print(_ analysis: ImageAnalysis, name: String) throws {
        var out = ""
        // Text as a terminal may show it: control characters written out there, exact elsewhere.
        func shown(_ text: String, lines: Bool = true) -> String {
            terminal ? ControlCharacters.escaped(text, keepingLineBreaks: lines) : text
        }
        let header = labelled ? "==> \(shown(name, lines: false)) <==\n" : ""
        if let tables {
            out = (tables == .json ? "" : header) + shown(tables.render(analysis.tables))
        } else if json {
            out = analysis.jsonLine() + "\n"
        } else {
            let plain = analysis.plainText(onlyItems: onlyItems)
            out = header + (plain.isEmpty ? "" : shown(plain) + "\n")
        }
        // One write per document: never half a line of JSON between two results.
        try StandardOutput.write(out)
    }
}
