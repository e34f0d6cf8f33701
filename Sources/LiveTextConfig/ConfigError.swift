/// Why the settings file could not be used. `description` is one line that names the file and
/// either the position (syntax errors) or the full dotted key (wrong types and invalid values),
/// so the daemon can log it as is and the user knows what to fix.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The text is not TOML; line and column are 1-based, as TOMLKit reports them.
        case syntax(line: Int, column: Int)
        /// A setting has the wrong type or a value outside what it accepts.
        case invalidValue(key: String)
        /// The file or its directory could not be read or written.
        case io
    }

    /// What went wrong, with the position or key.
    public var kind: Kind
    /// The file the error is about; `nil` for text that did not come from a file.
    public var file: String?
    /// What is wrong, without the file, key or position.
    public var message: String

    public init(_ kind: Kind, _ message: String, file: String? = nil) {
        self.kind = kind
        // One line, whatever the message came from (toml++ messages can hold newlines).
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.file = file
    }

    /// The full dotted key, for `invalidValue` errors.
    public var key: String? {
        if case .invalidValue(let key) = kind { return key }
        return nil
    }

    /// The 1-based line, for syntax errors.
    public var line: Int? {
        if case .syntax(let line, _) = kind { return line }
        return nil
    }

    public var description: String {
        // Without a file (a value set over D-Bus), the key alone says what is wrong.
        let prefix = file.map { $0 + ":" } ?? ""
        let space = prefix.isEmpty ? "" : " "
        switch kind {
        case .syntax(let line, let column): return "\(file ?? "config"):\(line):\(column): \(message)"
        case .invalidValue(let key): return "\(prefix)\(space)\(key): \(message)"
        case .io: return "\(prefix)\(space)\(message)"
        }
    }

    /// The same error attributed to `file`.
    func located(in file: String?) -> ConfigError {
        var copy = self
        copy.file = file
        return copy
    }
}

/// Something in the file that was ignored rather than refused: an unknown key (often a typo,
/// hence the suggestion) or a part of a value livetext does not use, such as a font size.
public struct ConfigWarning: Sendable, Hashable, CustomStringConvertible {
    /// The full dotted key the warning is about.
    public var key: String
    /// What was ignored and why.
    public var message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { "\(key): \(message)" }
}
