/// What `livetext config --check` reports: every invalid value (not only the first) and every
/// key that was ignored.
public struct ConfigCheck: Sendable, Hashable {
    /// A syntax error (then nothing else is known), or each invalid value, in the order found.
    public var errors: [ConfigError]
    /// Unknown keys (with the nearest known one) and dropped values.
    public var warnings: [ConfigWarning]
}

extension ConfigFile {
    /// Checks settings given as TOML text: decodes it, and after each invalid value decodes it again
    /// without that key, so one run names them all.
    public static func check(_ text: String, file: String? = nil) -> ConfigCheck {
        var document: ConfigTable
        do {
            document = try TOMLDocument.parse(text)
        } catch {
            return ConfigCheck(errors: [error.located(in: file)], warnings: [])
        }
        var errors: [ConfigError] = []
        var removed: [[String]] = []
        while true {
            var decoder = SettingsDecoder()
            do {
                _ = try decoder.decode(document)
                return ConfigCheck(errors: errors, warnings: decoder.warnings)
            } catch {
                let path = error.key.flatMap(document.path(rendered:))
                // A table that lacks what was dropped from it ("missing action") is not news.
                let followsOn = path.map { path in
                    removed.contains { $0.count > path.count && Array($0.prefix(path.count)) == path }
                } ?? false
                if !followsOn { errors.append(error.located(in: file)) }
                // A value that cannot be pinned to a key ends the check (nothing to drop and retry).
                guard let path, removed.count < 1000 else { return ConfigCheck(errors: errors, warnings: decoder.warnings) }
                document.remove(at: path)
                removed.append(path)
            }
        }
    }
}

extension ConfigTable {
    /// The path of the value or table whose rendered dotted key is `rendered`.
    func path(rendered: String) -> [String]? {
        let paths = leaves().map(\.path) + Array(tablePaths())
        return paths.first { TOMLRendering.path($0) == rendered }
    }

    /// Removes the value at `path`, if there is one.
    mutating func remove(at path: [String]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            self[first] = nil
        } else if var table = self[first]?.table {
            table.remove(at: Array(path.dropFirst()))
            self[first] = .table(table)
        }
    }
}
