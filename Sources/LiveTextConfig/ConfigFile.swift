import Foundation

/// The settings file: where it lives, and reading it into `Settings`.
///
/// ```swift
/// let loaded = try ConfigFile.standard().load()   // defaults when the file is missing
/// for warning in loaded.warnings { log.warning("\(warning)") }
/// ```
public struct ConfigFile: Sendable, Hashable {
    /// Absolute path of the file (it need not exist).
    public var path: String

    public init(path: String) { self.path = path }

    /// `$XDG_CONFIG_HOME/livetext/config.toml`, else `~/.config/livetext/config.toml`.
    public static func standard(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ConfigFile {
        ConfigFile(path: standardPath(environment: environment))
    }

    /// The path `standard(environment:)` uses.
    public static func standardPath(environment: [String: String]) -> String {
        // The XDG spec says to ignore a relative XDG_CONFIG_HOME.
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return base + "/livetext/config.toml"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.config/livetext/config.toml"
    }

    /// Reads and checks the file. A missing file gives the defaults; an unreadable file, a
    /// syntax error or an invalid value throws an error naming the file and the line or key.
    public func load() throws(ConfigError) -> LoadedSettings {
        guard let text = try readText() else {
            return LoadedSettings(settings: .defaults, warnings: [], fileExists: false)
        }
        var loaded = try Self.parse(text, file: path)
        loaded.fileExists = true
        return loaded
    }

    /// Checks settings given as TOML text (`file` only labels the errors).
    public static func parse(_ text: String, file: String? = nil) throws(ConfigError) -> LoadedSettings {
        do throws(ConfigError) {
            let document = try TOMLDocument.parse(text)
            var decoder = SettingsDecoder()
            let settings = try decoder.decode(document)
            return LoadedSettings(settings: settings, warnings: decoder.warnings, fileExists: file != nil)
        } catch {
            throw error.located(in: file)
        }
    }

    /// The file's text, or `nil` when there is no file.
    func readText() throws(ConfigError) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw ConfigError(.io, "is a directory, expected a TOML file", file: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigError(.io, "cannot read: \(error.localizedDescription)", file: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(.io, "not UTF-8 text", file: path)
        }
        return text
    }
}

/// What loading the file gave: the settings and what was ignored on the way.
public struct LoadedSettings: Sendable, Hashable {
    /// The settings, defaults filled in.
    public var settings: Settings
    /// Unknown keys and dropped font sizes, for the daemon's log.
    public var warnings: [ConfigWarning]
    /// Whether the settings came from a file (false: all defaults, no file).
    public var fileExists: Bool
}
