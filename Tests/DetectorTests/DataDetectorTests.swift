import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

@Suite("detector plumbing")
struct DataDetectorTests {
    @Test("--only names: short names and the iOS content types", arguments: [
        ("phone", ItemKind.phone), ("telephoneNumber", .phone), ("fullStreetAddress", .address),
        ("URL", .link), ("emailAddress", .email), ("flightNumber", .flight),
        ("shipmentTrackingNumber", .tracking), ("dateTime", .date), (" Money ", .money),
    ])
    func filterNames(name: String, kind: ItemKind) {
        #expect(ItemKind(filterName: name) == kind)
    }

    @Test("an unknown --only name is reported by name")
    func unknownFilterName() throws {
        #expect(throws: UnknownItemKind.self) { try ItemKind.parseList(["phone,telepathy"]) }
        #expect(try ItemKind.parseList(["phone, link", "date"]) == [.phone, .link, .date])
    }

    @Test("overlaps: the longest wins, then the more specific kind; output in text order")
    func overlaps() {
        let settled = DataDetector.settleOverlaps([
            Detection(kind: .link, range: 5..<20, value: [:]),
            Detection(kind: .email, range: 0..<20, value: [:]),
            Detection(kind: .phone, range: 30..<40, value: [:]),
            Detection(kind: .date, range: 30..<40, value: [:]),
            Detection(kind: .money, range: 22..<25, value: [:]),
        ])
        #expect(settled.map(\.kind) == [.email, .money, .phone])
    }

    @Test("reference time and region from the environment")
    func contextFromEnvironment() throws {
        let context = try DetectionContext.fromEnvironment([
            "LIVETEXT_REFERENCE_TIME": "2026-03-01T09:30:00+01:00", "LANG": "de_DE.UTF-8",
        ])
        #expect(context.region == "DE")
        #expect(context.timeZone.secondsFromGMT() == 3600)
        #expect(context.referenceDate == Date(timeIntervalSince1970: 1_772_353_800))
        #expect(try DetectionContext.fromEnvironment(["LIVETEXT_REGION": "gb", "LANG": "de_DE"]).region == "GB")
        #expect(throws: InvalidContext.self) {
            try DetectionContext.fromEnvironment(["LIVETEXT_REFERENCE_TIME": "yesterday"])
        }
        #expect(throws: InvalidContext.self) {
            try DetectionContext.fromEnvironment(["LIVETEXT_REGION": "USA"])
        }
        // Languages: tesseract names, none from the locale (text handed over was read by no one).
        #expect(try DetectionContext.fromEnvironment(["LIVETEXT_LANGUAGES": "deu,fra", "LANG": "es_ES"]).languages
                == ["deu", "fra"])
        #expect(try DetectionContext.fromEnvironment(["LIVETEXT_LANGUAGES": "deu+chi_sim"]).languages == ["deu", "chi_sim"])
        #expect(try DetectionContext.fromEnvironment(["LANG": "de_DE.UTF-8"]).languages.isEmpty)
        #expect(throws: InvalidContext.self) {
            try DetectionContext.fromEnvironment(["LIVETEXT_LANGUAGES": "../deu"])
        }
        #expect(throws: InvalidContext.self) {
            try DetectionContext.fromEnvironment(["LIVETEXT_REFERENCE_TIME": "2026-02-30"])
        }
    }

    @Test("OCR confusions fold only in digit-dominant tokens")
    func ocrFolding() {
        #expect(OCRConfusion.foldedDigits("1Z34 5O67".unicodeScalars) == [1, 2, 3, 4, 5, 0, 6, 7])
        #expect(OCRConfusion.foldedDigits("Hello".unicodeScalars) == nil)
        #expect(OCRConfusion.foldedDigits("4l5-555-Ol23".unicodeScalars) == [4, 1, 5, 5, 5, 5, 0, 1, 2, 3])
        #expect(OCRConfusion.foldedDigits("x123".unicodeScalars) == nil)
    }
}
