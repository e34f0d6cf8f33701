/// Reads the keys of one TOML table with type checks that name the full key, and remembers
/// which keys were asked for so the rest can be reported as unknown (typos, mostly).
final class TableReader {
    let path: [String]
    let table: ConfigTable
    private var known: [String] = []

    init(_ table: ConfigTable, path: [String]) {
        self.table = table
        self.path = path
    }

    /// `interaction.supplementary_interface_hidden`.
    func fullKey(_ key: String) -> String { TOMLRendering.path(path + [key]) }

    func invalid(_ key: String, _ message: String) -> ConfigError {
        ConfigError(.invalidValue(key: fullKey(key)), message)
    }

    func value(_ key: String) -> ConfigValue? {
        if !known.contains(key) { known.append(key) }
        return table[key]
    }

    func bool(_ key: String, default fallback: Bool) throws(ConfigError) -> Bool {
        guard let value = value(key) else { return fallback }
        guard case .bool(let bool) = value else {
            throw invalid(key, "expected true or false, got \(value.kindName)")
        }
        return bool
    }

    /// An integer within `range`; outside it the error names the key and the range.
    func int(_ key: String, default fallback: Int, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        guard let value = value(key) else { return fallback }
        guard case .integer(let int) = value else {
            throw invalid(key, "expected an integer, got \(value.kindName)")
        }
        guard range.contains(int) else {
            throw invalid(key, "expected an integer from \(range.lowerBound) to \(range.upperBound), got \(int)")
        }
        return int
    }

    func string(_ key: String) throws(ConfigError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else {
            throw invalid(key, "expected a string, got \(value.kindName)")
        }
        return string
    }

    func strings(_ key: String) throws(ConfigError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else {
            throw invalid(key, "expected an array of strings, got \(value.kindName)")
        }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let string) = item else {
                throw invalid(key, "expected an array of strings, got \(item.kindName) at index \(index)")
            }
            strings.append(string)
        }
        return strings
    }

    func numbers(_ key: String, count: Int) throws(ConfigError) -> [Double]? {
        guard let value = value(key) else { return nil }
        let expected = "expected an array of \(count) numbers"
        guard case .array(let items) = value else { throw invalid(key, "\(expected), got \(value.kindName)") }
        guard items.count == count else {
            throw invalid(key, "\(expected), got \(items.count) item\(items.count == 1 ? "" : "s")")
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() {
            switch item {
            case .integer(let int): numbers.append(Double(int))
            case .float(let double): numbers.append(double)
            default: throw invalid(key, "\(expected), got \(item.kindName) at index \(index)")
            }
        }
        return numbers
    }

    /// A sub-table, or `nil` when absent.
    func table(_ key: String) throws(ConfigError) -> TableReader? {
        guard let value = value(key) else { return nil }
        guard case .table(let table) = value else {
            throw invalid(key, "expected a table, got \(value.kindName)")
        }
        return TableReader(table, path: path + [key])
    }

    /// A warning for every key nobody asked for, with the closest known key when one is near.
    func unknownKeys(what: String = "key") -> [ConfigWarning] {
        table.keys.filter { !known.contains($0) }.map { key in
            var message = "unknown \(what), ignored"
            if let near = Self.closest(to: key, in: known) { message += " (did you mean \(near)?)" }
            return ConfigWarning(key: fullKey(key), message: message)
        }
    }

    /// The candidate within a small edit distance of `key`: typos, not different words.
    static func closest(to key: String, in candidates: [String]) -> String? {
        let limit = max(2, key.count / 4)
        let scored = candidates.map { ($0, distance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1,
                                       previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
