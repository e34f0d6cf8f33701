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

    func print(_ analysis: ImageAnalysis, name: String) throws {
        var out = ""
        if json {
            out = analysis.jsonLine() + "\n"
        } else {
            if labelled { out += "==> \(name) <==\n" }
            if onlyItems {
                for item in analysis.items {
                    out += item.singleLineText + "\n"
                }
                FileHandle.standardOutput.write(Data(out.utf8))
                return
            }
            var parts = [String]()
            if !analysis.text.isEmpty { parts.append(analysis.text) }
            if !analysis.codes.isEmpty { parts.append(analysis.codes.map(\.payload).joined(separator: "\n")) }
            if !parts.isEmpty { out += parts.joined(separator: "\n\n") + "\n" }
        }
        // One write per document: never half a line of JSON between two results.
        FileHandle.standardOutput.write(Data(out.utf8))
    }
}
