/// Canonical TOML text for values written back into the user's file: basic strings with
/// escapes, floats that always carry a decimal point (so `0.0` stays a float when read back),
/// arrays on one line and inline tables for nested values.
enum TOMLRendering {
    static func render(_ value: ConfigValue) -> String {
        switch value {
        case .string(let string): return quoted(string)
        case .integer(let integer): return String(integer)
        case .float(let double): return render(double)
        case .bool(let bool): return bool ? "true" : "false"
        case .array(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
        case .table(let table):
            if table.keys.isEmpty { return "{}" }
            let body = table.entries.map { key($0.key) + " = " + render($0.value) }
            return "{ " + body.joined(separator: ", ") + " }"
        case .other(let kind):
            // Never produced by the settings encoder; kept total so a bug shows in the verify step.
            return quoted("<\(kind)>")
        }
    }

    static func render(_ double: Double) -> String {
        if double.isNaN { return "nan" }
        if double.isInfinite { return double < 0 ? "-inf" : "inf" }
        // Swift prints the shortest round-tripping form: "600.0", "0.1", "1e-05", "1e+20";
        // all of these are valid TOML floats.
        let text = "\(double)"
        return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
    }

    /// A key, bare when TOML allows it, quoted otherwise.
    static func key(_ key: String) -> String {
        let bare = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || $0 == "_" || $0 == "-"
        }
        return bare ? key : quoted(key)
    }

    /// A dotted key or table name such as `hotkeys."my key"`.
    static func path(_ path: [String]) -> String { path.map(key).joined(separator: ".") }

    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
