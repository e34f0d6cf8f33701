import LiveTextCore
import LiveTextDesktop
import Testing

@Suite("the analysis pipeline with a stand-in desktop")
struct AnalysisPipelineTests {
    static let invoice = "text-light-15px.png"

    func pipeline(only: Set<ItemKind>? = nil) -> AnalysisPipeline {
        var configuration = ImageAnalyzer.Configuration()
        configuration.only = only
        return AnalysisPipeline(analyzer: Fixture.analyzer, configuration: configuration)
    }

    @Test("the text read is what is copied, once, to the outlet; PRIMARY as asked")
    func copies() async throws {
        let image = try Fixture.image(Self.invoice)
        let outlet = RecordingOutlet()
        let (outcome, delivered) = try await pipeline().run(acquire: { _ in AcquiredImage(image: image, source: "test") },
                                                            then: .copy(alsoPrimary: true), to: outlet)
        #expect(outcome.analysis.text.hasPrefix("Invoice 4471 is due on 2026-12-01"))
        #expect(outcome.analysis.image.source == "test")
        #expect(outlet.calls == [.copy(outcome.analysis.text, alsoPrimary: true)])
        #expect(delivered == .copied(outcome.analysis.text))
    }

    @Test("nothing read: nothing is copied or typed, so the user's clipboard stays as it was",
          arguments: [AnalysisPipeline.Delivery.copy(alsoPrimary: false), .type])
    func nothingFound(delivery: AnalysisPipeline.Delivery) async throws {
        let outlet = RecordingOutlet()
        let (outcome, delivered) = try await pipeline().run(acquire: { _ in
            AcquiredImage(image: Fixture.blank(), source: "blank")
        }, then: delivery, to: outlet)
        #expect(outcome.analysis.text.isEmpty)
        #expect(outlet.calls.isEmpty)
        #expect(delivered == .nothing)
    }

    @Test("with only, the matched values are what is typed")
    func typesOnlyItems() async throws {
        let image = try Fixture.image(Self.invoice)
        let outlet = RecordingOutlet()
        let (_, delivered) = try await pipeline(only: [.email]).run(acquire: { _ in
            AcquiredImage(image: image, source: "test")
        }, then: .type, to: outlet)
        #expect(outlet.calls == [.type("billing@example.com")])
        #expect(delivered == .typed("billing@example.com"))
    }

    @Test("a selection the pointer rested over is read then, not again after the release; another one is read anew")
    func readsWhileResting() async throws {
        let image = try Fixture.image(Self.invoice)
        let rested = ScreenImage(image: image, source: "screen:0,0,\(image.width),\(image.height)")
        let same = try await pipeline().analyze { atRest in
            atRest(rested)
            return AcquiredImage(rested)
        }
        #expect(same.readWhileResting)
        #expect(same.analysis.text.hasPrefix("Invoice 4471"))
        let moved = try await pipeline().analyze { atRest in
            atRest(rested)
            return AcquiredImage(ScreenImage(image: image, source: "screen:1,1,\(image.width),\(image.height)"))
        }
        #expect(!moved.readWhileResting)
        #expect(moved.analysis.image.source == "screen:1,1,\(image.width),\(image.height)")
    }

    @Test("a capture's time goes into the analysis' timing")
    func captureTime() async throws {
        let screen = ScreenImage(image: Fixture.blank(), source: "screen:0,0,120,60", captureMs: 12.5)
        let outcome = try await pipeline().analyze { _ in AcquiredImage(screen) }
        #expect(outcome.analysis.timing.captureMs == 12.5)
    }

    @Test("an acquisition that fails fails the run, and nothing is delivered")
    func acquisitionFails() async throws {
        let outlet = RecordingOutlet()
        await #expect(throws: LiveTextError.self) {
            _ = try await pipeline().run(acquire: { _ in throw LiveTextError(.cancelled, "selection cancelled") },
                                         then: .copy(alsoPrimary: false), to: outlet)
        }
        #expect(outlet.calls.isEmpty)
    }
}
