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
        if let tables {
            if labelled, tables != .json { out += "==> \(terminal ? ControlCharacters.escaped(name, keepingLineBreaks: false) : name) <==\n" }
            let rendered = tables.render(analysis.tables)
            out += terminal ? ControlCharacters.escaped(rendered, keepingLineBreaks: true) : rendered
        } else if json {
            out = analysis.jsonLine() + "\n"
        } else {
            if labelled { out += "==> \(terminal ? ControlCharacters.escaped(name, keepingLineBreaks: false) : name) <==\n" }
            let plain = analysis.plainText(onlyItems: onlyItems)
            if !plain.isEmpty { out += (terminal ? ControlCharacters.escaped(plain, keepingLineBreaks: true) : plain) + "\n" }
        }
        // One write per document: never half a line of JSON between two results.
        try StandardOutput.write(out)
    }
}
