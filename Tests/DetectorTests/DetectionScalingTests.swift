import Foundation
import Testing
import TestSupport
import LiveTextCore
@testable import LiveTextDetectors

/// Large and dense input: what is found in a big text is what is found in its parts. (How long it
/// takes is measured by bench/detect_scaling.py, not here: no timed tests.)
@Suite("detection at scale")
struct DetectionScalingTests {
    static let fragments = [
        "+44 20 7946 0958", "(415) 555-0132", "3.4.2027", "2027-04-03", "March 3, 2027", "14:30",
        "https://example.org/a/b?c=1", "www.example.com", "first.last@example.org", "1600 Amphitheatre Parkway",
        "Mountain View, CA 94043", "$12.50", "12 kg", "LH 400", "1Z999AA10123456784", "v2.13.1", "10.0.0.1",
        "DE89 3704 0044 0532 0130 00", "4711", "12345678901234", "1.2.3.4.5.6", "@@", "...", "Mon 9am-5pm",
        "tomorrow at 3", "5 ft 3 in", "€ 40", "order", "call", "at", "on", "the", "2nd",
    ]

    static func denseText(parts: Int, seed: UInt64) -> [String] {
        var random = SplitMix(seed: seed)
        return (0..<parts).map { _ in
            var words: [String] = []
            for _ in 0..<(20 + random.below(40)) {
                words.append(fragments[random.below(fragments.count)])
                if random.below(8) == 0 { words.append("\n") }
            }
            return words.joined(separator: " ")
        }
    }

    @Test("a dense text of many parts gives each part's items, and no others")
    func partsAndWhole() {
        let parts = Self.denseText(parts: 400, seed: 15)
        let separator = "\n\n\n"
        let detector = DataDetector()
        let context = DetectionContext(referenceDate: Date(timeIntervalSince1970: 1_790_000_000),
                                       timeZone: TimeZone(identifier: "UTC")!, region: "US")
        var expected: [String] = []
        var offset = 0
        for part in parts {
            for item in detector.detect(in: part, context: context) {
                expected.append("\(item.kind.rawValue) \(item.start + offset) \(item.text)")
            }
            offset += part.unicodeScalars.count + separator.unicodeScalars.count
        }
        let whole = detector.detect(in: parts.joined(separator: separator), context: context)
            .map { "\($0.kind.rawValue) \($0.start) \($0.text)" }
        #expect(expected.count > 2000)
        // The differences only, so that a failure reads in a line.
        #expect(Set(whole).symmetricDifference(expected).sorted() == [])
        #expect(whole.count == expected.count)
    }

    @Test("settling overlaps keeps, of many overlapping detections, what settling them one by one keeps")
    func settleMany() {
        var random = SplitMix(seed: 18)
        let kinds = ItemKind.allCases
        let detections = (0..<3000).map { _ in
            let start = random.below(20_000)
            return Detection(kind: kinds[random.below(kinds.count)], range: start..<(start + random.below(30)),
                             value: [:])
        }
        // The rule in its plainest form: by length, then kind, then start; each kept unless it
        // overlaps one kept before it (an empty one is dropped inside a kept one).
        let ranked = detections.sorted {
            ($0.range.count, -$0.kind.precedence, -$0.range.lowerBound)
                > ($1.range.count, -$1.kind.precedence, -$1.range.lowerBound)
        }
        var kept: [Detection] = []
        for detection in ranked where !kept.contains(where: {
            $0.range.overlaps(detection.range)
                || (detection.range.isEmpty && $0.range.contains(detection.range.lowerBound))
        }) {
            kept.append(detection)
        }
        let settled = DataDetector.settleOverlaps(detections)
        #expect(settled.map(\.range.lowerBound) == settled.map(\.range.lowerBound).sorted())
        #expect(Set(settled) == Set(kept))
        #expect(settled.count == kept.count)
    }
}
