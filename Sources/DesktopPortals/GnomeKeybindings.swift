import Foundation
import LiveTextCore

/// GNOME's custom keybindings (`org.gnome.settings-daemon.plugins.media-keys`), where a GNOME
/// user's own shortcuts live, read and written with `gsettings`: before xdg-desktop-portal-gnome 48
/// there is no GlobalShortcuts portal, and a keybinding that runs `livetext hotkey NAME` is how a
/// key reaches the daemon. livetext's entries are the paths ending in `/livetext-NAME/`; the
/// user's own are kept as they are, in their order.
public struct GnomeKeybindings: Sendable {
    /// One keybinding: its name in the settings, the accelerator (`<Super><Shift>t`), the command.
    public struct Binding: Sendable, Hashable {
        public var name: String
        public var accelerator: String
        public var command: String
        public init(name: String, accelerator: String, command: String) {
            self.name = name
            self.accelerator = accelerator
            self.command = command
        }
    }

    static let schema = "org.gnome.settings-daemon.plugins.media-keys"
    static let list = "custom-keybindings"
    static let base = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"
    static let prefix = "livetext-"
    /// What the keybinding is called in GNOME's Settings: this, then the hotkey's name.
    static let labelPrefix = "livetext: "

    /// The environment `gsettings` runs with (nil: this process's), e.g. another session's bus.
    let environment: [String: String]?

    public init(environment: [String: String]? = nil) {
        self.environment = environment
    }

    /// livetext's keybindings as GNOME holds them, in the list's order.
    public func installed() throws -> [Binding] {
        try paths().filter(Self.isOurs).map { path in
            // The hotkey's own name, as written in the `name` key (the path holds it reduced to
            // letters, digits and dashes); the path's when the key was edited by hand.
            let label = try get(path, "name")
            let name = label.hasPrefix(Self.labelPrefix) ? String(label.dropFirst(Self.labelPrefix.count))
                : String(path.dropFirst(Self.base.count + Self.prefix.count).dropLast())
            return Binding(name: name, accelerator: try get(path, "binding"), command: try get(path, "command"))
        }
    }

    /// Adds (or updates) `bindings`, and removes livetext's entries not among them; the user's own
    /// entries stay. Names are reduced to letters, digits and dashes for their paths.
    public func install(_ bindings: [Binding]) throws {
        let wanted = bindings.map { (Self.base + Self.prefix + Self.pathName($0.name) + "/", $0) }
        for (path, binding) in wanted {
            try set(path, "name", Self.labelPrefix + binding.name)
            try set(path, "command", binding.command)
            try set(path, "binding", binding.accelerator)
        }
        let current = try paths()
        let others = current.filter { !Self.isOurs($0) }
        try setPaths(others + wanted.map(\.0))
        for stale in current where Self.isOurs(stale) && !wanted.contains(where: { $0.0 == stale }) { try reset(stale) }
    }

    /// Removes livetext's entries, and only them; returns how many there were.
    @discardableResult
    public func remove() throws -> Int {
        let current = try paths()
        let ours = current.filter(Self.isOurs)
        guard !ours.isEmpty else { return 0 }
        try setPaths(current.filter { !Self.isOurs($0) })
        for path in ours { try reset(path) }
        return ours.count
    }

    static func isOurs(_ path: String) -> Bool {
        path.hasPrefix(base + prefix) && path.hasSuffix("/")
    }

    static func pathName(_ name: String) -> String {
        String(name.lowercased().map { $0.isLetter && $0.isASCII || $0.isNumber && $0.isASCII ? $0 : "-" })
    }

    // MARK: gsettings

    private func paths() throws -> [String] {
        GVariantText.strings(try gsettings(["get", Self.schema, Self.list]))
    }

    /// Writes the list and reads it back: gsettings exits 0 even when dconf could not be reached
    /// and nothing was stored.
    private func setPaths(_ paths: [String]) throws {
        try gsettings(["set", Self.schema, Self.list, GVariantText.array(paths)])
        guard try self.paths() == paths else {
            throw LiveTextError(.unavailable, "GNOME's keybindings could not be stored: dconf did not take the change "
                                + "(is this a GNOME session, with its session bus?)")
        }
    }

    private func get(_ path: String, _ key: String) throws -> String {
        GVariantText.strings(try gsettings(["get", Self.schema + ".custom-keybinding:" + path, key])).first ?? ""
    }

    private func set(_ path: String, _ key: String, _ value: String) throws {
        try gsettings(["set", Self.schema + ".custom-keybinding:" + path, key, GVariantText.string(value)])
    }

    private func reset(_ path: String) throws {
        try gsettings(["reset-recursively", Self.schema + ".custom-keybinding:" + path])
    }

    @discardableResult
    private func gsettings(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gsettings")
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw LiveTextError(.unavailable, "gsettings cannot be run (\(error)): install libglib2.0-bin")
        }
        // dconf answers at once; a session bus that does not must not hold the caller.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 15, execute: watchdog)
        defer { watchdog.cancel() }
        let said = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            throw LiveTextError(.unavailable, "gsettings did not finish within 15 s: is the session bus (dconf) answering?")
        }
        guard process.terminationStatus == 0 else {
            let message = String(decoding: complaint, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if message.contains("No such schema") {
                throw LiveTextError(.unavailable, "GNOME's keybinding settings are not installed (\(Self.schema)): "
                                    + "install gnome-settings-daemon-common, or bind the keys in your desktop's settings "
                                    + "to `livetext hotkey NAME`")
            }
            throw LiveTextError(.failed, "gsettings \(arguments.prefix(2).joined(separator: " ")) failed: \(message)")
        }
        return String(decoding: said, as: UTF8.self)
    }
}

/// The few GVariant text forms `gsettings` prints and reads: a string, an array of strings.
enum GVariantText {
    /// A GVariant string literal: single quotes, with `\` and `'` escaped.
    static func string(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    static func array(_ values: [String]) -> String {
        values.isEmpty ? "@as []" : "[" + values.map(string).joined(separator: ", ") + "]"
    }

    /// The strings of `text` (`'a'`, `['a', "b"]`, `@as []`), unescaped; quotes of either kind.
    static func strings(_ text: String) -> [String] {
        var found: [String] = []
        var current: String?
        var quote: Character = "'"
        var escaped = false
        for character in text {
            if var open = current {
                if escaped {
                    open.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == quote {
                    found.append(open)
                    current = nil
                    continue
                } else {
                    open.append(character)
                }
                current = open
            } else if character == "'" || character == "\"" {
                quote = character
                current = ""
            }
        }
        return found
    }
}
