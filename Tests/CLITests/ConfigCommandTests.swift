import Foundation
import Testing

/// `livetext config`: the file's path, every setting commented, and a check that names every
/// problem; and the CLI reading the same file as the daemon.
@Suite("livetext config and the settings file")
struct ConfigCommandTests {
    /// A settings directory holding `text` as its config.toml (mode 600: a file others can write is refused).
    static func configHome(_ text: String) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-config-\(UUID().uuidString)")
        let directory = home.appendingPathComponent("livetext")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return home
    }

    @Test("--path names the file, --example prints every key commented and checks clean")
    func pathAndExample() async throws {
        let home = try Self.configHome("")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CONFIG_HOME": home.path]
        let path = try await CLIProcess.run(["config", "--path"], environment: environment)
        #expect(path.status == 0 && path.stdout == home.path + "/livetext/config.toml\n")
        let example = try await CLIProcess.run(["config", "--example"], environment: environment)
        #expect(example.status == 0)
        for key in ["[analysis]", "languages =", "[interaction]", "[limits]", "max_analyses_per_caller", "[hotkeys.text]",
                    "[actions]", "opener", "map_url", "[clipboard]", "[notifications]"] {
            #expect(example.stdout.contains(key), "\(key)")
        }
        try example.stdout.write(to: home.appendingPathComponent("livetext/config.toml"), atomically: true, encoding: .utf8)
        let check = try await CLIProcess.run(["config", "--check"], environment: environment)
        #expect(check.status == 0 && check.stdout.hasSuffix(": ok\n"), "\(check.stdout)\(check.stderr)")
    }

    @Test("--check names every invalid value and every unknown key with the nearest known one, exit 3")
    func check() async throws {
        let home = try Self.configHome("""
            [analysis]
            types = ["txt"]
            language = ["eng"]
            [limits]
            max_running = "many"
            [hotkeys.grab]
            keys = "Super+G"
            action = "frob"
            [notifcations]
            enabled = true
            """)
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await CLIProcess.run(["config", "--check"], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(result.status == 3)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("error: ") }.count == 3, "\(result.stdout)")
        for expected in ["analysis.types: unknown analysis type 'txt'", "limits.max_running: expected an integer",
                         "hotkeys.grab.action: unknown action \"frob\"", "analysis.language: unknown key, ignored (did you mean languages?)",
                         "notifcations: unknown table or key, ignored (did you mean notifications?)"] {
            #expect(result.stdout.contains(expected), "\(expected)\n\(result.stdout)")
        }
        let syntax = try await CLIProcess.run(["config", "--check", CLIProcess.fixture("qr-url.png")])
        #expect(syntax.status == 3)
        let missing = try await CLIProcess.run(["config", "--check"])
        #expect(missing.status == 0 && missing.stdout.contains("no such file; the defaults apply"))
        #expect(try await CLIProcess.run(["config"]).status == 2)
    }

    @Test("the CLI reads the settings' types and URL templates; a broken file is said once")
    func cliUsesSettings() async throws {
        let home = try Self.configHome("""
            [analysis]
            types = ["text", "detectors"]
            [actions]
            translate_url = "https://translate.example/?q=%s"
            """)
        defer { try? FileManager.default.removeItem(at: home) }
        let image = CLIProcess.fixture("text-light-15px.png")
        let result = try await CLIProcess.run(["analyze", "--json", image], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("\"target\":\"https://translate.example/?q=Invoice"))
        #expect(!result.stdout.contains("codesMs"), "codes were read though the settings leave them out")
        try "[analysis\n".write(to: home.appendingPathComponent("livetext/config.toml"), atomically: true, encoding: .utf8)
        let broken = try await CLIProcess.run(["analyze", "--only", "email", image], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(broken.status == 0 && broken.stdout == "billing@example.com\n")
        #expect(broken.stderr.split(separator: "\n").count == 1 && broken.stderr.contains("settings: "), "\(broken.stderr)")
    }
}
