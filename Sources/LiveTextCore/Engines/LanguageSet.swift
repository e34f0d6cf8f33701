/// One or more OCR languages by their tesseract names, e.g. `eng+deu`; or none named
/// (`automatic`): English, the locale's languages, and any other installed language a block's
/// text is plainly in (the engines resolve it: `ImageAnalyzer.Engines.planLanguages`).
public struct LanguageSet: Sendable, Hashable, CustomStringConvertible {
    /// Empty for `automatic`.
    public let names: [String]

    public static let english = LanguageSet(validated: ["eng"])
    /// No language named by the user or the settings.
    public static let automatic = LanguageSet(validated: [])

    public var isAutomatic: Bool { names.isEmpty }


    /// Parses `eng+deu` (or `eng,deu`); names are ASCII letters, digits, `_` and `-` only, so
    /// none reaches outside the language directory (`../x`, `/tmp/x`, `x.traineddata`).
    public init(_ spec: String) throws {
        let parts = spec.split(whereSeparator: { $0 == "+" || $0 == "," })
            .map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty }
        guard !parts.isEmpty else {
            throw LiveTextError(.invalidArgs, "no language given", remedy: .nameLanguages)
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

    /// The form tesseract takes: `eng+deu` (`auto` for `automatic`, which no engine takes).
    public var description: String { isAutomatic ? "auto" : names.joined(separator: "+") }
}
