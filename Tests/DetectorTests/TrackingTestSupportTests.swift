import Foundation
import LiveTextCore
@testable import LiveTextDetectors

/// Our own cases in Fixtures/<type>/cases.jsonl: `{"text", "items": [{"type", "text"}]}`, shared
/// with the benchmark.
struct ShippingQuantityCase: Sendable, CustomStringConvertible {
    var text: String
    var expected: [String]
    var description: String { text }

    static func load(_ type: String) -> [ShippingQuantityCase] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(type)/cases.jsonl")
        guard let content = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return content.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let text = object["text"] as? String, let items = object["items"] as? [[String: Any]]
            else { return nil }
            return ShippingQuantityCase(text: text, expected: items.compactMap { $0["text"] as? String })
        }
    }
}

/// Runs one detector and returns the matched substrings and values.
struct ShippingQuantityRun {
    var texts: [String]
    var values: [[String: JSONValue]]

    init(_ detector: some Detector, _ text: String, region: String = "US") {
        let scanned = ScannedText(text)
        let found = detector.detect(in: scanned, context: DetectionContext(region: region))
        texts = found.map { scanned.string($0.range) }
        values = found.map(\.value)
    }

    /// The string field `key` of the only detection.
    func field(_ key: String) -> String? {
        guard values.count == 1, case .string(let value) = values[0][key] else { return nil }
        return value
    }
}
