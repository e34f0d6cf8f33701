import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// National numbers read in the region the text points at (RegionHints), through the whole
/// DataDetector as `livetext detect` runs it. Cases written for this suite (addresses and numbers
/// in the forms the regions' own directories print; the numbers are in valid ranges).
@Suite("phone numbers in the text's region")
struct PhoneRegionContextTests {
    static func phones(_ text: String, region: String = "US", languages: Set<String> = []) -> [String] {
        DataDetector().detect(in: text, context: DetectionContext(region: region, languages: languages))
            .filter { $0.kind == .phone }
            .map { item in
                if case .string(let e164)? = item.value["e164"] { return "\(item.text) \(e164)" }
                return item.text
            }
    }

    @Test("a national number read in the region of the address, currency, +CC number or domain near it", arguments: [
        ("Café Luitpold\nBrienner Str. 11\n80333 München\nTel. (089) 242 8750", "(089) 242 8750 +49892428750"),
        ("The Corn Exchange\nCall Lane, Leeds LS1 7BR\n0113 234 0363", "0113 234 0363 +441132340363"),
        ("Total: £42.00. Questions? Call 0161 496 0000", "0161 496 0000 +441614960000"),
        ("www.kunsthaus.ch · Telefon 044 253 84 84", "044 253 84 84 +41442538484"),
        ("Mail: info@hotel-sacher.at, Tel. 01 514 560", "01 514 560 +431514560"),
        ("Bureau +33 1 42 68 53 00 · fax 01 42 68 53 01", "fax 01 42 68 53 01"),
    ])
    func hinted(text: String, expected: String) {
        let found = Self.phones(text)
        #expect(found.contains { expected.hasPrefix("fax ") ? $0.hasSuffix("+33142685301") : $0 == expected },
                "\(found)")
    }

    @Test("the user's region still reads what the hinted region does not", arguments: [
        ("10 Downing Street, London SW1A 2AA. US office: (415) 555-0132", "(415) 555-0132 +14155550132"),
        ("80333 München · New York: 212-555-0198", "212-555-0198 +12125550198"),
    ])
    func userRegion(text: String, expected: String) {
        #expect(Self.phones(text).contains(expected))
    }

    @Test("no phone from an order number, a date, an IBAN or a version beside a German address", arguments: [
        "Brienner Str. 11, 80333 München. Bestellnummer 0301234567",
        "Brienner Str. 11, 80333 München. Datum 03.04.2027, 14:30",
        "Brienner Str. 11, 80333 München. IBAN DE89 3704 0044 0532 0130 00",
        "Brienner Str. 11, 80333 München. Version 10.2.3 (build 0891)",
        "Call Lane, Leeds LS1 7BR. Order 0113 2340",
    ])
    func negatives(text: String) {
        #expect(Self.phones(text).isEmpty)
    }

    static let screenText = PhoneAddressFixture.load("context/cases.jsonl")

    @Test("screen text (Fixtures/context): the phone numbers listed, and no others", arguments: screenText)
    func screen(_ c: PhoneAddressFixture) {
        let expected = c.items.filter { $0.type == "phone" }.map(\.text)
        let found = Self.phones(c.text).map { String($0.split(separator: " +").first ?? "") }
        #expect(found == expected)
    }

    @Test("without a hint, a national number of another region is read in it after a phone word only")
    func noHint() {
        #expect(Self.phones("Lager (089) 242 8750").isEmpty)
        #expect(Self.phones("Tel. (089) 242 8750") == ["(089) 242 8750 +49892428750"])
        #expect(Self.phones("Tel. (089) 242 8750", region: "DE") == ["(089) 242 8750 +49892428750"])
    }

    @Test("the language read points at its country: German text reads German national numbers", arguments: [
        ("deu", "Rufen Sie uns an: (089) 123456", "(089) 123456 +4989123456"),
        ("deu", "Praxis Dr. Kranz, Telefon 030 1234 5678", "030 1234 5678 +493012345678"),
        ("fra", "Standard : 01 42 68 53 00", "01 42 68 53 00 +33142685300"),
        ("spa", "Llámenos al 912 345 678", "912 345 678 +34912345678"),
        ("ita", "Telefono 06 4567 8901", "06 4567 8901 +390645678901"),
    ])
    func languageRegion(language: String, text: String, expected: String) {
        #expect(Self.phones(text, languages: [language]) == [expected])
        // Without the language (the user's region is the US) only a phone word can read it, and
        // then in the same country: never another country's reading.
        #expect(Self.phones(text).allSatisfy { $0 == expected })
        #expect(Self.phones(text, languages: ["eng"]).allSatisfy { $0 == expected })
    }

    @Test("a hint near the number comes before the language's country")
    func hintBeforeLanguage() {
        // A Swiss domain beside the number on a German page: Zürich's 044, not a German 044.
        #expect(Self.phones("www.kunsthaus.ch · Telefon 044 253 84 84", languages: ["deu"])
                == ["044 253 84 84 +41442538484"])
        // The user's region still reads its own numbers on a German page.
        #expect(Self.phones("New York: 212-555-0198", languages: ["deu"]) == ["212-555-0198 +12125550198"])
    }

    @Test("a language's country is as weak as a hint: no order numbers, dates, IBANs or versions", arguments: [
        "Bestellnummer 0301234567", "Datum 03.04.2027, 14:30", "IBAN DE89 3704 0044 0532 0130 00",
        "Version 10.2.3 (build 0891)", "Rechnung 0891 234",
    ])
    func languageNegatives(text: String) {
        #expect(Self.phones(text, languages: ["deu"]).isEmpty)
    }
}
