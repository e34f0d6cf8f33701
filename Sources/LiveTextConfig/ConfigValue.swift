/// A TOML value as the settings code sees it: TOMLKit's node types are classes over C++ pointers
/// (not Sendable, never freed), so a document is copied into this plain tree right after parsing
/// and nothing else in the module touches TOMLKit.
indirect enum ConfigValue: Hashable {
    case string(String)
    case integer(Int)
    case float(Double)
    case bool(Bool)
    case array([ConfigValue])
    case table(ConfigTable)
    /// A date, time or date-time: no setting takes one, so only its kind is kept for messages.
    case other(kind: String)

    /// What a user calls this kind of value, for "expected …, got a string".
    var kindName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .bool: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .other(let kind): "a \(kind)"
        }
    }

    var table: ConfigTable? {
        if case .table(let table) = self { return table }
        return nil
    }
}

/// A TOML table that remembers the order its keys were added in, so tables written back
/// into the user's file come out in the documented order.
struct ConfigTable: Hashable {
    private(set) var keys: [String] = []
    private var values: [String: ConfigValue] = [:]

    init() {}

    subscript(key: String) -> ConfigValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The entries in insertion order.
    var entries: [(key: String, value: ConfigValue)] { keys.map { ($0, values[$0]!) } }

    /// The value at a dotted path below this table, if every step exists.
    func value(at path: [String]) -> ConfigValue? {
        guard let first = path.first else { return .table(self) }
        guard let value = self[first] else { return nil }
        if path.count == 1 { return value }
        return value.table?.value(at: Array(path.dropFirst()))
    }

    /// Every non-table value below this table with its full path, in order; arrays are leaves.
    func leaves(prefix: [String] = []) -> [(path: [String], value: ConfigValue)] {
        entries.flatMap { key, value -> [(path: [String], value: ConfigValue)] in
            if case .table(let table) = value { return table.leaves(prefix: prefix + [key]) }
            return [(prefix + [key], value)]
        }
    }

    /// The paths of every table below this one (not including itself).
    func tablePaths(prefix: [String] = []) -> Set<[String]> {
        var result: Set<[String]> = []
        for (key, value) in entries {
            if case .table(let table) = value {
                result.insert(prefix + [key])
                result.formUnion(table.tablePaths(prefix: prefix + [key]))
            }
        }
        return result
    }
}
