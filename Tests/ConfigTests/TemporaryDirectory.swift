import Foundation
@testable import LiveTextConfig

/// A fresh directory per test, removed when the value goes away, with helpers for config files.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/livetext-config-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `config.toml` inside this directory (or `name`), not yet written.
    func file(_ name: String = "config.toml") -> ConfigFile { ConfigFile(path: path + "/" + name) }

    /// Writes `text` as `config.toml` (or `name`) and returns it.
    @discardableResult
    func write(_ text: String, name: String = "config.toml") throws -> ConfigFile {
        let file = self.file(name)
        try text.write(toFile: file.path, atomically: false, encoding: .utf8)
        return file
    }

    func read(_ file: ConfigFile) throws -> String {
        try String(contentsOfFile: file.path, encoding: .utf8)
    }

    func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
