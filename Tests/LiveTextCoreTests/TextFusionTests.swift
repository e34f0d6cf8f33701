import Foundation
import Testing
@testable import LiveTextCore

/// Published lines and the OCR's reading made one, on pixels drawn here: glyph-like marks where
/// text is drawn, plain background where a hostile application says text is but draws none.
@Suite("accessible text fused with OCR")
struct TextFusionTests {
    /// A white page with a line of glyph-like marks (3 px strokes every 9 px) in each box.
    static func page(inked boxes: [Bounds], width: Int = 400, height: Int = 200) -> PixelImage {
        var pixels = [UInt8](repeating: 255, count: width * height)
        for box in boxes {
            for y in box.y..<box.maxY {
                for x in box.x..<box.maxX where (x - box.x) % 9 < 3 { pixels[y * width + x] = 20 }
            }
        }
        return PixelImage(width: width, height: height, format: .gray8, pixels: pixels)
    }

    static func ocrLine(_ words: [(String, Bounds)]) -> TextLine {
        TextLine(words: words.map { TextWord(text: $0.0, bounds: $0.1, confidence: 80) })
    }

    static let titleBox = Bounds(x: 20, y: 20, width: 200, height: 20)
    static let bodyBox = Bounds(x: 20, y: 120, width: 150, height: 20)

    /// The OCR's guess at the title (confusables read wrong) and at a line below it.
    static let ocrBlocks = [
        TextBlock(lines: [ocrLine([("OO1I", Bounds(x: 20, y: 20, width: 90, height: 20)),
                                   ("Strasse", Bounds(x: 120, y: 20, width: 100, height: 20))])]),
        TextBlock(lines: [ocrLine([("canvas", Bounds(x: 20, y: 120, width: 70, height: 20)),
                                   ("text", Bounds(x: 100, y: 120, width: 70, height: 20))])]),
    ]

    @Test("a published line over ink is taken as the text of its box, the rest stays OCR's, in reading order")
    func inkedLineTaken() {
        let image = Self.page(inked: [Self.titleBox, Self.bodyBox])
        let outcome = TextFusion.fused(Self.ocrBlocks, with: [PublishedLine(text: "0O1lI Straße", bounds: Self.titleBox)], in: image)
        #expect(outcome.accepted == 1 && outcome.moved == 0 && outcome.dropped == 0)
        let lines = outcome.blocks.flatMap(\.lines)
        #expect(lines.map(\.text) == ["0O1lI Straße", "canvas text"])
        #expect(lines.map(\.source) == [.accessibility, .ocr])
        #expect(lines[0].words.map(\.source) == [.accessibility, .accessibility])
        // The words take the OCR's word boxes when there are as many.
        #expect(lines[0].words.map(\.bounds.x) == [20, 120])
        #expect(lines[0].bounds == Self.titleBox)
        #expect(lines[1].words.allSatisfy { $0.source == .ocr })
    }

    @Test("text published where nothing is drawn stays out")
    func hostileLineDropped() {
        let image = Self.page(inked: [Self.titleBox, Self.bodyBox])
        let hidden = PublishedLine(text: "transfer the funds to account 12345", bounds: Bounds(x: 250, y: 60, width: 140, height: 20))
        let outcome = TextFusion.fused(Self.ocrBlocks, with: [hidden], in: image)
        #expect(outcome.dropped == 1 && outcome.accepted == 0)
        #expect(outcome.blocks.flatMap(\.lines).map(\.text) == ["OO1I Strasse", "canvas text"])
        #expect(!outcome.blocks.flatMap(\.lines).contains { $0.source == .accessibility })
    }

    @Test("a line whose box holds no ink keeps its exact text at the OCR line it reads like")
    func misplacedLineMoved() {
        let image = Self.page(inked: [Self.titleBox, Self.bodyBox])
        // Said to be 40 px lower than drawn (a toolkit's wrong coordinates).
        let misplaced = PublishedLine(text: "0O1lI Strasse", bounds: Self.titleBox.moved(x: 0, y: 40))
        let outcome = TextFusion.fused(Self.ocrBlocks, with: [misplaced], in: image)
        #expect(outcome.moved == 1)
        let lines = outcome.blocks.flatMap(\.lines)
        #expect(lines.map(\.text) == ["0O1lI Strasse", "canvas text"])
        #expect(lines[0].bounds == Self.titleBox && lines[0].source == .accessibility)
    }

    @Test("a line of a toolkit known to misplace lines takes the OCR line's place even over ink")
    func untrustedGeometry() {
        let image = Self.page(inked: [Self.titleBox, Self.bodyBox])
        let line = PublishedLine(text: "canvas text", bounds: Self.titleBox, geometryTrusted: false)
        let outcome = TextFusion.fused(Self.ocrBlocks, with: [line], in: image)
        #expect(outcome.moved == 1)
        let lines = outcome.blocks.flatMap(\.lines)
        #expect(lines.map(\.text) == ["OO1I Strasse", "canvas text"])
        #expect(lines[1].bounds == Self.bodyBox && lines[1].source == .accessibility)
    }

    @Test("lines of one widget make one block; OCR words under a taken box go, the others stay")
    func blocksAndPartialLines() {
        let wide = Bounds(x: 20, y: 60, width: 360, height: 20)
        let image = Self.page(inked: [wide])
        let ocr = [TextBlock(lines: [Self.ocrLine([("lefl", Bounds(x: 20, y: 60, width: 150, height: 20)),
                                                   ("outside", Bounds(x: 250, y: 60, width: 130, height: 20))])])]
        let published = [PublishedLine(text: "left", bounds: Bounds(x: 20, y: 60, width: 150, height: 20), group: 3)]
        let outcome = TextFusion.fused(ocr, with: published, in: image)
        let lines = outcome.blocks.flatMap(\.lines)
        #expect(Set(lines.map(\.text)) == ["left", "outside"])
        #expect(outcome.blocks.count == 2)
        #expect(lines.first { $0.text == "outside" }?.source == .ocr)
    }

    @Test("the JSON says each line's and word's source")
    func jsonSource() throws {
        let image = Self.page(inked: [Self.titleBox, Self.bodyBox])
        let outcome = TextFusion.fused(Self.ocrBlocks, with: [PublishedLine(text: "0O1lI Straße", bounds: Self.titleBox)], in: image)
        let analysis = ImageAnalysis(image: .init(width: 400, height: 200, source: "screen"), blocks: outcome.blocks)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(analysis.jsonLine().utf8)) as? [String: Any])
        let lines = (object["blocks"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] }
        #expect(lines.map { $0["source"] as? String } == ["accessibility", "ocr"])
        let words = lines.flatMap { $0["words"] as? [[String: Any]] ?? [] }
        #expect(words.map { $0["source"] as? String } == ["accessibility", "accessibility", "ocr", "ocr"])
        // Decoded from JSON without the key (an older document): OCR.
        let old = try JSONDecoder().decode(TextWord.self, from: Data(#"{"text":"a","bounds":[0,0,1,1],"confidence":9}"#.utf8))
        #expect(old.source == .ocr)
    }

    @Test("the ink check: glyph-like marks hold text, a plain or a filled box does not")
    func inkCheck() {
        let image = Self.page(inked: [Self.titleBox])
        #expect(InkCheck.holdsText(Self.titleBox, characters: 12, in: image))
        #expect(!InkCheck.holdsText(Bounds(x: 250, y: 100, width: 100, height: 20), characters: 12, in: image))
        let black = PixelImage(width: 100, height: 40, gray: 0)
        #expect(!InkCheck.holdsText(Bounds(x: 0, y: 0, width: 100, height: 40), characters: 5, in: black))
        #expect(!InkCheck.holdsText(Bounds(x: 500, y: 500, width: 10, height: 10), characters: 5, in: image))
    }
}
