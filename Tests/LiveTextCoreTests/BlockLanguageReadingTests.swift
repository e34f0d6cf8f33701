import Foundation
import Testing
@testable import LiveTextCore

/// A recognizer that reads, for each language, a fixed text on each 20-px row of the page.
private final class ScriptedReader: TextRecognizer, @unchecked Sendable {
    let languages: LanguageSet
    let rows: [String: [String]]
    let confidences: [String: Double]

    init(languages: LanguageSet, rows: [String: [String]], confidences: [String: Double]) {
        self.languages = languages
        self.rows = rows
        self.confidences = confidences
    }

    func findLines(in page: RecognitionPage, region: Bounds, layout: PageLayout,
                   cancellation: CancellationFlag) throws -> RecognizedPage {
        RecognizedPage(blocks: [])
    }

    func readLine(in page: RecognitionPage, region: Bounds, cancellation: CancellationFlag) throws -> [RecognizedWord] {
        let row = (region.y + region.height / 2) / 20
        let text = rows[languages.description]?[row] ?? ""
        return text.split(separator: " ").enumerated().map { index, word in
            RecognizedWord(text: String(word), bounds: Bounds(x: index * 40, y: row * 20 + 4, width: 36, height: 12),
                           confidence: confidences[languages.description] ?? 90)
        }
    }

    func finishPage() {}
}

/// Counts the engines made per language set.
private final class EngineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [String] = []
    func record(_ languages: LanguageSet) { lock.withLock { made.append(languages.description) } }
    var languages: [String] { lock.withLock { made } }
}

@Suite("a block read again in its language")
struct BlockLanguageReadingTests {
    static let rows = [
        "eng": ["Your parcel is on its way and will arrive on Monday", "Lieferung nach Miinchen fiir den Fahrer",
                "bitte die Tiir und das Tor offnen"],
        "deu": ["Your parcel is on its way and will arrive on Monday", "Lieferung nach München für den Fahrer",
                "bitte die Tür und das Tor öffnen"],
    ]

    /// Blocks of the first reading (English), one a row in `blocks` (row indices).
    static func page(_ blocks: [[Int]]) -> RecognizedPage {
        RecognizedPage(blocks: blocks.map { rows in
            RecognizedBlock(bounds: Bounds(x: 0, y: rows[0] * 20, width: 400, height: rows.count * 20), lines: rows.map { row in
                let words = Self.rows["eng"]![row].split(separator: " ").map {
                    RecognizedWord(text: String($0), bounds: Bounds(x: 0, y: row * 20 + 4, width: 36, height: 12), confidence: 88)
                }
                return RecognizedLine(bounds: Bounds(x: 0, y: row * 20 + 4, width: 390, height: 12), words: words)
            })
        })
    }

    fileprivate static func analyzer(_ log: EngineLog, confidences: [String: Double] = [:]) -> ImageAnalyzer {
        ImageAnalyzer(engines: .init(makeTextRecognizer: { languages in
            log.record(languages)
            return ScriptedReader(languages: languages, rows: Self.rows, confidences: confidences)
        }, codeReader: NoCodes()), concurrency: 1, cacheCapacity: 0)
    }

    static let plan = LanguagePlan(primary: .english, alternatives: ["deu", "fra"])
    static let recognition = RecognitionPage(image: PixelImage(width: 400, height: 80, gray: 255), resolution: 96)

    @Test("English blocks are only looked at: no engine of another language is made")
    func english() async throws {
        let log = EngineLog()
        let (page, nanoseconds) = try await Self.analyzer(log).readBlocksInTheirLanguages(
            Self.page([[0]]), on: Self.recognition, plan: Self.plan, flag: CancellationFlag())
        #expect(log.languages.isEmpty)
        #expect(nanoseconds == 0)
        #expect(page.blocks.map(\.language) == ["eng"])
        #expect(page.blocks[0].text == Self.rows["eng"]![0])
    }

    @Test("a German block is read again in German; the English one beside it is left alone")
    func german() async throws {
        let log = EngineLog()
        let (page, _) = try await Self.analyzer(log).readBlocksInTheirLanguages(
            Self.page([[0], [1, 2]]), on: Self.recognition, plan: Self.plan, flag: CancellationFlag())
        #expect(log.languages == ["deu"])
        #expect(page.blocks.map(\.language) == ["eng", "deu"])
        #expect(page.blocks[1].text == "Lieferung nach München für den Fahrer\nbitte die Tür und das Tor öffnen")
    }

    @Test("a reading far less sure than the first is not kept")
    func lessSure() async throws {
        let (page, _) = try await Self.analyzer(EngineLog(), confidences: ["eng": 88, "deu": 70]).readBlocksInTheirLanguages(
            Self.page([[1, 2]]), on: Self.recognition, plan: Self.plan, flag: CancellationFlag())
        #expect(page.blocks.map(\.language) == ["eng"])
        #expect(page.blocks[0].text.contains("Miinchen"))
    }

    @Test("with languages named there is no other language to read in")
    func named() async throws {
        let log = EngineLog()
        let (page, _) = try await Self.analyzer(log).readBlocksInTheirLanguages(
            Self.page([[1, 2]]), on: Self.recognition, plan: .named(.english), flag: CancellationFlag())
        #expect(log.languages.isEmpty)
        #expect(page.blocks.map(\.language) == ["eng"])
    }
}

private struct NoCodes: CodeReader {
    func readCodes(in image: PixelImage) throws -> [MachineReadableCode] { [] }
}
