/// One or more OCR languages by their tesseract names, e.g. `eng+deu`.
public struct LanguageSet: Sendable, Hashable, CustomStringConvertible {
    public let names: [String]

    public static let english = LanguageSet(validated: ["eng"])

    /// Parses `eng+deu` (or `eng,deu`); names are letters, digits and `_` only.
    public init(_ spec: String) throws {
        let parts = spec.split(whereSeparator: { $0 == "+" || $0 == "," })
            .map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty }
        guard !parts.isEmpty else {
            throw LiveTextError(.invalidArgs, "no language given (e.g. --lang eng or --lang eng+deu)")
        }
        for name in parts {
            let ok = name.unicodeScalars.allSatisfy {
                ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") && $0.isASCII
            }
            guard ok, name.count <= 64 else {
                throw LiveTextError(.invalidArgs, "invalid language name '\(name)'")
            }
        }
        var seen = Set<String>()
        self.names = parts.filter { seen.insert($0).inserted }
    }

    private init(validated names: [String]) { self.names = names }

    /// The form tesseract takes: `eng+deu`.
    public var description: String { names.joined(separator: "+") }
}
