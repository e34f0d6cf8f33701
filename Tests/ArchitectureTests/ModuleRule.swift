import Foundation

/// One row of ARCHITECTURE.md's module table.
struct ModuleRule: Equatable {
    enum Layer: Int, Comparable, CaseIterable {
        case core = 2, logic, adapter, composition, service, program

        init?(name: String) {
            guard let layer = Self.allCases.first(where: { "\($0)" == name }) else { return nil }
            self = layer
        }

        static func < (a: Layer, b: Layer) -> Bool { a.rawValue < b.rawValue }
    }

    var module: String
    var layer: Layer
    /// The modules named (in backticks) in the "May import" column.
    var mayImport: [String]
    /// The column says "every module above": any module of a lower layer.
    var mayImportEveryModuleBelow: Bool

    /// The rows of the table whose header is `| Module | Layer | Owns | May import |`.
    static func rules(inMarkdown document: String) throws(ArchitectureDocumentError) -> [ModuleRule] {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { cells(of: $0) == ["Module", "Layer", "Owns", "May import"] }) else {
            throw ArchitectureDocumentError("no '| Module | Layer | Owns | May import |' table")
        }
        var rules: [ModuleRule] = []
        for line in lines[(header + 2)...] {
            let row = cells(of: line)
            guard row.count == 4 else { break }
            guard let module = backticked(row[0]).first else {
                throw ArchitectureDocumentError("a row without a module name: \(line)")
            }
            guard let layer = Layer(name: row[1]) else {
                throw ArchitectureDocumentError("\(module): unknown layer '\(row[1])'")
            }
            rules.append(ModuleRule(module: module, layer: layer, mayImport: backticked(row[3]),
                                    mayImportEveryModuleBelow: row[3].contains("every module above")))
        }
        if rules.isEmpty { throw ArchitectureDocumentError("the module table has no rows") }
        return rules
    }

    /// The cells of a Markdown table row, trimmed; empty for a line that is no row.
    static func cells(of line: Substring) -> [String] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("|"), trimmed.hasSuffix("|"), trimmed.count > 1 else { return [] }
        return trimmed.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The `names` in backticks in `cell`, in order.
    static func backticked(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}

struct ArchitectureDocumentError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
