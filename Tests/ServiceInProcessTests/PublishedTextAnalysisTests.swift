import LiveTextCore
import Testing

/// The analyzer given the lines applications published over real fixtures, with tesseract and
/// zbar: the lines that hold ink are taken and not read again, the OCR reads the rest, or
/// nothing; the codes are read in the pixels as they were.
@Suite("an analysis with published lines")
struct PublishedTextAnalysisTests {
    static let invoice = "text-light-15px.png"

    @Test("a published line is taken exactly and not read again; the other lines are read")
    func restRead() async throws {
        let image = try Fixture.image(Self.invoice)
        let plain = try await Fixture.analyzer.analyze(image, source: "plain")
        let ocrLines = plain.blocks.flatMap(\.lines)
        try #require(ocrLines.count >= 2)
        let first = ocrLines[0]
        let published = PublishedLine(text: "EXACT first line", bounds: first.bounds)
        let analysis = try await Fixture.analyzer.analyze(image, source: "published", configuration: .init(),
                                                          publishing: [published])
        let lines = analysis.blocks.flatMap(\.lines)
        #expect(lines.filter { $0.source == .accessibility }.map(\.text) == ["EXACT first line"])
        #expect(!lines.contains { $0.source == .ocr && $0.text == first.text }, "\(lines.map(\.text))")
        #expect(lines.contains { $0.source == .ocr && $0.text == ocrLines[1].text }, "\(lines.map(\.text))")
        #expect(analysis.timing.layoutMs != nil)
    }

    @Test("every line published: no OCR at all, the text is the published lines")
    func nothingRead() async throws {
        let image = try Fixture.image(Self.invoice)
        let plain = try await Fixture.analyzer.analyze(image, source: "plain")
        let published = plain.blocks.flatMap(\.lines).enumerated().map { index, line in
            PublishedLine(text: "line \(index)", bounds: line.bounds)
        }
        let analysis = try await Fixture.analyzer.analyze(image, source: "published", configuration: .init(),
                                                          publishing: published)
        #expect(analysis.blocks.flatMap(\.lines).allSatisfy { $0.source == .accessibility })
        #expect(Set(analysis.blocks.flatMap(\.lines).map(\.text)) == Set(published.map(\.text)))
        #expect(analysis.timing.layoutMs == nil && analysis.timing.preprocessMs == nil)
    }

    @Test("a code under a published box is still decoded: the codes scan sees the pixels as captured")
    func codesSeeOriginal() async throws {
        let image = try Fixture.image("qr-url.png")
        let plain = try await Fixture.analyzer.analyze(image, source: "plain")
        let code = try #require(plain.codes.first)
        // A hostile or mistaken application says the code's place holds a line of text.
        let published = PublishedLine(text: "a line over the code", bounds: code.bounds)
        let analysis = try await Fixture.analyzer.analyze(image, source: "published", configuration: .init(),
                                                          publishing: [published])
        // Taken (its box holds ink), so painted out of what the OCR read: the code was not.
        #expect(analysis.blocks.flatMap(\.lines).contains { $0.source == .accessibility })
        #expect(analysis.codes.map(\.payload) == plain.codes.map(\.payload))
    }
}
