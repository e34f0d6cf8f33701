import Foundation
import Testing
@testable import LiveTextCore

@Suite("the --json document")
struct JSONDocumentTests {
    static let sample: ImageAnalysis = {
        let word = TextWord(text: "Hi\"\n\\", bounds: Bounds(x: 1, y: 2, width: 3, height: 4), confidence: 96.1234)
        return ImageAnalysis(
            image: .init(width: 1280, height: 720, source: "file:/tmp/x.png"),
            blocks: [TextBlock(lines: [TextLine(words: [word])])],
            codes: [MachineReadableCode(symbology: "QR-Code", payload: "https://example.org/é", bounds: Bounds(x: 5, y: 6, width: 7, height: 8))],
            items: [DetectedItem(kind: .link, text: "example.org", start: 0, end: 11, source: .code,
                                 value: ["url": .string("https://example.org")])],
            actions: [QuickAction(id: "open-link-0", title: "Open example.org", kind: .open, target: "https://example.org", subject: .item(0))],
            timing: {
                var timing = ImageAnalysis.Timing(totalMs: 123.456)
                timing.layoutMs = 20.5
                timing.linesMs = 180.25
                timing.tablesMs = 1.5
                timing.engines = 2
                return timing
            }())
    }()

    @Test("keys come in the order PRODUCT.md shows them")
    func keyOrder() {
        let line = Self.sample.jsonLine()
        let keys = ["\"image\"", "\"text\"", "\"blocks\"", "\"codes\"", "\"items\"", "\"actions\"", "\"timing\""]
        let positions = keys.map { line.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("{\"image\":{\"width\":1280,\"height\":720,\"source\":\"file:/tmp/x.png\"}"))
    }

    @Test("the document parses as JSON with the contract's fields and types")
    func parses() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.sample.jsonLine().utf8)) as? [String: Any])
        let block = try #require((object["blocks"] as? [[String: Any]])?.first)
        let line = try #require((block["lines"] as? [[String: Any]])?.first)
        let word = try #require((line["words"] as? [[String: Any]])?.first)
        #expect(word["text"] as? String == "Hi\"\n\\")
        #expect(word["bounds"] as? [Int] == [1, 2, 3, 4])
        #expect(word["confidence"] as? Double == 96.1)
        let timing = try #require(object["timing"] as? [String: Any])
        #expect(timing["totalMs"] as? Double == 123.5)
        #expect(timing["linesMs"] as? Double == 180.25 && timing["engines"] as? Int == 2 && timing["tablesMs"] as? Double == 1.5)
        // Stages not measured are left out, not null.
        #expect(timing["codesMs"] == nil && timing["cached"] == nil && timing["captureMs"] == nil)
        let code = try #require((object["codes"] as? [[String: Any]])?.first)
        #expect(code["payload"] as? String == "https://example.org/é")
        let item = try #require((object["items"] as? [[String: Any]])?.first)
        #expect(item["source"] as? String == "code")
        #expect((item["value"] as? [String: Any])?["url"] as? String == "https://example.org")
        #expect((object["actions"] as? [[String: Any]])?.first?["id"] as? String == "open-link-0")
    }

    @Test("the ordered writer and Foundation's encoder agree on the content")
    func matchesCodable() throws {
        let ours = try JSONSerialization.jsonObject(with: Data(Self.sample.jsonLine().utf8)) as? NSDictionary
        let foundation = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.sample)) as? NSDictionary
        #expect(ours == foundation)
    }

    @Test("control characters are escaped", arguments: [
        ("\u{01}", "\"\\u0001\""), ("\t", "\"\\t\""), ("\u{2028}", "\"\\u2028\""), ("a/b", "\"a/b\""),
    ])
    func escaping(input: String, expected: String) {
        #expect(OrderedJSON.string(input).serialized() == expected)
    }
}
