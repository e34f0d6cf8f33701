import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// The `test_numbers` of github.com/jkeen/tracking_number_data, copied into Fixtures/tracking.
enum TrackingFixtures {
    struct Vector: Sendable, CustomStringConvertible {
        var courier: String
        var courierName: String
        var format: String
        var number: String
        var description: String { "\(courier) \(format): \(number)" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tracking")

    static func load(valid: Bool) -> [Vector] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var vectors: [Vector] = []
        for file in files.sorted() where file.hasSuffix(".json") {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)),
                  let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let courier = root["courier_code"] as? String, let name = root["name"] as? String,
                  let formats = root["tracking_numbers"] as? [[String: Any]] else { continue }
            for format in formats {
                let numbers = format["test_numbers"] as? [String: [String]] ?? [:]
                for number in numbers[valid ? "valid" : "invalid"] ?? [] {
                    vectors.append(Vector(courier: courier, courierName: name,
                                          format: format["name"] as? String ?? "", number: number))
                }
            }
        }
        return vectors
    }

    static let valid = load(valid: true)
    /// Invalid numbers of one format that another format of the same courier accepts (Purolator
    /// lists its numeric format's number as invalid for the alphanumeric one) are left out.
    static let invalid = load(valid: false).filter { vector in
        !valid.contains { $0.courier == vector.courier && $0.number == vector.number }
    }
}

@Suite("tracking numbers")
struct TrackingNumberTests {
    let detector = TrackingNumberDetector()
    let context = DetectionContext(region: "US")

    func detect(_ text: String) -> [(text: String, carrier: String, number: String, url: String)] {
        let scanned = ScannedText(text)
        return detector.detect(in: scanned, context: context).map { detection in
            func field(_ key: String) -> String {
                if case .string(let value) = detection.value[key] { return value }
                return ""
            }
            return (scanned.string(detection.range), field("carrier"), field("number"), field("url"))
        }
    }

    @Test("the fixtures are there")
    func fixturesLoad() {
        #expect(TrackingFixtures.valid.count > 150)
        #expect(TrackingFixtures.invalid.count > 50)
    }

    @Test("every valid test number is found with its carrier", arguments: TrackingFixtures.valid)
    func validNumbers(vector: TrackingFixtures.Vector) {
        let trimmed = vector.number.trimmingCharacters(in: .whitespaces)
        let found = detect("Your \(vector.courierName) tracking number is \(trimmed).")
        #expect(found.count == 1)
        #expect(found.first?.carrier == vector.courier)
        #expect(found.first?.text == trimmed)
        let normalized = trimmed.filter { !$0.isWhitespace }
        #expect(found.first?.number == normalized)
        #expect(found.first?.url.contains(normalized) == true)
    }

    @Test("no invalid test number is found as its carrier", arguments: TrackingFixtures.invalid)
    func invalidNumbers(vector: TrackingFixtures.Vector) {
        let trimmed = vector.number.trimmingCharacters(in: .whitespaces)
        let found = detect("Your \(vector.courierName) tracking number is \(trimmed).")
        #expect(!found.contains { $0.carrier == vector.courier && $0.text == trimmed })
    }
}

@Suite("tracking numbers in text")
struct TrackingNumberTextTests {
    @Test("our cases (Fixtures/tracking/cases.jsonl)", arguments: ShippingQuantityCase.load("tracking"))
    func cases(example: ShippingQuantityCase) {
        #expect(ShippingQuantityRun(TrackingNumberDetector(), example.text).texts == example.expected)
    }

    @Test("the case file is there")
    func caseFile() {
        #expect(ShippingQuantityCase.load("tracking").count >= 25)
    }

    @Test("values: carrier, normalized number, URL")
    func values() {
        let ups = ShippingQuantityRun(TrackingNumberDetector(), "UPS 1Z 5R8 939 03 5756 7127")
        #expect(ups.field("carrier") == "ups")
        #expect(ups.field("carrierName") == "UPS")
        #expect(ups.field("number") == "1Z5R89390357567127")
        #expect(ups.field("url") == "https://wwwapps.ups.com/WebTracking/track?track=yes&trackNums=1Z5R89390357567127")
        let s10 = ShippingQuantityRun(TrackingNumberDetector(), "RB123456785GB")
        #expect(s10.field("carrier") == "s10")
        #expect(s10.field("country") == "GB")
        #expect(s10.field("carrierName") == "Royal Mail Group plc")
        let folded = ShippingQuantityRun(TrackingNumberDetector(), "USPS 94OO 1112 O1O8 0805 4830 16")
        #expect(folded.field("number") == "9400111201080805483016")
    }

    @Test("OCR folding only when the check digit then passes")
    func folding() {
        #expect(ShippingQuantityRun(TrackingNumberDetector(), "RB12345678SGB").texts == ["RB12345678SGB"])
        #expect(ShippingQuantityRun(TrackingNumberDetector(), "RB12345678BGB").texts.isEmpty)
        // A lower-case l in a letter-or-digit slot of UPS, and a B there, fold when the check passes.
        let ups = ShippingQuantityRun(TrackingNumberDetector(), "Your UPS package 1Z5RB9390357567l27 is on its way.")
        #expect(ups.field("number") == "1Z5R89390357567127")
        #expect(ShippingQuantityRun(TrackingNumberDetector(), "UPS 1Z5RB9390357567l28").texts.isEmpty)
    }

    @Test("formats without a check digit fold at most two misread digits", arguments: [
        ("Your parcel TBA000O00O00000 is on its way.", "TBA000O00O00000", "TBA000000000000"),
        ("Shipment TBC 0000000000O0 was handed over", "TBC 0000000000O0", "TBC000000000000"),
        ("Sendung LHI3B16137 - zugestellt", "LHI3B16137", "LH13816137"),
        ("Tracking number: YT2229S21272164447", "YT2229S21272164447", "YT2229521272164447"),
        ("Yodel parcel JJD0002257639O32O11 is with the driver", "JJD0002257639O32O11", "JJD0002257639032011"),
        ("Shipment 1LS7l7793482164 was handed over", "1LS7l7793482164", "1LS717793482164"),
    ])
    func uncheckedFolding(text: String, found: String, number: String) {
        let run = ShippingQuantityRun(TrackingNumberDetector(), text)
        #expect(run.texts == [found])
        #expect(run.field("number") == number)
    }

    @Test("three misread digits, or D and Q, are too many without a check digit", arguments: [
        "Your parcel TBAOOO000000OOO is on its way.", "Yodel parcel JJDOOO2257639032011 today",
        "Your parcel TBA00000000000D is on its way.", "Sendung LHIIIBIOIOI - zugestellt",
    ])
    func uncheckedFoldingLimit(text: String) {
        #expect(ShippingQuantityRun(TrackingNumberDetector(), text).texts.isEmpty)
    }

    @Test("a carrier named nearby wins a collision")
    func carrierPreference() {
        // 12 digits that pass both the FedEx and the Purolator check.
        let digits = "320595463938"
        #expect(ShippingQuantityRun(TrackingNumberDetector(), "Purolator shipment \(digits)").field("carrier") == "purolator")
    }

    @Test("hostile input finishes", arguments: [
        ("1", 1_000_000), ("1 ", 500_000),
        ("1Z ", 300_000), ("A 1 ", 200_000),
        ("tracking 9", 100_000), ("GM 1", 200_000),
        ("TBA00O ", 100_000), ("tracking lO ", 100_000),
    ])
    func hostile(pattern: String, repeats: Int) {
        let text = String(repeating: pattern, count: repeats)
        #expect(ShippingQuantityRun(TrackingNumberDetector(), text).texts.isEmpty)
    }
}
