import Foundation
import Testing

@Suite("livetext languages, and languages that are not installed")
struct LanguagesCommandTests {
    @Test("--json lists the installed languages by name and the locale's missing ones with their command")
    func json() async throws {
        let outcome = try await CLIProcess.run(["languages", "--json"],
                                         environment: ["LANG": "cs_CZ.UTF-8", "LANGUAGE": "ast_ES", "LC_ALL": "", "LC_MESSAGES": ""])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let installed = try #require(object["installed"] as? [[String: String]])
        #expect(installed.contains { $0["code"] == "eng" && $0["name"] == "English" })
        #expect(installed.contains { $0["code"] == "deu" && $0["name"] == "German" })
        let missing = try #require(object["missing"] as? [[String: String]])
        #expect(missing.first { $0["code"] == "ces" }?["command"] == "sudo apt install tesseract-ocr-ces")
        #expect(object["unknownLocales"] as? [String] == ["ast_ES"])
        #expect(object["default"] as? [String] == ["eng"])
        #expect((object["automatic"] as? [String])?.contains("deu") == true)
    }

    @Test("plain output names each language and the command that adds a missing one")
    func plain() async throws {
        let outcome = try await CLIProcess.run(["languages"], environment: ["LANG": "cs_CZ.UTF-8", "LANGUAGE": "", "LC_ALL": ""])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.split(separator: "\n").contains { $0.hasPrefix("  deu ") && $0.hasSuffix("  German") })
        #expect(outcome.stdout.contains("Czech: sudo apt install tesseract-ocr-ces"))
    }

    @Test("a named language that is not installed is said once; the others still read")
    func missingSaidOnce() async throws {
        let image = CLIProcess.fixture("text-light-15px.png")
        let outcome = try await CLIProcess.run(["analyze", "--lang", "eng+klingon", "--types", "text", image, image])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.components(separatedBy: "Invoice 4471").count == 3)
        #expect(outcome.stderr.components(separatedBy: "'klingon'").count == 2, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("tesseract-ocr-klingon"))
    }

    @Test("--lang with a path in it is refused", arguments: ["../eng", "/tmp/eng", "eng+../../x", "eng.traineddata"])
    func pathRefused(lang: String) async throws {
        let outcome = try await CLIProcess.run(["analyze", "--lang", lang, CLIProcess.fixture("text-light-15px.png")])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("invalid language name"))
    }
}
