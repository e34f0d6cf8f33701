import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// Flight numbers after an airline's name, and one- or two-digit numbers after an airline's
/// code between airports. Cases written for this suite.
@Suite("flight numbers by airline name")
struct FlightNameTests {
    @Test("a name before the number", arguments: [
        ("Booked Lufthansa 456 to Munich", "Lufthansa 456", "LH456"),
        ("British Airways 117 departs at 9", "British Airways 117", "BA117"),
        ("on Air Canada 88 tonight", "Air Canada 88", "AC88"),
        ("Ryanair 1884 is boarding", "Ryanair 1884", "FR1884"),
        ("United Airlines 1 to Singapore", "United Airlines 1", "UA1"),
        ("United 1 from SFO", "United 1", "UA1"),
        ("Turkish Airlines 33 IST-JFK", "Turkish Airlines 33", "TK33"),
        ("easyJet 8123 to Gatwick", "easyJet 8123", "U28123"),
    ])
    func named(text: String, found: String, flight: String) {
        let run = ShippingQuantityRun(FlightNumberDetector(), text)
        #expect(run.texts == [found])
        #expect(run.field("flight") == flight)
    }

    @Test("one or two digits after an airline's code between airports", arguments: [
        ("AA 7 JFK-LAX", "AA 7"),
        ("JFK–LHR: BA 1", "BA 1"),
        ("Tomorrow LH 10 from FRA", "LH 10"),
        ("flight AA 7", "AA 7"),
    ])
    func short(text: String, found: String) {
        #expect(ShippingQuantityRun(FlightNumberDetector(), text).texts == [found])
    }

    @Test("names that are words, years and short numbers without airports stay what they are", arguments: [
        "United 2 Arsenal 1", "Delta 4 is a variable", "American 100 dollars", "Swiss 10",
        "Emirates 2024 annual report", "PM 2 from the window", "AA 7", "BA 1 is a grade",
        "Lufthansa 456,5 Mio", "Lufthansa 4 hours late",
    ])
    func negatives(text: String) {
        #expect(ShippingQuantityRun(FlightNumberDetector(), text).texts == [])
    }
}
