import Foundation
import Testing

/// The terminal captures of the screen corpus (xterm and VTE, crops of them) read as a user
/// would copy them: addresses, identifiers and numbers exact, no border or cursor as text, no
/// line cut by the selection's edge, and no capture read worse than bare tesseract reads it.
@Suite("terminal text in the screen corpus")
struct TerminalCorpusTests {
    /// Bare `tesseract IMG - --psm 3`'s CER on each terminal capture (bench/accuracy.py, tesseract
    /// 5.3.0 with Debian's eng): livetext may not read any of them worse.
    static let tesseractCER: [String: Double] = [
        "crop-border-dejavu-12px": 0.7016, "crop-cut-liberation-14px": 2.05, "crop-line-dejavu-13px": 0.0449,
        "vte-focused-dejavu-13px": 0.0846, "xterm-dark-dejavu-11px": 0.4246, "xterm-dark-green-liberation-14px": 0.0250,
        "xterm-dark-noto-10px": 0.1091, "xterm-light-dejavu-12px": 0.3865, "xterm-light-liberation-16px": 0.0723,
        "xterm-mail-noto-10px": 0.0220, "xterm-subpixel-dejavu-13px": 0.0253, "xterm-tall-dejavu-12px": 0.1951,
        "xterm-tiled-dejavu-12px": 0.4236, "xterm-unfocused-liberation-14px": 0.0233,
    ]

    static let corpus = FixtureCorpus("screens")

    /// Each terminal capture's text, by name.
    static func texts() async throws -> [String: String] {
        let documents = try await corpus.analyzed(types: "text", timeout: 600) { tesseractCER[$0] != nil }
        #expect(documents.count == tesseractCER.count)
        return try Dictionary(uniqueKeysWithValues: documents.map { ($0.name, try #require($0.document["text"] as? String)) })
    }

    @Test("addresses, identifiers, numbers and cut selections read exactly; none worse than tesseract")
    func terminals() async throws {
        let texts = try await Self.texts()
        let lines = { (name: String) in (texts[name] ?? "").split(separator: "\n").map(String.init) }
        // Noto Sans Mono at 10 px: its slashed zero is no @, the address broken after `sam.` is whole.
        let mail = lines("xterm-mail-noto-10px")
        for line in ["sam.lee@example.org", "deploy@app-02.internal.example.net",
                     "src/retry_policy.py:12:max_retry_count = 5", "@reboot /usr/local/bin/start_queue_worker.sh --name=mail_sender"] {
            #expect(mail.contains(line), "\(line) not in \(mail)")
        }
        #expect(texts["xterm-mail-noto-10px"]?.contains("ssh deploy@10.0.4.21 uptime") == true)
        #expect(mail.contains("$ grep -rn \"max_retry_count\" src/"))
        #expect(lines("xterm-dark-noto-10px").contains("PING mirror.example.net (203.0.113.45) 56(84) bytes of data."))
        // Faint underscores of DejaVu Sans Mono at 12 px.
        #expect(lines("xterm-tiled-dejavu-12px").contains("test tide::tests::negative_offsets_round_down ... ok"))
        // Doubled underscores read as one; a token read apart (both pieces at 0) at a line's start.
        #expect(lines("xterm-tall-dejavu-12px").contains("if __name__ == \"__main__\":"))
        #expect(lines("xterm-dark-green-liberation-14px").contains("if __name__ == \"__main__\":"))
        #expect(lines("xterm-tall-dejavu-12px").contains("(Decimal('18342.50'), Decimal('3485.08'), Decimal('21827.58'))"))
        // Hashes of git log with letters read for digits.
        #expect(lines("vte-focused-dejavu-13px").contains("9c1e0a7 Sam Lee <sam.lee@example.org> Retry webhooks with backoff"))
        #expect(lines("xterm-light-liberation-16px").contains("commit a71b0d4e6f2c1b9a8d7e5f4c3b2a1908f7e6d5c4"))
        // A line of a few words, its neighbours cut by the selection: only it.
        #expect(texts["crop-cut-liberation-14px"] == "../src/publish.sh:41:# TODO(release): notify ops@example.org")
        // One line: the address and the link are one word each.
        let words = (texts["crop-line-dejavu-13px"] ?? "").split(separator: " ")
        #expect(words.contains { $0.hasPrefix("<sam.") && $0.hasSuffix("@example.org>") }, "\(words)")
        #expect(words.contains("https://docs.example.com/api/v2/webhooks"))
        // The border and the other window's edge at the left are no `|`; the cut line is gone.
        #expect(lines("crop-border-dejavu-12px").first == "ivo@quay:~$ journalctl -u harbor-api --since 09:00 -n 14")
        #expect(lines("crop-border-dejavu-12px").count == 5)

        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            let truth = String(decoding: try Self.corpus.truth(name, suffix: ".gt.txt"), as: UTF8.self)
            let truthLines = Set(truth.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            for line in text.split(separator: "\n") where line.hasPrefix("|") {
                #expect(truthLines.contains { $0.hasPrefix("|") }, "\(name): a border read as text: \(line)")
            }
            let fold = { (s: String) in Array(s.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }
            let cer = Double(CorpusAccuracyTests.editDistance(fold(text), fold(truth))) / Double(fold(truth).count)
            #expect(cer <= Self.tesseractCER[name] ?? 0, "\(name): CER \(cer), tesseract \(Self.tesseractCER[name] ?? 0)")
        }
    }
}
