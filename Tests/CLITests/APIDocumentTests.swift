import Foundation
import Testing

/// docs/API.md is the interfaces' documentation in the repository: it must name every verb the
/// CLI lists, every member the daemon serves, and every exit code.
@Suite("docs/API.md")
struct APIDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("every verb of livetext --help, every D-Bus member and every exit code is in docs/API.md")
    func complete() async throws {
        let api = try Self.read("docs/API.md")
        let help = try await CLIProcess.run(["--help"]).stdout
        let verbs = help.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n")
            .compactMap { line -> String? in
                let trimmed = line.drop { $0 == " " }
                guard line.hasPrefix("  "), !line.hasPrefix("        "), let word = trimmed.split(separator: " ").first,
                      word.first?.isLowercase == true else { return nil }
                return String(word)
            } ?? []
        #expect(verbs.count >= 8, "\(help)")
        for verb in verbs { #expect(api.contains("`\(verb)"), "docs/API.md does not name the verb \(verb)") }
        let xml = try Self.read("dbus/org.livetext.xml")
        let names = xml.matches(of: /<(method|property|signal) name="([A-Za-z]+)"/).map { String($0.output.2) }
        #expect(names.count > 30)
        for name in Set(names) { #expect(api.contains(name), "docs/API.md does not name the D-Bus member \(name)") }
        for code in 0...5 { #expect(api.contains("| \(code) |"), "exit code \(code)") }
        // The README, the man page and --help point there, not outside the repository.
        #expect(try Self.read("README.md").contains("(docs/API.md)"))
        #expect(try Self.read("doc/livetext.1").contains("API.md"))
        #expect(help.contains("docs/API.md"))
        for file in ["README.md", "CHANGELOG.md", "doc/livetext.1"] {
            #expect(try !Self.read(file).contains("../shared/"), "\(file) points outside the repository")
        }
    }
}
