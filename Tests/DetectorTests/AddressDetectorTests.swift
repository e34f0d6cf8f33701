import Foundation
import Testing
import LiveTextCore
@testable import LiveTextDetectors

private func addresses(_ text: String, region: String = "US") -> [(text: String, components: [String: String])] {
    let scanned = ScannedText(text)
    return AddressDetector().detect(in: scanned, context: DetectionContext(region: region)).map { detection in
        var components: [String: String] = [:]
        if case .object(let object)? = detection.value["components"] {
            for (key, value) in object { if case .string(let text) = value { components[key] = text } }
        }
        return (scanned.string(detection.range), components)
    }
}

@Suite("postal addresses")
struct AddressDetectorTests {
    static let fixtures = PhoneAddressFixture.load("address/cases.jsonl")

    @Test("the fixture file is there and has cases")
    func fixturesLoad() {
        #expect(Self.fixtures.count >= 30)
    }

    @Test("fixture cases", arguments: fixtures)
    func fixture(_ c: PhoneAddressFixture) {
        #expect(addresses(c.text).map(\.text) == c.items.filter { $0.type == "address" }.map(\.text))
    }

    @Test("components", arguments: [
        ("1600 Amphitheatre Parkway, Mountain View, CA 94043",
         ["street": "1600 Amphitheatre Parkway", "city": "Mountain View", "region": "CA", "postcode": "94043",
          "country": "US"]),
        ("1 Infinite Loop\nCupertino, CA 95014\nUSA",
         ["street": "1 Infinite Loop", "city": "Cupertino", "region": "CA", "postcode": "95014", "country": "US"]),
        ("10 Downing Street, London SW1A 2AA",
         ["street": "10 Downing Street", "city": "London", "postcode": "SW1A 2AA", "country": "GB"]),
        ("221B Baker Street\nLondon NW1 6XE",
         ["street": "221B Baker Street", "city": "London", "postcode": "NW1 6XE", "country": "GB"]),
        ("Unter den Linden 77, 10117 Berlin",
         ["street": "Unter den Linden 77", "city": "Berlin", "postcode": "10117", "country": "DE"]),
        ("Friedrichstraße 43-45\n10117 Berlin",
         ["street": "Friedrichstraße 43-45", "city": "Berlin", "postcode": "10117", "country": "DE"]),
        ("55 Rue du Faubourg Saint-Honoré, 75008 Paris",
         ["street": "55 Rue du Faubourg Saint-Honoré", "city": "Paris", "postcode": "75008", "country": "FR"]),
        ("24 Sussex Drive, Ottawa, ON K1M 1M4",
         ["street": "24 Sussex Drive", "city": "Ottawa", "region": "ON", "postcode": "K1M 1M4", "country": "CA"]),
        ("Kaiserstraße 12, D-60311 Frankfurt am Main",
         ["street": "Kaiserstraße 12", "city": "Frankfurt am Main", "postcode": "60311", "country": "DE"]),
        ("l600 Amphitheatre Parkway, Mountain View, CA 94O43",
         ["street": "l600 Amphitheatre Parkway", "city": "Mountain View", "region": "CA", "postcode": "94043",
          "country": "US"]),
    ])
    func components(text: String, expected: [String: String]) {
        let found = addresses(text)
        #expect(found.map(\.text) == [text])
        #expect(found.first?.components == expected)
    }

    @Test("postcode lines of more countries: the postcode and the country it says", arguments: [
        ("Calle Mayor 5, 3º B, 28013 Madrid", "28013", "ES"),
        ("Via Giuseppe Verdi 12, 20121 Milano (MI)", "20121", "IT"),
        ("Keizersgracht 214, 1016 DZ Amsterdam", "1016 DZ", "NL"),
        ("Nadinestraat 14\n9889PG Goor", "9889 PG", "NL"),
        ("Rue de la Loi 16, 1000 Bruxelles", "1000", "BE"),
        ("Mariahilfer Straße 1/3, 1060 Wien", "1060", "AT"),
        ("Rua Augusta 100, 1100-053 Lisboa", "1100-053", "PT"),
        ("Av. Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100", "01310-100", "BR"),
        ("12 MG Road, Bengaluru, Karnataka 560001", "560001", "IN"),
        ("PO Box 418, 721 30 Västerås", "721 30", "SE"),
    ])
    func morePostcodeLines(text: String, postcode: String, country: String) {
        let found = addresses(text)
        #expect(found.map(\.text) == [text])
        #expect(found.first?.components["postcode"] == postcode)
        #expect(found.first?.components["country"] == country)
    }

    @Test("a street type word of Spanish, Italian or Portuguese needs its postcode line", arguments: [
        "Join via Slack 2 people a day", "Meet at Piazza Navona 3 times a week", "Calle Mayor 5 is closed",
        "Karnataka 560001 without a city", "Order 1234 AB shipped",
    ])
    func romanceStreetsNeedPostcodes(text: String) {
        #expect(addresses(text).isEmpty)
    }

    @Test("state, province and postcode must agree", arguments: [
        "Springfield, IL 92701",      // Illinois ZIP codes start with 6
        "Ottawa, ON V6B 1A1",         // V is British Columbia
        "London SW1A 2CA",            // C is not used in the inward code
        "Paris 7500",                 // four digits
        "Springfield ZZ 62701",       // no such state
    ])
    func mismatches(text: String) {
        #expect(addresses(text).isEmpty)
    }

    @Test("after a street, a state and ZIP that disagree still end the address (OCR's first digit, made-up data)",
          arguments: [
        ("2364 Lowe Road, East Emily, WA 85569", "East Emily, WA 85569", "WA", "85569"),
        ("Ship to:\n49671 Jamie Trace\nPort Robert, MN 04834", "Port Robert, MN 04834", "MN", "04834"),
        ("1 Main Street, Springfield, IL 92701", "Springfield, IL 92701", "IL", "92701"),
    ])
    func streetLedMismatch(text: String, cityLine: String, state: String, zip: String) {
        let found = addresses(text)
        #expect(found.count == 1)
        #expect(found.first?.components["region"] == state && found.first?.components["postcode"] == zip)
        // Alone, the city line still needs them to agree.
        #expect(addresses("Visit " + cityLine).isEmpty)
    }

    /// Our own addresses, in the layouts shipping forms and invented-data generators print:
    /// the postcode's city after a comma or on the next line, the city before the postcode, an
    /// Australian state and postcode with a comma between, street types of the street guides.
    @Test("after a street: city after a comma or a line break, city before the postcode", arguments: [
        ("Floorlaan 67\n7033AX\nBad Nieuweschans", "Bad Nieuweschans", "7033 AX"),
        ("Send to Floorlaan 67, 7033AX, Bad Nieuweschans today", "Bad Nieuweschans", "7033 AX"),
        ("Canale Giuseppe, 7, 24123, Bergamo (BG) soon", "Bergamo", "24123"),
        ("Callejón Eligia Pomares 11, Sevilla, 50911 please", "Sevilla", "50911"),
        ("Acceso de Anacleto Beltrán 48 Puerta 8\nCórdoba, 13657", "Córdoba", "13657"),
        ("Viaducto Ghana 671\nNueva Tailandia, HGO 98143", "Nueva Tailandia", "98143"),
        ("496 Patton Circlet\nSouth Eileenborough, VIC, 3250", "South Eileenborough", "3250"),
        ("10 Downing Street\nLondon\nSW1A 2AA", "London", "SW1A 2AA"),
        ("Marialei 35\n8317\nMolenbeek-Wersbeek", "Molenbeek-Wersbeek", "8317"),
    ])
    func formLayouts(text: String, city: String, postcode: String) {
        let found = addresses(text)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.components["city"] == city && found.first?.components["postcode"] == postcode,
                "\(found)")
    }

    @Test("the same lines without a street are no address", arguments: [
        "7033AX\nBad Nieuweschans", "24123, Bergamo (BG)", "Sevilla, 50911", "Nueva Tailandia, HGO 98143",
        "South Eileenborough, VIC, 3250", "Eje 5 de mayo", "The canale 5 is wide", "North Gavinborough\nKA50 3WJ",
    ])
    func formLayoutsNeedStreets(text: String) {
        #expect(addresses(text).isEmpty)
    }

    @Test("hostile input finishes and finds nothing")
    func hostile() {
        #expect(addresses(String(repeating: "1 ", count: 300_000)).isEmpty)
        #expect(addresses(String(repeating: "9", count: 1_000_000)).isEmpty)
        #expect(addresses(String(repeating: "A1 ", count: 200_000)).isEmpty)
        #expect(addresses(String(repeating: "Main ", count: 200_000) + "12").isEmpty)
        #expect(addresses(String(repeating: "a.a.", count: 200_000)).isEmpty)
        let many = String(repeating: "Go to 10 Downing Street, London SW1A 2AA. ", count: 5_000)
        #expect(addresses(many).count == 5_000)
    }
}
