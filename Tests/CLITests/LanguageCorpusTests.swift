import Foundation
import Testing

/// A few captures of bench/languages.py's corpus (Tests/Fixtures/languages), read with nothing
/// configured on an English system, as a user would: the whole corpus is the benchmark's.
@Suite("pages in other languages and scripts, nothing configured")
struct LanguageCorpusTests {
    static let corpus = FixtureCorpus("languages")
    static let english = ["LANG": "en_US.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""]

    /// Character error rate over whitespace-folded text.
    static func errorRate(_ text: String, _ truth: String) -> Double {
        let fold = { (s: String) in Array(s.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }
        let a = fold(text), b = fold(truth)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return Double(previous[b.count]) / Double(max(1, b.count))
    }

    @Test("a Russian and a Spanish mail are read in their language, the sender's address kept",
          arguments: [("lang-rus-dejavu-13px", "rus", 0.02), ("lang-spa-dejavu-13px", "spa", 0.01)])
    func page(name: String, language: String, limit: Double) async throws {
        let image = Self.corpus.directory.appendingPathComponent(name + ".png").path
        let outcome = try await CLIProcess.run(["analyze", "--json", "--types", "text", image], environment: Self.english,
                                         timeout: 120)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let text = try #require(document["text"] as? String)
        let truth = try #require(String(data: try Self.corpus.truth(name, suffix: ".gt.txt"), encoding: .utf8))
        #expect(Self.errorRate(text, truth) <= limit, "\(text)")
        let blocks = try #require(document["blocks"] as? [[String: Any]])
        #expect(blocks.filter { $0["language"] as? String == language }.count >= blocks.count - 1,
                "\(blocks.map { $0["language"] ?? "-" })")
        // The mail's sender, read with English after the page's language.
        let address = truth.split(separator: "\n")[1].split(separator: "<").last.map { "<" + $0 } ?? ""
        #expect(text.contains(address), "\(address) in \(text)")
    }
}
