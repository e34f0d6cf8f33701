import ArgumentParser
import LiveTextCore
import LiveTextEngines

/// What the shells offer as an option's value: the names it takes, also after a separator
/// (`--only phone,em` offers `phone,email`, `--lang eng+d` the installed `eng+deu`).
enum ValueCompletions {
    /// `--only`: the item types.
    static let itemKinds = list(ItemKind.allCases.map(\.rawValue), separator: ",")
    /// `--types`: text, codes, detectors.
    static let analysisTypes = list(AnalysisTypes.names.map(\.0), separator: ",")
    /// `--lang`: the languages whose data is installed (`livetext languages`), joined by `+`.
    static let languages = CompletionKind.custom { _, _, prefix in
        candidates(SystemLanguages.installed().sorted(), separator: "+", prefix: prefix)
    }

    private static func list(_ names: [String], separator: Character) -> CompletionKind {
        .custom { _, _, prefix in candidates(names, separator: separator, prefix: prefix) }
    }

    /// The names that continue `prefix` after its last `separator`, each with what came before it;
    /// names already in the list are not offered again.
    static func candidates(_ names: [String], separator: Character, prefix: String) -> [String] {
        let parts = prefix.split(separator: separator, omittingEmptySubsequences: false)
        let last = parts.last.map(String.init) ?? ""
        let given = Set(parts.dropLast().map(String.init))
        let head = String(prefix.dropLast(last.count))
        return names.filter { $0.hasPrefix(last) && !given.contains($0) }.map { head + $0 }
    }
}
