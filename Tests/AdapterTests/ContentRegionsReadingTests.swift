import Foundation
import LiveTextCore
import LiveTextEngines
import Testing

/// Two windows side by side whose lines share baselines (two copies of one browser capture,
/// touching, white against white): read with the windows as content regions, no line crosses
/// from one into the other, and each window is read whole before the next.
@Suite("windows side by side read apart")
struct ContentRegionsReadingTests {
    static let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/screens")

    /// `window` twice, side by side.
    static func twins(_ window: PixelImage) -> PixelImage {
        let row = window.bytesPerRow
        var pixels: [UInt8] = []
        pixels.reserveCapacity(window.pixels.count * 2)
        for y in 0..<window.height {
            let line = window.pixels[(y * row)..<((y + 1) * row)]
            pixels += line
            pixels += line
        }
        return PixelImage(width: window.width * 2, height: window.height, format: window.format, pixels: pixels)
    }

    @Test("with the windows as regions no line crosses their border, and the left window is read first, whole")
    func readApart() async throws {
        let capture = try ImageInput().decodeInProcess(Data(contentsOf: Self.screens.appendingPathComponent("browser-light-dejavu-14px.png")))
        let window = capture.cropped(to: Bounds(x: 0, y: 0, width: 600, height: 400))
        let screen = Self.twins(window)
        let left = Bounds(x: 0, y: 0, width: 600, height: 400), right = Bounds(x: 600, y: 0, width: 600, height: 400)
        let lines = { (analysis: ImageAnalysis) in analysis.blocks.flatMap(\.lines) }
        let crossing = { (analysis: ImageAnalysis) in lines(analysis).filter { $0.bounds.x < 597 && $0.bounds.maxX > 603 } }

        // Without regions the layout joins the windows' lines (what the user saw: lines 1,100 px wide).
        let joined = try await Fixture.analyzer.analyze(screen, source: "twins", configuration: .init(types: .text))
        #expect(!crossing(joined).isEmpty, "the windows' lines were apart already: the test shows nothing")

        var configuration = ImageAnalyzer.Configuration(types: .text)
        configuration.regions = ContentRegions([left, right])
        let apart = try await Fixture.analyzer.analyze(screen, source: "twins", configuration: configuration)
        #expect(crossing(apart).isEmpty, "\(crossing(apart).map(\.text))")
        // Reading order: every line of the left window, then every line of the right one.
        let sides = lines(apart).map { $0.bounds.maxX <= 603 ? "L" : "R" }.joined()
        #expect(sides.contains("L") && sides.contains("R") && !sides.contains("RL"), "\(sides)")
        // Each window's text is the window's alone, and the two read alike.
        let texts = [left, right].map { side in
            lines(apart).filter { side.contains(x: $0.bounds.x + $0.bounds.width / 2, y: $0.bounds.y) }.map(\.text)
        }
        #expect(texts[0].count >= 8 && texts[0].count == texts[1].count, "\(texts)")
        #expect(texts[0].contains { $0.contains("Spring tour registration is open") }, "\(texts[0])")
    }
}
