import Testing
@testable import LiveTextCore

@Suite("a hash read with letters for digits in monospace text")
struct HexMisreadsTests {
    static func line(_ text: String) -> RecognizedLine {
        RecognizedLine(bounds: Bounds(x: 0, y: 0, width: 800, height: 14), words: text.split(separator: " ").enumerated().map {
            RecognizedWord(text: String($1), bounds: Bounds(x: $0 * 80, y: 0, width: 70, height: 14), confidence: 90)
        })
    }

    static func read(_ text: String) -> String {
        HexMisreads.corrected(line(text)).words.map(\.text).joined(separator: " ")
    }

    @Test("where git log puts a hash, or long enough to be one anywhere, letters read for digits are digits", arguments: [
        ("9cleOa7 Sam Lee <sam.lee@example.org> Retry webhooks", "9c1e0a7 Sam Lee <sam.lee@example.org> Retry webhooks"),
        ("| * eO0f93b7 Detect mailto: links", "| * e00f93b7 Detect mailto: links"),
        ("commit a7ib0d4e6f2cib9a8d", "commit a71b0d4e6f2c1b9a8d"),
        ("sha1 (a7ib0d4e6f2cib9a8d7e5f4c3b2a1908f7e6d5c4)", "sha1 (a71b0d4e6f2c1b9a8d7e5f4c3b2a1908f7e6d5c4)"),
    ])
    func hashes(read: String, meant: String) {
        #expect(Self.read(read) == meant)
    }

    @Test("words, short hex-like words elsewhere and hashes read right stay", arguments: [
        "decoded 2 files", "collide1 twice", "the 9cleOa7 build", "9c1e0a7 Sam Lee", "$ git log -3", "accessed bad1dea5",
        "office docs", "eOf1 ok",
    ])
    func kept(text: String) {
        #expect(Self.read(text) == text)
    }
}
