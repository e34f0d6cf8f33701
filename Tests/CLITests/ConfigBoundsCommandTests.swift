import Foundation
import Testing

/// A settings file built to crash the TOML parser (a key or header of 30,000 parts overflowed
/// toml++'s stack: SIGSEGV in every command) is refused with a message naming its line; the
/// commands that read settings on the way keep working with the defaults.
@Suite("hostile settings files and the CLI", .serialized)
struct ConfigBoundsCommandTests {
    static let longKey = (0..<30_000).map { "k\($0 % 10)" }.joined(separator: ".")

    @Test("config --check refuses a key or header of 30,000 parts naming the line, exit 3, no crash")
    func longKeyAndHeader() async throws {
        for text in ["[analysis]\n\(Self.longKey) = 1\n", "# hostile\n\n[\(Self.longKey)]\n", "x = {\(Self.longKey) = 1}\n"] {
            let home = try ConfigCommandTests.configHome(text)
            defer { try? FileManager.default.removeItem(at: home) }
            let result = try await CLIProcess.run(["config", "--check"], environment: ["XDG_CONFIG_HOME": home.path])
            #expect(!result.signalled, "crashed: \(result.status)")
            #expect(result.status == 3, "\(result.status) \(result.stdout)\(result.stderr)")
            let line = text.hasPrefix("#") ? 3 : text.hasPrefix("[") ? 2 : 1
            #expect(result.stdout.contains("/livetext/config.toml:\(line):"), "\(result.stdout)")
            #expect(result.stdout.contains("more than 32 dotted parts"), "\(result.stdout)")
            // Another command reads the same file: it says so and goes on with the defaults.
            let detect = try await CLIProcess.run(["detect"], stdin: Data("call +1 415 555 0123".utf8),
                                            environment: ["XDG_CONFIG_HOME": home.path])
            #expect(!detect.signalled && detect.status == 0, "\(detect.status) \(detect.stderr)")
            #expect(detect.stderr.contains("livetext config --check"), "\(detect.stderr)")
        }
    }

    @Test("config --check on generated hostile files: each an answer (0 or 3), never a signal")
    func generated() async throws {
        let texts = [
            "v = " + String(repeating: "[", count: 200_000),
            "v = " + String(repeating: "{a.b = ", count: 5_000) + "1" + String(repeating: "}", count: 5_000),
            "[actions]\nmap_url = \"" + String(repeating: ".[{", count: 400_000) + "%s\"\n",
            "# " + String(repeating: "x", count: 1_100_000),
            String(repeating: "[[a.b.c]]\nx.y = [[1], [2]]\n", count: 5_000),
            "[" + String(repeating: "a.", count: 31) + "b]\n" + String(repeating: "c.", count: 40) + "d = 1\n",
            // toml++ asserts on these (abort in a debug build): the fuzz test found them.
            "[{\n", "[\n", "s = [}\n",
        ]
        for text in texts {
            let home = try ConfigCommandTests.configHome(text)
            defer { try? FileManager.default.removeItem(at: home) }
            let result = try await CLIProcess.run(["config", "--check"], environment: ["XDG_CONFIG_HOME": home.path])
            #expect(!result.signalled && (result.status == 0 || result.status == 3),
                    "\(text.prefix(40))…: \(result.status) \(result.stdout.prefix(300))\(result.stderr.prefix(300))")
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.utf8.count < 1_000 }, "one short line per problem")
        }
    }
}
