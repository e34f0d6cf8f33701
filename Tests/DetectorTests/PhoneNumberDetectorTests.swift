import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// A fixture line: a text and the items expected in it.
struct PhoneAddressFixture: Decodable, Sendable, CustomTestStringConvertible {
    struct Item: Decodable, Sendable { let type: String; let text: String }
    let text: String
    let items: [Item]
    var testDescription: String { text }

    static func load(_ relativePath: String) -> [PhoneAddressFixture] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(PhoneAddressFixture.self, from: Data($0.utf8))
        }
    }
}

private func phones(_ text: String, region: String = "US") -> [(text: String, value: [String: JSONValue])] {
    let scanned = ScannedText(text)
    return PhoneNumberDetector().detect(in: scanned, context: DetectionContext(region: region))
        .map { (scanned.string($0.range), $0.value) }
}

private extension JSONValue {
    var stringValue: String? { if case .string(let s) = self { s } else { nil } }
}

@Suite("phone numbers")
struct PhoneNumberDetectorTests {
    static let fixtures = PhoneAddressFixture.load("phone/cases.jsonl")

    @Test("the fixture file is there and has cases")
    func fixturesLoad() {
        #expect(Self.fixtures.count >= 50)
    }

    @Test("fixture cases (default region US)", arguments: fixtures)
    func fixture(_ c: PhoneAddressFixture) {
        #expect(phones(c.text).map(\.text) == c.items.map(\.text))
    }

    @Test("opening hours on a 24-hour clock are no phone number; eight digits in two blocks that are no times still are",
          arguments: ["DE", "GB", "AT"])
    func openingHours(region: String) {
        #expect(phones("Hotline Mo-Fr 0900-1730, Sa 1000-1400", region: region).isEmpty)
        #expect(phones("Tel. 2345-6789", region: "HK").map(\.text) == ["2345-6789"])
    }

    @Test("values: E.164, region, type", arguments: [
        ("(415) 555-0123", "+14155550123", "US", "fixedOrMobile"),
        ("1-800-555-0100", "+18005550100", "US", "tollFree"),
        ("(416) 555-0175", "+14165550175", "CA", "fixedOrMobile"),
        ("+1 876 555 0123", "+18765550123", "JM", "fixedOrMobile"),
        ("+44 (0)20 7946 0958", "+442079460958", "GB", "fixed"),
        ("011 44 20 7946 0958", "+442079460958", "GB", "fixed"),
        ("+44 7700 900123", "+447700900123", "GB", "mobile"),
        ("+49 (0)151 23456789", "+4915123456789", "DE", "mobile"),
        ("+33 6 12 34 56 78", "+33612345678", "FR", "mobile"),
        ("+39 06 6982 1234", "+390669821234", "IT", "fixed"),
        ("+7 495 123-45-67", "+74951234567", "RU", "fixed"),
        ("+7 701 123 4567", "+77011234567", "KZ", "fixed"),
        ("+81 90-1234-5678", "+819012345678", "JP", "mobile"),
        ("+55 11 91234-5678", "+5511912345678", "BR", "mobile"),
        ("+91 1800 123 4567", "+9118001234567", "IN", "tollFree"),
        ("4l5-555-Ol23", "+14155550123", "US", "fixedOrMobile"),
    ])
    func values(text: String, e164: String, region: String, type: String) {
        let found = phones(text)
        #expect(found.count == 1)
        #expect(found.first?.text == text)
        #expect(found.first?.value["e164"]?.stringValue == e164)
        #expect(found.first?.value["region"]?.stringValue == region)
        #expect(found.first?.value["type"]?.stringValue == type)
    }

    @Test("national numbers read in the default region", arguments: [
        ("GB", "Ring 020 7946 0958 today", "020 7946 0958", "+442079460958"),
        ("GB", "Mob. 07700 900123", "07700 900123", "+447700900123"),
        ("GB", "Freephone 0800 123 4567", "0800 123 4567", "+448001234567"),
        ("DE", "Tel. 030 12345678", "030 12345678", "+493012345678"),
        ("DE", "Tel.: (030) 1234567", "(030) 1234567", "+49301234567"),
        ("DE", "Mobil 0171/1234567", "0171/1234567", "+491711234567"),
        ("DE", "Service 0800 1234567", "0800 1234567", "+498001234567"),
        ("FR", "Tél : 01 42 68 53 00", "01 42 68 53 00", "+33142685300"),
        ("FR", "Tél. 06.12.34.56.78", "06.12.34.56.78", "+33612345678"),
        ("ES", "Llámanos al 912 345 678", "912 345 678", "+34912345678"),
        ("IT", "Chiama lo 06 6982 1234", "06 6982 1234", "+390669821234"),
        ("IT", "Cell. 347 123 4567", "347 123 4567", "+393471234567"),
        ("NL", "Bel 020-1234567", "020-1234567", "+31201234567"),
        ("CH", "Tel. 044 668 18 00", "044 668 18 00", "+41446681800"),
        ("AU", "Call 1800 123 456 free", "1800 123 456", "+611800123456"),
        ("AU", "Mobile 0412 345 678", "0412 345 678", "+61412345678"),
        ("JP", "電話 03-1234-5678", "03-1234-5678", "+81312345678"),
        ("JP", "From Japan 010 1 415 555 0123", "010 1 415 555 0123", "+14155550123"),
        ("CN", "手机 138 0013 8000", "138 0013 8000", "+8613800138000"),
        ("IN", "Call 098765 43210", "098765 43210", "+919876543210"),
        ("BR", "Ligue (11) 91234-5678", "(11) 91234-5678", "+5511912345678"),
        ("RU", "Звоните 8 (495) 123-45-67", "8 (495) 123-45-67", "+74951234567"),
        ("KR", "전화 010-1234-5678", "010-1234-5678", "+821012345678"),
        ("SG", "Call 6123 4567", "6123 4567", "+6561234567"),
        ("ZA", "Phone 021 123 4567", "021 123 4567", "+27211234567"),
        ("MX", "Tel 55 1234 5678", "55 1234 5678", "+525512345678"),
        ("SE", "Ring 08-123 456 78", "08-123 456 78", "+46812345678"),
        ("PL", "Tel. 22 123 45 67", "22 123 45 67", "+48221234567"),
    ])
    func national(region: String, text: String, match: String, e164: String) {
        let found = phones(text, region: region)
        #expect(found.map(\.text) == [match])
        #expect(found.first?.value["e164"]?.stringValue == e164)
    }

    @Test("national numbers of another region are not read in the default one", arguments: [
        ("DE", "Datum 03/05/2026"),
        ("DE", "Am 05.03.2026 um 10.30 Uhr"),
        ("FR", "Facture 123456789"),
        ("GB", "Ref 1234 5678"),
    ])
    func foreignNational(region: String, text: String) {
        #expect(phones(text, region: region).isEmpty)
    }

    @Test("extensions are kept in the match and the value", arguments: [
        ("415-555-0123 ext. 12", "12"), ("415-555-0123 x12", "12"), ("415-555-0123 Ext 7", "7"),
        ("415-555-0123, extension 1234", "1234"), ("(415) 555-0123 #45", "45"),
    ])
    func extensions(text: String, digits: String) {
        let found = phones("Call " + text + " please")
        #expect(found.map(\.text) == [text])
        #expect(found.first?.value["extension"]?.stringValue == digits)
    }

    @Test("hostile input finishes with no or bounded matches")
    func hostile() {
        #expect(phones(String(repeating: "7", count: 1_000_000)).isEmpty)
        #expect(phones(String(repeating: "1 ", count: 300_000)).isEmpty)
        #expect(phones(String(repeating: "+", count: 200_000)).isEmpty)
        #expect(phones(String(repeating: "a.a.", count: 200_000)).isEmpty)
        #expect(phones(String(repeating: "O1", count: 300_000)).isEmpty)
        #expect(phones(String(repeating: "-.-/ ()", count: 100_000)).isEmpty)
        let many = String(repeating: "Call 415-555-0123. ", count: 5_000)
        #expect(phones(many).count == 5_000)
    }
}
