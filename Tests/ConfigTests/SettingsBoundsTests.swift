import Foundation
import Testing
import TestSupport
@testable import LiveTextConfig

/// Settings text past what a settings file needs is refused with a message before toml++ sees it
/// (a key of 30,000 parts overflowed its stack), and no text at all crashes the parsing path.
@Suite("settings parsing is bounded")
struct SettingsBoundsTests {
    /// The syntax error `text` gives; fails the test when it loads.
    private func refusal(_ text: String) -> ConfigError? {
        do {
            _ = try ConfigFile.parse(text, file: "/x/config.toml")
            Issue.record("expected an error for \(text.prefix(80))…")
            return nil
        } catch {
            return error
        }
    }

    private static func key(parts: Int, separator: String = ".") -> String {
        (0..<parts).map { "k\($0)" }.joined(separator: separator)
    }

    @Test("a key or header of too many parts is refused naming its line, before toml++ recurses through it")
    func keyParts() throws {
        let long = refusal("[analysis]\nlanguages = [\"eng\"]\n\(Self.key(parts: 30_000)) = 1\n")
        #expect(long?.line == 3, "\(String(describing: long))")
        #expect(long?.description.hasPrefix("/x/config.toml:3:") == true)
        #expect(long?.message.contains("more than 32 dotted parts") == true, "\(String(describing: long))")
        let header = refusal("# settings\n\n[\(Self.key(parts: 33, separator: " . "))]\n")
        #expect(header?.line == 3)
        let arrayHeader = refusal("[[\(Self.key(parts: 40))]]\n")
        #expect(arrayHeader?.line == 1)
        // 32 parts is allowed (unknown keys are warnings, not errors).
        let loaded = try ConfigFile.parse("\(Self.key(parts: 32)) = 1\n[h.\(Self.key(parts: 31))]\n")
        #expect(loaded.warnings.count == 2)
    }

    @Test("dots, brackets and braces inside strings and comments are not structure")
    func stringsAreNotStructure() throws {
        let dots = String(repeating: ".", count: 500)
        let brackets = String(repeating: "[{", count: 500)
        let text = """
            # \(dots) \(brackets)
            [actions]
            opener = ["/bin/echo", "\(dots)\(brackets)", '\(dots)\\', \"\"\"
            \(dots)\" \"\" \\\"\"\" \(brackets)\"\"\"\"\"]
            map_url = '''\(brackets)
            ''%s'''''  # \(dots)
            [ "a.b.c" . 'd.e' ]
            "\(dots)" = 1
            """
        let loaded = try ConfigFile.parse(text)
        #expect(loaded.settings.actions.opener.count == 4)
        #expect(loaded.settings.actions.mapURL.hasSuffix("''%s''"))
    }

    @Test("nesting in all (header, dotted keys, arrays, inline tables) is bounded")
    func nesting() throws {
        #expect(refusal("x = " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\n")?.line == 1)
        // Inline tables whose keys are dotted: 20 levels of 4 parts are 100 deep.
        let inline = (0..<20).map { _ in "{a.b.c.d = " }.joined() + "1" + String(repeating: "}", count: 20)
        let error = refusal("[t]\n\n x = \(inline)\n")
        #expect(error?.line == 3)
        #expect(error?.message.contains("nested") == true, "\(String(describing: error))")
        let deepHeader = (0..<31).map { "h\($0)" }.joined(separator: ".")
        #expect(refusal("[\(deepHeader)]\n\(Self.key(parts: 31)) = [[{a.b = 1}]]\n")?.line == 2)
        // What a settings file really holds passes.
        _ = try ConfigFile.parse("[hotkeys.grab]\nkeys = \"Super+G\"\naction = \"copy-text\"\n"
                                 + "[interaction]\nsupplementary_interface_content_insets = [1, 2, 3, 4]\n")
    }

    @Test("what the fuzzer found toml++ asserting on (abort in a debug build) is refused first, naming the line",
          arguments: ["[{\n", "[\n", "[[ \n", "[é]\n", "[.a]\n", "s = [}\n", "s = {a = [}\n", "s = [1, }\n", "s = {a = 1]\n"])
    func parserAssertions(text: String) {
        #expect(refusal("# ok\n" + text)?.line == 2)
    }

    @Test("text over 1 MiB is refused; a file over it is not even read whole")
    func size() throws {
        let big = "# " + String(repeating: "x", count: TOMLBounds.maxBytes) + "\n"
        #expect(refusal(big)?.message.contains("at most 1048576") == true)
        let directory = try TemporaryDirectory()
        let file = try directory.write(big)
        #expect(throws: ConfigError.self) { _ = try file.load() }
        // A long string within the bound loads.
        _ = try ConfigFile.parse("[actions]\nmap_url = \"\(String(repeating: "y", count: 900_000))%s\"\n")
    }

    /// Rounds in the suite; `LIVETEXT_FUZZ_ROUNDS` asks for more (45,000 were run once, with no crash).
    static let rounds = ProcessInfo.processInfo.environment["LIVETEXT_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 800

    @Test("generated and mutated settings texts each load or give a one-line ConfigError")
    func fuzz() async throws {
        // Seconds of CPU: on a thread of its own, not one of the two the whole suite's tasks share.
        let (loaded, refused) = try await offPool { Self.fuzzRounds() }
        #expect(loaded > Self.rounds / 30 && refused > Self.rounds / 30, "loaded \(loaded), refused \(refused)")
    }

    private static func fuzzRounds() -> (loaded: Int, refused: Int) {
        var random = SplitMix(seed: 0x5E77_1465)
        var loaded = 0, refused = 0
        for n in 0..<rounds {
            let text = SettingsFuzz.text(n, &random)
            do {
                _ = try ConfigFile.parse(text, file: "/f/config.toml")
                _ = ConfigFile.check(text, file: "/f/config.toml")
                loaded += 1
            } catch {
                refused += 1
                #expect(!error.description.contains("\n"))
                if let line = error.line {
                    #expect(line >= 1 && line <= text.utf8.count(where: { $0 == 0x0A }) + 2, "\(error)")
                }
            }
        }
        return (loaded, refused)
    }
}

/// Settings texts a fuzzer would try: long dotted keys and headers, deep arrays and inline
/// tables, huge strings, random characters, and the example file mutated.
enum SettingsFuzz {
    static let pieces = [".", "[", "]", "[[", "]]", "{", "}", "=", ",", "[}", "[{", "s = [", "\n[", "\"", "'", "\"\"\"", "'''", "#", "\n", "\\",
                         " ", "a", "1.5", "true", "\u{0}", "\u{202E}", "é", "\r\n", "a.b.c", "x = "]

    static func text(_ n: Int, _ random: inout SplitMix) -> String {
        switch n % 8 {
        case 0:
            let parts = random.pick([2, 31, 32, 33, 100, 5_000, 40_000])
            let separator = random.pick([".", " . ", ".\"q.q\".", ".'l'."])
            let key = (0..<parts).map { _ in random.pick(["a", "b-c", "_1"]) }.joined(separator: separator)
            return random.pick(["\(key) = 1\n", "[\(key)]\n", "[[\(key)]]\n", "x = {\(key) = 1}\n", "[t]\n\(key) = [1]\n"])
        case 1:
            let depth = random.pick([10, 63, 64, 65, 256, 257, 20_000])
            let (open, close) = random.pick([("[", "]"), ("{a = ", "}"), ("[{a.b = ", "}]"), ("{x.y.z = [", "]}")])
            let closed = random.below(2) == 0
            return "v = " + String(repeating: open, count: depth) + "1" + (closed ? String(repeating: close, count: depth) : "") + "\n"
        case 2:
            let size = random.pick([10, 70_000, 300_000, 1_049_000])
            let quote = random.pick(["\"", "'", "\"\"\"", "'''"])
            let filler = random.pick(["x", ".", "[{", "\\\"", "#"])
            let body = String(repeating: filler, count: size / filler.utf8.count)
            return "[actions]\nmap_url = \(quote)\(body)%s\(quote)\n"
        case 3:
            var scalars = String.UnicodeScalarView()
            for _ in 0..<random.below(400) {
                let value = random.below(3) == 0 ? random.below(0x80) : random.below(0x3000)
                if let scalar = Unicode.Scalar(UInt32(value)) { scalars.append(scalar) }
            }
            return String(scalars)
        case 4:
            return (0..<random.below(200)).map { _ in random.pick(pieces) }.joined()
        default:
            var bytes = Array(ConfigFile.exampleText.utf8)
            for _ in 0..<(1 + random.below(12)) {
                let at = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.insert(contentsOf: Array(random.pick(pieces).utf8), at: at)
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + random.below(40)))
                default:
                    // A line uncommented, or repeated: the example's keys are all commented out.
                    if bytes[at] == UInt8(ascii: "#") { bytes[at] = UInt8(ascii: " ") }
                    bytes.insert(contentsOf: Array(random.pick(["[a.b]\n", "x.y = [[1], [2]]\n", "]\n"]).utf8), at: at)
                }
                if bytes.isEmpty { break }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
