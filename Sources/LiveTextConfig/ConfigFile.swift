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
    ///
    /// The settings name a command to run (`actions.opener`), so a file someone else could have
    /// written is refused: one owned by another user (root aside), or writable by group or
    /// others. Only a regular file is read (a FIFO would block the daemon).
    public func readText() throws(ConfigError) -> String? {
        // Non-blocking open, so a FIFO is seen and refused instead of waited on.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw ConfigError(.io, "cannot read: \(String(cString: strerror(errno)))", file: path)
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw ConfigError(.io, "cannot read: \(String(cString: strerror(errno)))", file: path)
        }
        try Self.checkTrusted(info, file: path)
        let data: Data
        do {
            // One byte past the bound is enough to know: a huge file is not read into memory.
            data = try handle.read(upToCount: TOMLBounds.maxBytes + 1) ?? Data()
        } catch {
            throw ConfigError(.io, "cannot read: \(error.localizedDescription)", file: path)
        }
        guard data.count <= TOMLBounds.maxBytes else {
            throw ConfigError(.io, "refused: larger than \(TOMLBounds.maxBytes) bytes (1 MiB), and a settings file "
                              + "is a few kilobytes", file: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(.io, "not UTF-8 text", file: path)
        }
        return text
    }

    /// Throws unless `info` is a regular file that only its reader (or root) could have written.
    static func checkTrusted(_ info: stat, file: String) throws(ConfigError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ConfigError(.io, "is a directory, expected a TOML file", file: file)
        default: throw ConfigError(.io, "not a regular file, expected a TOML file", file: file)
        }
        let me = geteuid()
        guard info.st_uid == me || info.st_uid == 0 else {
            throw ConfigError(.io, "refused: it belongs to user \(info.st_uid), not to you (user \(me)), and settings "
                              + "name a command to run (chown it to yourself, or remove it)", file: file)
        }
        let writableByOthers = info.st_mode & (S_IWGRP | S_IWOTH)
        guard writableByOthers == 0 else {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw ConfigError(.io, "refused: \(info.st_mode & S_IWOTH != 0 ? "anyone" : "its group") can write it "
                              + "(mode \(mode)), and settings name a command to run "
                              + "(chmod go-w \(file))", file: file)
        }
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
