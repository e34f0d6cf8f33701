import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// National numbers of other countries than the user's (region US), read in every region's plan
/// (`GeneratedPlans`) after a word that says "phone" or when one plausible plan alone takes them.
/// Cases written for this suite: numbers in valid ranges, written as their countries write them.
@Suite("phone numbers of other countries")
struct PhoneForeignNumberTests {
    static func phones(_ text: String, region: String = "US") -> [String] {
        DataDetector().detect(in: text, context: DetectionContext(region: region))
            .filter { $0.kind == .phone }
            .map { item in "\(item.text) \(item.value.string("e164") ?? "?") \(item.value.string("region") ?? "?")" }
    }

    @Test("after a word that says phone, in the languages we read", arguments: [
        ("Mobile: 07400 123456", "07400 123456 +447400123456 GB"),
        ("Phone 020 7946 0958", "020 7946 0958 +442079460958 GB"),
        ("Handy: 0176-12345678", "0176-12345678 +4917612345678 DE"),
        ("Telefon 089/ 2180 2442", "089/ 2180 2442 +498921802442 DE"),
        ("Tel. 089/21802442", "089/21802442 +498921802442 DE"),
        ("Bel ons: 06-12345678", "06-12345678 +31612345678 NL"),
        ("Tél. : 06 12 34 56 78", "06 12 34 56 78 +33612345678 FR"),
        ("Portable 06.12.34.56.78", "06.12.34.56.78 +33612345678 FR"),
        ("Teléfono: 612 34 56 78", "612 34 56 78 +34612345678 ES"),
        ("Telefone: (11) 96123-4567", "(11) 96123-4567 +5511961234567 BR"),
        ("call 138 0013 8000", "138 0013 8000 +8613800138000 CN"),
        ("Zadzwoń: 512 345 678", "512 345 678 +48512345678 PL"),
        ("Chiamare il 06 4567 8901", "06 4567 8901 +390645678901 IT"),
        ("Ring 020 7946 0958 today", "020 7946 0958 +442079460958 GB"),
    ])
    func phoneWord(text: String, expected: String) {
        #expect(Self.phones(text) == [expected])
    }

    @Test("a North American number after a phone word in a British text")
    func northAmerican() {
        #expect(Self.phones("Call (415) 555-0123", region: "GB") == ["(415) 555-0123 +14155550123 US"])
    }

    @Test("international prefixes and a calling code in parentheses", arguments: [
        ("Phone: 011 44 20 7946 0958", "+442079460958"),
        ("Tel. 0045 33 12 34 56", "+4533123456"),
        ("Ring (+45) 33 12 34 56", "+4533123456"),
    ])
    func international(text: String, e164: String) {
        let found = Self.phones(text)
        #expect(found.count == 1 && found[0].contains(" \(e164) "), "\(found)")
    }

    @Test("a calling code without a hand plan is checked against its generated plan", arguments: [
        ("+372 5123 4567", true),   // Estonia, mobile
        ("+372 9999 9999", false),  // E.164 length, but no Estonian range
        ("+254 712 345678", true),  // Kenya, mobile
        ("+254 999 999999", false),
    ])
    func generatedPlans(text: String, valid: Bool) {
        #expect(Self.phones("Contact \(text) now").isEmpty == !valid)
    }

    @Test("every region's plan is there, decoded once")
    func table() {
        #expect(GeneratedPlans.all.count >= 240)
        #expect(GeneratedPlans.byRegion["DE"]?.trunk == [0])
        #expect(GeneratedPlans.byCallingCode[44]?.first?.region == "GB")
        let mobile = GeneratedPlans.byRegion["DE"]!.match([1, 7, 6, 1, 2, 3, 4, 5, 6, 7, 8][...], trunkWritten: true)
        #expect(mobile?.type == .mobile)
    }

    @Test("invoice, order and customer numbers, IBANs, timestamps, one-digit runs are no phones", arguments: [
        "Invoice no. 0176 1234 567 is attached.",
        "Rechnungsnummer 0176 12345678",
        "Kundennummer: 089 2180 2442",
        "Order number: 415 555 0123",
        "Your account 07700 900123 is overdrawn",
        "IBAN: GB29 NWBK 6016 1331 9268 19",
        "Konto 3704 0044 0532",
        "2026-03-05 14:22:31.123456 INFO started",
        "Modified 20260305T142231Z by admin",
        "1 1 1 1 1 1 1 1 1",
        "0 0 0 0 0 0 0 0 0 0",
        "Step 1 2 3 4 5 6 7 8 9 done",
    ])
    func negatives(text: String) {
        #expect(Self.phones(text).isEmpty, "\(Self.phones(text))")
    }

    @Test("without a phone word only a number one plausible plan takes", arguments: [
        ("Office (11) 96123-4567", 1),
        ("Office 06 12 34 56 78", 0),
        ("Build 0123 4567", 0),
    ])
    func onePlan(text: String, count: Int) {
        #expect(Self.phones(text).count == count, "\(Self.phones(text))")
    }
}
