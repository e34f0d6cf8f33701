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
        "deu+eng": ["Your parcel is on its way and will arrive on Monday", "Lieferung nach München für den Fahrer",
                    "bitte die Tür und das Tor öffnen"],
        "rus": ["Ваш заказ отправлен сегодня утром", "Курьер привезёт его в четверг", "Спасибо за покупку"],
        "rus+eng": ["Ваш заказ отправлен сегодня утром", "Курьер привезёт его в четверг", "Спасибо за покупку"],
        "ukr": ["Ваш заказ отправлен сегодня утром", "Курьер привезет его в четверг", "Спасибо за покупку"],
        "ukr+eng": ["Ваш заказ отправлен сегодня утром", "Курьер привезет его в четверг", "Спасибо за покупку"],
    ]

    /// Blocks of the first reading (English), one a row in `blocks` (row indices).
    static func page(_ blocks: [[Int]], confidence: Double = 88) -> RecognizedPage {
        RecognizedPage(blocks: blocks.map { rows in
            RecognizedBlock(bounds: Bounds(x: 0, y: rows[0] * 20, width: 400, height: rows.count * 20), lines: rows.map { row in
                let words = Self.rows["eng"]![row].split(separator: " ").map {
                    RecognizedWord(text: String($0), bounds: Bounds(x: 0, y: row * 20 + 4, width: 36, height: 12), confidence: confidence)
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
        #expect(log.languages == ["deu+eng"])
        #expect(page.blocks.map(\.language) == ["eng", "deu"])
        #expect(page.blocks[1].text == "Lieferung nach München für den Fahrer\nbitte die Tür und das Tor öffnen")
    }

    @Test("a reading far less sure than the first is not kept")
    func lessSure() async throws {
        let (page, _) = try await Self.analyzer(EngineLog(), confidences: ["eng": 88, "deu+eng": 70]).readBlocksInTheirLanguages(
            Self.page([[1, 2]]), on: Self.recognition, plan: Self.plan, flag: CancellationFlag())
        #expect(page.blocks.map(\.language) == ["eng"])
        #expect(page.blocks[0].text.contains("Miinchen"))
    }

    static let scripts = LanguagePlan(primary: .english, alternatives: ["deu"], otherScripts: ["rus", "ukr"])

    @Test("an unsure block another script reads far more surely is read again in it, with English after it")
    func otherScript() async throws {
        let log = EngineLog()
        let (page, _) = try await Self.analyzer(log, confidences: ["eng": 45, "rus": 94, "ukr": 90, "rus+eng": 94])
            .readBlocksInTheirLanguages(Self.page([[0, 1], [2]], confidence: 45), on: Self.recognition,
                                        plan: Self.scripts, flag: CancellationFlag())
        #expect(page.blocks.map(\.language) == ["rus", "rus"])
        #expect(page.blocks[0].text == "Ваш заказ отправлен сегодня утром\nКурьер привезёт его в четверг")
        #expect(Set(log.languages) == ["rus", "ukr", "rus+eng"])
    }

    @Test("sure blocks try no other script; an unsure one not read far more surely keeps its reading")
    func otherScriptNotSurer() async throws {
        let sure = EngineLog()
        _ = try await Self.analyzer(sure).readBlocksInTheirLanguages(
            Self.page([[0]]), on: Self.recognition, plan: Self.scripts, flag: CancellationFlag())
        #expect(sure.languages.isEmpty)
        let (page, _) = try await Self.analyzer(EngineLog(), confidences: ["eng": 55, "rus": 65, "ukr": 60])
            .readBlocksInTheirLanguages(Self.page([[0]], confidence: 55), on: Self.recognition,
                                        plan: Self.scripts, flag: CancellationFlag())
        #expect(page.blocks.map(\.language) == ["eng"])
        #expect(page.blocks[0].text == Self.rows["eng"]![0])
    }

    @Test("between two close readings of a script, the one holding its own letters wins")
    func closeScripts() {
        let russian = [("ukr", 95.1, "Обговорення нових завдань"), ("rus", 94.2, "Обговорення нових завдань")]
        #expect(OtherScripts.best(russian, english: 34) == "ukr")
        let ukrainian = [("rus", 92.0, "пів на третю"), ("ukr", 90.5, "пів на третю у залі")]
        #expect(OtherScripts.best(ukrainian, english: 40) == "ukr")
        let plain = [("rus", 92.0, "Спасибо"), ("ukr", 91.0, "Спасибо")]
        #expect(OtherScripts.best(plain, english: 40) == "rus")
        #expect(OtherScripts.best(plain, english: 80) == nil)
    }

    @Test("the micro sign inside a Greek word is the letter mu")
    func microSign() {
        #expect(MicroSign.inGreekWords("έτοι\u{B5}ο") == "έτοιμο")
        #expect(MicroSign.inGreekWords("5\u{B5}m") == "5\u{B5}m")
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
