import Foundation
import Testing

/// A committed corpus under Tests/Fixtures: its PNG captures, each beside its truth, read in one
/// `livetext analyze --json` call.
struct FixtureCorpus {
    let directory: URL

    init(_ name: String) {
        directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// Each capture's name (without .png) and its JSON document, in name order; only those whose
    /// name `including` accepts.
    func analyzed(types: String, timeout: TimeInterval = 120,
                  including: (String) -> Bool = { _ in true }) async throws -> [(name: String, document: [String: Any])] {
        let images = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".png") && including(String($0.dropLast(4))) }.sorted()
        let result = try await CLIProcess.run(["analyze", "--json", "--types", types]
                                        + images.map { directory.appendingPathComponent($0).path }, timeout: timeout)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        try #require(lines.count == images.count)
        return try zip(images, lines).map { image, line in
            (String(image.dropLast(4)),
             try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]))
        }
    }

    func truth(_ name: String, suffix: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name + suffix))
    }
}
