import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// One line of `Fixtures/date/cases.jsonl`.
struct DateCase: Sendable, Decodable, CustomTestStringConvertible {
    struct Item: Sendable, Decodable, Equatable, CustomStringConvertible {
        var type: String
        var text: String
        var start: String?
        var end: String?
        var duration: String?
        var allDay: Bool?

        var description: String {
            "[\(text)] start=\(start ?? "-") end=\(end ?? "-") duration=\(duration ?? "-") allDay=\(allDay.map(String.init) ?? "-")"
        }
    }

    var text: String
    var reference: String
    var region: String
    var items: [Item]

    var testDescription: String { text.replacingOccurrences(of: "\n", with: "⏎") + " (\(region))" }

    static func load() -> [DateCase] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/date/cases.jsonl")
        guard let data = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: "\n").compactMap { line in
            try? decoder.decode(DateCase.self, from: Data(line.utf8))
        }
    }
}

/// Runs the date detector on `text` with the reference time (its offset is the time zone, as
/// with `LIVETEXT_REFERENCE_TIME`) and region.
func detectDates(_ text: String, reference: String = "2026-03-01T09:00:00-08:00",
                 region: String = "US", zone: TimeZone? = nil, languages: Set<String> = []) -> [DateCase.Item] {
    let (date, offsetZone) = ISO8601Reference.parse(reference, defaultZone: TimeZone(secondsFromGMT: 0)!)!
    let context = DetectionContext(referenceDate: date, timeZone: zone ?? offsetZone, region: region,
                                   languages: languages)
    let scanned = ScannedText(text)
    return DateDetector().detect(in: scanned, context: context).map { detection in
        func string(_ key: String) -> String? {
            if case .string(let value)? = detection.value[key] { return value }
            return nil
        }
        var allDay: Bool?
        if case .bool(let value)? = detection.value["allDay"] { allDay = value }
        return DateCase.Item(type: detection.kind.rawValue, text: scanned.string(detection.range),
                             start: string("start"), end: string("end"), duration: string("duration"),
                             allDay: allDay)
    }
}

@Suite("date detector: fixture cases")
struct DateFixtureTests {
    static let cases = DateCase.load()

    @Test("the fixture file is there and has positives and negatives")
    func fixtureLoaded() {
        #expect(Self.cases.count >= 80)
        #expect(Self.cases.contains { $0.items.isEmpty })
        #expect(Self.cases.contains { $0.items.contains { $0.end != nil } })
    }

    @Test("each case finds exactly its items", arguments: DateFixtureTests.cases)
    func fixtureCase(_ testCase: DateCase) {
        let found = detectDates(testCase.text, reference: testCase.reference, region: testCase.region)
        #expect(found == testCase.items, "found \(found)")
    }
}
