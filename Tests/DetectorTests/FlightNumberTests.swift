import Testing
import LiveTextCore
@testable import LiveTextDetectors

@Suite("flight numbers")
struct FlightNumberTests {
    @Test("our cases (Fixtures/flight/cases.jsonl)", arguments: ShippingQuantityCase.load("flight"))
    func cases(example: ShippingQuantityCase) {
        #expect(ShippingQuantityRun(FlightNumberDetector(), example.text).texts == example.expected)
    }

    @Test("the case file is there")
    func caseFile() {
        #expect(ShippingQuantityCase.load("flight").count >= 30)
    }

    @Test("values", arguments: [
        ("UA 1234", "UA", "1234", "iata", "United Airlines"),
        ("LH0400", "LH", "400", "iata", "Lufthansa"),
        ("EZY1234", "EZY", "1234", "icao", "easyJet"),
        ("Flight BAW117", "BAW", "117", "icao", "British Airways"),
        ("U2 8123", "U2", "8123", "iata", "easyJet"),
    ])
    func values(text: String, airline: String, number: String, type: String, name: String) {
        let run = ShippingQuantityRun(FlightNumberDetector(), text)
        #expect(run.field("airline") == airline)
        #expect(run.field("number") == number)
        #expect(run.field("designatorType") == type)
        #expect(run.field("airlineName") == name)
        #expect(run.field("flight") == airline + number)
    }

    @Test("OCR-misread digits in the number", arguments: [
        ("Booked LH40O to New York", "LH40O", "LH400"),
        ("easyJet EZYI234 to Berlin", "EZYI234", "EZY1234"),
        ("Take U2 B123 from Gatwick", "U2 B123", "U28123"),
        ("Ryanair FR l884 to Dublin", "FR l884", "FR1884"),
        ("KLM KLl001 arriving", "KLl001", "KL1001"),
        ("Air China CA 9B1 to JFK", "CA 9B1", "CA981"),
        ("flight 92O is delayed", "flight 92O", "920"),
    ])
    func ocr(text: String, found: String, flight: String) {
        let run = ShippingQuantityRun(FlightNumberDetector(), text)
        #expect(run.texts == [found])
        #expect(run.field("flight") == flight)
    }

    @Test("words and mostly-letter numbers stay words", arguments: [
        "Flight QFI Sydney", "BOSS1 meeting", "LH lO0 to Rome", "UA SOS", "EXPO2O25 opens", "IT IS 5",
        "LH4OO to Rome", "flight lOO", "CA 9Bx",
    ])
    func ocrNegatives(text: String) {
        #expect(ShippingQuantityRun(FlightNumberDetector(), text).texts == [])
    }

    @Test("a bare flight number has no airline unless one is named")
    func bareFlight() {
        let bare = ShippingQuantityRun(FlightNumberDetector(), "flight 920")
        #expect(bare.values.first?["airline"] == .null)
        #expect(bare.field("number") == "920")
        let named = ShippingQuantityRun(FlightNumberDetector(), "British Airways flight 117 to Boston")
        #expect(named.texts == ["British Airways flight 117"])
        #expect(named.field("airline") == "BA")
    }

    @Test("hostile input finishes and finds nothing", arguments: [
        ("UA", 200_000), ("UA 1", 100_000),
        ("1", 500_000), ("flight ", 100_000), ("UA B", 100_000), ("LHlO", 100_000),
    ])
    func hostile(pattern: String, repeats: Int) {
        let text = String(repeating: pattern, count: repeats)
        #expect(ShippingQuantityRun(FlightNumberDetector(), text).texts.count <= 1)
    }
}
