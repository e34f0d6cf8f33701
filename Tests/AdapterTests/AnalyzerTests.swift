import Foundation
import Testing
import LiveTextCore
import LiveTextEngines
import TesseractOCR
import ZBarCodes

@Suite("the analyzer with tesseract and zbar")
struct AnalyzerTests {
    static let truth = "Invoice 4471 is due on 2026-12-01 Questions: billing@example.com Call +1 415 555 0123 today"

    @Test("screen text reads almost exactly, light, dark and small", arguments: [
        ("text-light-15px.png", 0.02), ("text-dark-13px.png", 0.03), ("text-small-11px.png", 0.05),
    ])
    func readsText(name: String, maxErrorRate: Double) async throws {
        let analysis = try await Fixture.analyzer.analyze(try Fixture.image(name), source: name,
                                                          configuration: .init(types: .text))
        let rate = Fixture.characterErrorRate(analysis.text, Self.truth)
        #expect(rate <= maxErrorRate, "CER \(rate): \(analysis.text)")
        #expect(analysis.blocks.flatMap(\.lines).count == 3)
        // Every word lies inside its line, every line inside its block, all inside the image.
        let frame = Bounds(x: 0, y: 0, width: analysis.image.width, height: analysis.image.height)
        for block in analysis.blocks {
            #expect(block.bounds.intersection(frame) == block.bounds)
            for line in block.lines {
                #expect(line.bounds.intersection(block.bounds) == line.bounds)
                for word in line.words {
                    #expect(word.bounds.intersection(line.bounds) == word.bounds)
                    #expect(word.confidence > 0 && word.confidence <= 100)
                }
            }
        }
    }

    @Test("word bounds point at the word: 'billing@example.com' sits on the second line, left")
    func wordBounds() async throws {
        let analysis = try await Fixture.analyzer.analyze(try Fixture.image("text-light-15px.png"), source: "t",
                                                          configuration: .init(types: .text))
        let word = try #require(analysis.blocks.flatMap(\.lines).flatMap(\.words).first { $0.text.contains("billing@") })
        // Rendered at x=10 after "Questions: " in 15 px DejaVu Sans, on the line from y≈34 to y≈50.
        #expect(word.bounds.x > 80 && word.bounds.x < 110)
        #expect(word.bounds.y > 28 && word.bounds.maxY < 56)
        #expect(word.bounds.height >= 10 && word.bounds.height <= 20)
    }

    @Test("a QR code is read with its payload and bounds")
    func qr() async throws {
        let analysis = try await Fixture.analyzer.analyze(try Fixture.image("qr-url.png"), source: "qr",
                                                          configuration: .init(types: .codes))
        #expect(analysis.codes.count == 1)
        let code = try #require(analysis.codes.first)
        #expect(code.symbology == "QR-Code")
        #expect(code.payload == "https://example.org/livetext?q=1")
        // qrencode -s 3 -m 4: the symbol starts 12 px in.
        #expect(abs(code.bounds.x - 12) <= 1 && abs(code.bounds.y - 12) <= 1)
        #expect(analysis.blocks.isEmpty && analysis.text.isEmpty)
    }

    @Test("a light-on-dark QR code is read too")
    func invertedQR() throws {
        let qr = try Fixture.image("qr-url.png").luminance()
        let inverted = PixelImage(width: qr.width, height: qr.height, format: .gray8, pixels: qr.pixels.map { 255 - $0 })
        let codes = try ZBarCodeReader().readCodes(in: inverted)
        #expect(codes.map(\.payload) == ["https://example.org/livetext?q=1"])
    }

    @Test("a language without data is an environment error naming the package")
    func missingLanguage() async throws {
        do {
            _ = try await Fixture.analyzer.analyze(try Fixture.image("sample.png"), source: "s",
                                                   configuration: .init(types: .text, languages: try LanguageSet("ces")))
            Issue.record("analysis with missing language data succeeded")
        } catch let error as LiveTextError {
            #expect(error.code == .unavailable)
            #expect(error.message.contains("install tesseract-ocr-ces"))
        }
    }

    @Test("many analyses at once share the engines and all finish right")
    func concurrent() async throws {
        let image = try Fixture.image("text-light-15px.png")
        let texts = try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<6 {
                group.addTask {
                    try await Fixture.analyzer.analyze(image, source: "\(i)", configuration: .init(types: .text)).text
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(texts.count == 6)
        #expect(Set(texts).count == 1)
    }

    @Test("cancelling a running analysis stops it with 'cancelled'")
    func cancellation() async throws {
        // A large page of text: long enough to be cancelled in the middle.
        let line = try Fixture.image("text-light-15px.png")
        var pixels = [UInt8]()
        for _ in 0..<12 { pixels += line.pixels }
        let page = PixelImage(width: line.width, height: line.height * 12, format: .rgba8, pixels: pixels)
        let task = Task { try await Fixture.analyzer.analyze(page, source: "big", configuration: .init(types: .text)) }
        try await Task.sleep(for: .milliseconds(150))
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("cancelled analysis finished normally")
        } catch let error as LiveTextError {
            #expect(error.code == .cancelled)
        }
        // The engine went back to the pool and still works.
        let after = try await Fixture.analyzer.analyze(line, source: "after", configuration: .init(types: .text))
        #expect(Fixture.characterErrorRate(after.text, Self.truth) < 0.05)
    }

    @Test("tessdata lookup honours TESSDATA_PREFIX and lists installed languages")
    func tessdata() throws {
        let standard = try TessdataDirectory.locate(environment: [:])
        #expect(standard.installedLanguages().contains("eng"))
        #expect(try TessdataDirectory.locate(environment: ["TESSDATA_PREFIX": standard.path]) == standard)
        #expect(throws: LiveTextError.self) { try TessdataDirectory.locate(environment: ["TESSDATA_PREFIX": "/nonexistent"]) }
    }
}

@Suite("tesseract reading a page in parts")
struct PageInPartsTests {
    @Test("one engine or two read the same words in the same places")
    func engineCountDoesNotMatter() async throws {
        let image = try Fixture.image("text-small-11px.png")
        let single = try ImageAnalyzer.system(concurrency: 1)
        let one = try await single.analyze(image, source: "t", configuration: .init(types: .text))
        let two = try await Fixture.analyzer.analyze(image, source: "t", configuration: .init(types: .text))
        #expect(one.text == two.text)
        #expect(one.blocks.map { $0.lines.map { $0.words.map(\.bounds) } } == two.blocks.map { $0.lines.map { $0.words.map(\.bounds) } })
        // The timing accounts for the work: the engines that took part, their layout and line
        // time, the preparation; no codes were asked for, so none were timed.
        #expect(one.timing.engines == 1)
        #expect((1...2).contains(two.timing.engines ?? 0))
        for analysis in [one, two] {
            #expect((analysis.timing.layoutMs ?? 0) > 0 && (analysis.timing.linesMs ?? 0) > 0)
            #expect(analysis.timing.preprocessMs != nil && analysis.timing.codesMs == nil && analysis.timing.cached == nil)
            #expect((analysis.timing.layoutMs ?? 0) + (analysis.timing.linesMs ?? 0)
                    <= analysis.timing.totalMs * Double(analysis.timing.engines ?? 0) + 1)
        }
    }

    @Test("a line is read on its own, its words in page coordinates; layout finds lines without words, of a strip too")
    func lineInPageCoordinates() throws {
        let engine = try TesseractEngine(languages: .english, tessdata: try TessdataDirectory.locate())
        let image = ScreenTextPreprocessor().prepare(try Fixture.image("text-light-15px.png")).image
        let page = RecognitionPage(image: image, resolution: 96)
        let layout = try engine.findLines(in: page, region: page.bounds, layout: .auto, cancellation: CancellationFlag())
        let lines = layout.blocks.flatMap(\.lines)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.words.isEmpty })
        let second = try #require(lines.dropFirst().first)
        let words = try engine.readLine(in: page, region: second.bounds, cancellation: CancellationFlag())
        #expect(words.map(\.text).joined(separator: " ").contains("billing@example.com"))
        for word in words {
            #expect(word.bounds.intersection(second.bounds).area * 2 > word.bounds.area, "\(word) outside \(second.bounds)")
        }
        engine.finishPage()
        // A strip of the page is laid out in page coordinates too, as the whole page lays it out.
        let strip = Bounds(x: 0, y: second.bounds.y - 4, width: page.bounds.width, height: page.bounds.maxY - second.bounds.y + 4)
        let stripLines = try engine.findLines(in: page, region: strip, layout: .auto, cancellation: CancellationFlag())
            .blocks.flatMap(\.lines).map(\.bounds)
        #expect(stripLines == lines.dropFirst().map(\.bounds))
        // Outside the page there is nothing to read.
        let outside = Bounds(x: page.bounds.maxX + 10, y: 0, width: 50, height: 20)
        #expect(try engine.readLine(in: page, region: outside, cancellation: CancellationFlag()).isEmpty)
        #expect(try engine.findLines(in: page, region: outside, layout: .auto, cancellation: CancellationFlag()).blocks.isEmpty)
        let cancelled = CancellationFlag()
        cancelled.cancel()
        #expect(throws: LiveTextError.self) { _ = try engine.readLine(in: page, region: second.bounds, cancellation: cancelled) }
    }

    @Test("a line read with alternatives: the same words, each character with the readings weighed for it, the one taken first; a blank region reads nothing, without a crash; the next plain reading has none")
    func lineWithAlternatives() throws {
        let engine = try TesseractEngine(languages: .english, tessdata: try TessdataDirectory.locate())
        let image = ScreenTextPreprocessor().prepare(try Fixture.image("text-light-15px.png")).image
        let page = RecognitionPage(image: image, resolution: 96)
        let lines = try engine.findLines(in: page, region: page.bounds, layout: .auto, cancellation: CancellationFlag()).blocks.flatMap(\.lines)
        let second = try #require(lines.dropFirst().first)
        let plain = try engine.readLine(in: page, region: second.bounds, cancellation: CancellationFlag())
        let weighed = try engine.readLineWithAlternatives(in: page, region: second.bounds, cancellation: CancellationFlag())
        #expect(weighed.map(\.text) == plain.map(\.text))
        #expect(weighed.allSatisfy { $0.alternatives.count == $0.text.count }, "\(weighed.map(\.alternatives))")
        for word in weighed {
            for (character, choices) in zip(word.text, word.alternatives) { #expect(choices.first == String(character), "\(word.text)") }
        }
        // A corner of the page without ink.
        let blank = Bounds(x: 0, y: 0, width: 6, height: 6)
        #expect(try engine.readLineWithAlternatives(in: page, region: blank, cancellation: CancellationFlag()).allSatisfy { $0.text.isEmpty || !$0.alternatives.isEmpty })
        #expect(try engine.readLine(in: page, region: second.bounds, cancellation: CancellationFlag()).allSatisfy(\.alternatives.isEmpty))
        engine.finishPage()
    }
}
