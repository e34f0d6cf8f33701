import Foundation

/// The targets of Package.swift as its text declares them: enough to compare with imports.
struct PackageManifest {
    struct Target {
        var name: String
        var kind: String
        var path: String
        var dependencies: [String]
        var isTest: Bool { kind == "testTarget" }
    }

    var targets: [Target] = []

    var executableTargets: Set<String> { Set(targets.filter { $0.kind == "executableTarget" }.map(\.name)) }

    /// Reads `.target(…)`, `.executableTarget(…)` and `.testTarget(…)` calls (system libraries
    /// have no Swift to compare). A dependency is a string or `.product(name: "X", …)`.
    init(parsing manifest: String) {
        let text = Array(manifest.unicodeScalars)
        var index = 0
        while index < text.count {
            guard text[index] == ".", let (kind, open) = Self.call(in: text, at: index + 1) else {
                index += 1
                continue
            }
            let close = Self.matchingParenthesis(in: text, from: open)
            let arguments = String(String.UnicodeScalarView(text[(open + 1)..<close]))
            if let target = Self.target(kind: kind, arguments: arguments) { targets.append(target) }
            index = close + 1
        }
    }

    private static let kinds = ["target", "executableTarget", "testTarget"]

    /// The kind of target call that starts at `start` and the index of its "(".
    private static func call(in text: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        for kind in kinds {
            let scalars = Array(kind.unicodeScalars)
            let end = start + scalars.count
            if end < text.count, Array(text[start..<end]) == scalars, text[end] == "(" { return (kind, end) }
        }
        return nil
    }

    private static func matchingParenthesis(in text: [Unicode.Scalar], from open: Int) -> Int {
        var depth = 0
        for index in open..<text.count {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" { depth -= 1; if depth == 0 { return index } }
        }
        return text.count - 1
    }

    private static func target(kind: String, arguments: String) -> Target? {
        guard let name = quoted(after: "name:", in: arguments) else { return nil }
        let path = quoted(after: "path:", in: arguments)
            ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
        var dependencies: [String] = []
        if let start = arguments.range(of: "dependencies:") {
            var rest = arguments[start.upperBound...]
            if let open = rest.firstIndex(of: "[") {
                rest = rest[rest.index(after: open)...]
                var depth = 1, end = rest.startIndex
                while end < rest.endIndex {
                    if rest[end] == "[" { depth += 1 }
                    if rest[end] == "]" { depth -= 1; if depth == 0 { break } }
                    end = rest.index(after: end)
                }
                dependencies = Self.dependencies(in: rest[..<end])
            }
        }
        return Target(name: name, kind: kind, path: path, dependencies: dependencies)
    }

    /// Quoted names, where `.product(name: "X", package: "x")` counts as X alone.
    private static func dependencies(in list: Substring) -> [String] {
        var names: [String] = []
        var rest = list
        while let quote = rest.firstIndex(of: "\"") {
            let before = rest[..<quote]
            let after = rest[rest.index(after: quote)...]
            guard let end = after.firstIndex(of: "\"") else { break }
            let value = String(after[..<end])
            let label = before.split(whereSeparator: { $0 == "," || $0 == "(" || $0 == "[" }).last?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if label != "package:" { names.append(value) }
            rest = after[after.index(after: end)...]
        }
        return names
    }

    private static func quoted(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label) else { return nil }
        let rest = text[range.upperBound...]
        guard let open = rest.firstIndex(of: "\"") else { return nil }
        let value = rest[rest.index(after: open)...]
        guard let close = value.firstIndex(of: "\"") else { return nil }
        return String(value[..<close])
    }
}
