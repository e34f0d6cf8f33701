import Foundation
import LiveTextCore
import Synchronization
import TesseractOCR
import Testing
import ZBarCodes

@Suite("engines made ahead of need")
struct EngineWarmingTests {
    final class Count: Sendable {
        let value = Mutex(0)
        var now: Int { value.withLock { $0 } }
    }

    /// The system's engines from `tessdata`, counting how many are begun (`made`) and done
    /// (`done`); each takes `slowly` more to make.
    static func engines(_ tessdata: TessdataDirectory, made: Count, done: Count = Count(),
                        slowly: Duration = .zero) -> ImageAnalyzer.Engines {
        ImageAnalyzer.Engines(
            makeTextRecognizer: { languages in
                made.value.withLock { $0 += 1 }
                defer { done.value.withLock { $0 += 1 } }
                if slowly > .zero { Thread.sleep(forTimeInterval: slowly / .seconds(1)) }
                return try TesseractEngine(languages: languages, tessdata: tessdata)
            },
            codeReader: ZBarCodeReader(),
            checkLanguages: { try tessdata.check($0) },
            planLanguages: { try tessdata.plan($0, locale: LocaleLanguages(environment: [:])) })
    }

    @Test("a page read while its engines are being made is read by all of them, and no more are made")
    func takesEnginesBeingMade() async throws {
        let made = Count()
        let analyzer = ImageAnalyzer(engines: Self.engines(try TessdataDirectory.locate(), made: made), concurrency: 2,
                                     cacheCapacity: 0)
        let image = try Fixture.image("text-light-15px.png")
        // The engines load (45 ms each) while the page is prepared: neither is idle when the
        // page asks for them, both are being made.
        let warm = Task { try await analyzer.prewarm(.english, engines: 2) }
        let analysis = try await analyzer.analyze(image, source: "t", configuration: ImageAnalyzer.Configuration(types: .text, languages: .english))
        try await warm.value
        #expect(analysis.text.contains("billing@example.com"))
        #expect(analysis.timing.engines == 2)
        #expect(made.now == 2)
        #expect(await analyzer.engineCount == 2)
    }

    @Test("an engine that cannot be made fails the page that waited for it, with its reason; nothing hangs",
          .timeLimit(.minutes(1)))
    func engineNotMade() async throws {
        let system = try TessdataDirectory.locate()
        let directory = try LanguageTests.tessdata([])
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let german = try Data(contentsOf: URL(fileURLWithPath: system.file(of: "deu")))
        try german.prefix(100_000).write(to: URL(fileURLWithPath: directory.file(of: "deu")))
        let made = Count()
        let analyzer = ImageAnalyzer(engines: Self.engines(directory, made: made), concurrency: 2, cacheCapacity: 0)
        let warm = Task { try await analyzer.prewarm(try LanguageSet("deu"), engines: 2) }
        // The page comes while the warm-up makes its engines (on a loaded machine the task could
        // start after the page had made them itself, and the warm-up found nothing to make).
        while made.now == 0 { try await Task.sleep(for: .milliseconds(2)) }
        await #expect(throws: LiveTextError.self) {
            _ = try await analyzer.analyze(try Fixture.image("text-german-15px.png"), source: "de",
                                           configuration: ImageAnalyzer.Configuration(types: .text, languages: try LanguageSet("deu")))
        }
        await #expect(throws: LiveTextError.self) { try await warm.value }
        #expect(await analyzer.engineCount == 0)
        // Later requests try again, and fail the same way.
        await #expect(throws: LiveTextError.self) {
            _ = try await analyzer.analyze(try Fixture.image("text-german-15px.png"), source: "de",
                                           configuration: ImageAnalyzer.Configuration(types: .text, languages: try LanguageSet("deu")))
        }
    }

    @Test("a page waiting for an engine being made stops waiting at once when it is cancelled")
    func cancelledWhileEnginesAreMade() async throws {
        let made = Count(), done = Count()
        let analyzer = ImageAnalyzer(engines: Self.engines(try TessdataDirectory.locate(), made: made, done: done,
                                                           slowly: .seconds(10)),
                                     concurrency: 2, cacheCapacity: 0)
        let image = try Fixture.image("text-light-15px.png")
        let warm = Task { try await analyzer.prewarm(.english, engines: 2) }
        // Both being made by the warm-up (an analysis waits for the engines it starts making itself).
        while await analyzer.engineCount < 2 { try await Task.sleep(for: .milliseconds(10)) }
        let page = Task {
            try await analyzer.analyze(image, source: "t", configuration: ImageAnalyzer.Configuration(types: .text, languages: .english))
        }
        try await Task.sleep(for: .milliseconds(300))
        page.cancel()
        await #expect(throws: LiveTextError.self) { _ = try await page.value }
        // It did not wait for the engines (ten seconds each) to be made.
        #expect(done.now == 0)
        try await warm.value
        #expect(await analyzer.engineCount == 2)
    }
}
