import DBusKit
import Foundation
import Testing
import TestSupport

/// The daemon reading other languages with none named: its settings' default, a request's options.
@Suite("the daemon and OCR languages", .serialized)
struct LanguageServiceTests {
    /// The blocks' languages and the text of an analysis of `file` with `options`.
    static func read(_ daemon: RunningDaemon, _ file: String, _ options: [String: DBusValue]) async throws
        -> (languages: [String?], text: String)
    {
        let started = try await daemon.analyzer("AnalyzeFile", [.string(RunningDaemon.fixtures.appendingPathComponent(file).path),
                                                                .vardict(options)])
        let path = try #require(started.first?.objectPath)
        _ = try await daemon.analysis(path, "Wait")
        let json = try #require(try await daemon.property(path, "org.livetext.Analysis1", "Json").string)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        return (blocks.map { $0["language"] as? String }, object["text"] as? String ?? "")
    }

    @Test("with no languages in the settings or the request, a German page reads as German")
    func automatic() async throws {
        try await RunningDaemon.with(environment: ["LANG": "en_US.UTF-8", "LANGUAGE": "", "LC_ALL": ""]) { daemon in
            let german = try await Self.read(daemon, "text-english-german-15px.png", ["types": .strings(["text"])])
            #expect(german.languages == ["eng", "deu"])
            #expect(german.text.contains("Hauptstraße"))
            let named = try await Self.read(daemon, "text-german-15px.png",
                                            ["types": .strings(["text"]), "languages": .strings(["eng"])])
            #expect(named.languages == ["eng"])
            #expect(!named.text.contains("ß"))
        }
    }

    @Test("languages in the settings are read as named")
    func fromSettings() async throws {
        try await RunningDaemon.with(config: "[analysis]\nlanguages = [\"eng\"]\n") { daemon in
            let named = try await Self.read(daemon, "text-german-15px.png", ["types": .strings(["text"])])
            #expect(named.languages == ["eng"])
        }
    }
}
