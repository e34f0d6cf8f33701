import Foundation
import LiveTextCore
import LiveTextDetectors
import LiveTextEngines
import LiveTextInteraction
import Testing

/// Large and tilted text read with the real engines, from images made by `bench/make_tilted.sh`
/// (ImageMagick: DejaVu Sans drawn at known baselines, the receipt then turned by -3° and -10°).
@Suite("text of every size and angle", .serialized)
struct SizeAndTiltTests {
    /// With the data detectors, for the items.
    static let analyzer: ImageAnalyzer = try! ImageAnalyzer.system(concurrency: 2, interpreter: AnalysisInterpreter(context: DetectionContext(region: "US")),
                                                                  cacheCapacity: 0)

    static let receipt = """
        CORNER MARKET
        12 Mission Street, San Francisco
        Tel: 415-555-0199
        Order number 48213
        Sourdough loaf 6.50
        Oat milk 1 l 3.20
        Apples 2 kg 5.80
        Coffee beans 500 g 14.90
        Total 30.40
        Paid by card on 12 March 2026
        Track your order at
        https://cornermarket.example.com/orders
        Thank you for shopping with us
        """

    /// The baseline each item's line was drawn on, in the level receipt (1100×1500).
    static let baselines: [String: Double] = [
        "12 Mission Street": 160, "415-555-0199": 220, "2 kg": 500, "500 g": 560, "12 March 2026": 720,
        "https://cornermarket.example.com/orders": 860,
    ]

    /// The live surface's paints for `analysis`, as it shows them once the reading is done.
    static func livePaints(_ analysis: ImageAnalysis) -> [LivePaint] {
        var controller = LiveController(width: analysis.image.width, height: analysis.image.height)
        let panel = LivePanel.laidOut(analysis, types: [.automatic], allowDataDetectorsInTextMode: true,
                                      interface: SupplementaryInterface(), metrics: .standard,
                                      width: analysis.image.width, height: analysis.image.height, measure: { $0.count * 7 })
        _ = controller.handle(.message(LiveReading.done(analysis, panel)))
        return controller.paints
    }

    @Test("a 4000×3000 sign: the 260 px heading, the 90–120 px lines and the small print read right; the phone is an item, underlined where it stands")
    func sign() async throws {
        let image = try Fixture.image("tilted/sign.png")
        let analysis = try await Self.analyzer.analyze(image, source: "test")
        let lines = analysis.blocks.flatMap(\.lines).map(\.text)
        for expected in ["HARBOR BAKERY", "Call 415-555-0134", "Open Monday to Friday 7:00 to 18:00", "Saturday 8:00 to 14:00",
                         "Email orders@harborbakery.com", "Fresh bread every morning. Cakes to order with two days notice."] {
            #expect(lines.contains(expected), "\(expected) in \(lines)")
        }
        // Read at an eighth of its size, the heading's box is still where its ink is (x 324–2783,
        // y 327–524), within a pixel or two of the page it was read on.
        let heading = try #require(analysis.blocks.flatMap(\.lines).first { $0.text == "HARBOR BAKERY" })
        for (found, ink) in [(heading.bounds.x, 324), (heading.bounds.maxX, 2783), (heading.bounds.y, 327), (heading.bounds.maxY, 524)] {
            #expect(abs(found - ink) <= 40, "\(heading.bounds)")
        }
        let phone = try #require(analysis.items.first { $0.kind == .phone })
        #expect(phone.text == "415-555-0134")
        #expect(analysis.items.contains { $0.kind == .email && $0.text == "orders@harborbakery.com" })
        // Level text: the quad is the bounds' rectangle, the underline the one fill it always was.
        let bounds = try #require(phone.bounds)
        #expect(phone.quad == Quad(bounds) && abs(bounds.maxY - 900) <= 6 && abs(bounds.height - 88) <= 8, "\(bounds)")
        #expect(Self.livePaints(analysis).contains(.fill(Bounds(x: bounds.x, y: bounds.maxY, width: bounds.width, height: 2), LiveStyle.item)))
    }

    @Test("a receipt turned 3° and 10°: read right, every word and line with its turned quad, underlines along each item's baseline", arguments: [3.0, 10.0])
    func tiltedReceipt(degrees: Double) async throws {
        let image = try Fixture.image("tilted/receipt-\(Int(degrees)).png")
        let analysis = try await Self.analyzer.analyze(image, source: "test")
        let rate = Fixture.characterErrorRate(analysis.text, Self.receipt)
        #expect(rate < 0.02, "CER \(rate): \(analysis.text)")
        // Turned counterclockwise: lines rise to the right (a negative angle, y growing down).
        let tilt = -degrees * .pi / 180
        for line in analysis.blocks.flatMap(\.lines) {
            #expect(abs(line.quad.angle - tilt) < 0.6 * .pi / 180, "\(line.text): \(line.quad)")
            for word in line.words {
                #expect(abs(word.quad.angle - tilt) < 0.6 * .pi / 180, "\(word.text): \(word.quad)")
                #expect(word.quad.bounds.union(word.bounds) == word.bounds, "\(word.text): \(word.quad) outside \(word.bounds)")
            }
        }
        // Where a baseline of the level receipt lies now: ImageMagick turns about the centre, which
        // stays the centre of the larger canvas.
        let angle = degrees * .pi / 180
        func turned(_ x: Double, _ y: Double) -> (Double, Double) {
            let dx = x - 550, dy = y - 750
            return (dx * cos(angle) + dy * sin(angle) + Double(image.width) / 2, -dx * sin(angle) + dy * cos(angle) + Double(image.height) / 2)
        }
        let paints = Set(Self.livePaints(analysis))
        var checked = 0
        for (text, baseline) in Self.baselines {
            let item = try #require(analysis.items.first { $0.text == text }, "no item \(text): \(analysis.items.map(\.text))")
            let underline = item.lineShapes.flatMap { $0.underline(LiveStyle.item) }
            #expect(!underline.isEmpty && underline.allSatisfy { paints.contains($0) })
            // Each of its fills lies under the baseline, by no more than a descender.
            let (bx, by) = turned(80, baseline)
            for case .fill(let rect, _) in underline {
                let x = Double(rect.x) + Double(rect.width) / 2, y = Double(rect.y) + 1
                // How far below the baseline, across it.
                let below = (y - by) * cos(angle) + (x - bx) * sin(angle)
                #expect(below >= -1 && below <= 11, "\(text): \(rect) is \(below) px below its baseline")
                checked += 1
            }
        }
        #expect(checked >= 12)
    }
}
