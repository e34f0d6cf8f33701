import LiveTextCore
import LiveTextEngines
import Testing

@Suite("idle engines let go")
struct EngineReleaseTests {
    @Test("after a burst used two engines, all but one idle engine can be dropped; the next analysis still reads")
    func releaseIdle() async throws {
        let analyzer = try ImageAnalyzer.system(concurrency: 2, cacheCapacity: 0)
        try await analyzer.prewarm(.english, engines: 2)
        #expect(await analyzer.engineCount == 2)
        #expect(await analyzer.releaseIdleEngines(keeping: 1) == 1)
        #expect(await analyzer.engineCount == 1)
        #expect(await analyzer.releaseIdleEngines(keeping: 1) == 0)
        let analysis = try await analyzer.analyze(try Fixture.image("text-light-15px.png"), source: "test",
                                                  configuration: .init(types: [.text]))
        #expect(analysis.text.contains("billing@example.com"))
        // The burst may create the second engine again; never more than the cap.
        #expect(await analyzer.engineCount <= 2)
    }
}
