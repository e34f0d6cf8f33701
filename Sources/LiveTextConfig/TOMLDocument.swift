import TOMLKit

/// The only place that talks to TOMLKit: parses text and copies the result into a
/// `ConfigTable` at once (TOMLKit's nodes are unmanaged C++ objects, not Sendable).
enum TOMLDocument {
    /// Parses `text`; a syntax error carries TOMLKit's line and column. Text past `TOMLBounds`
    /// (too large, keys of too many parts, nested too deep) is refused before TOMLKit sees it.
    static func parse(_ text: String) throws(ConfigError) -> ConfigTable {
        try TOMLBounds.check(text)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(.syntax(line: error.source.begin.line, column: error.source.begin.column),
                              error.description)
        } catch {
            throw ConfigError(.syntax(line: 1, column: 1), "\(error)")
        }
        return convert(table)
    }

    private static func convert(_ table: TOMLTable) -> ConfigTable {
        var result = ConfigTable()
        // toml++ keeps keys sorted; the settings code never depends on the file's order.
        for key in table.keys {
            if let value = table[key] { result[key] = convert(value) }
        }
        return result
    }

    private static func convert(_ value: TOMLValueConvertible) -> ConfigValue {
        switch value.type {
        case .string: return .string(value.string ?? "")
        case .int: return .integer(value.int ?? 0)
        case .double: return .float(value.double ?? 0)
        case .bool: return .bool(value.bool ?? false)
        case .table: return value.table.map { .table(convert($0)) } ?? .table(ConfigTable())
        case .array: return .array(value.array.map { $0.map(convert) } ?? [])
        case .date: return .other(kind: "date")
        case .time: return .other(kind: "time")
        case .dateTime: return .other(kind: "date-time")
        }
    }
}
