import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// British addresses whose street has no house number: the parts above the postcode line.
@Suite("address: British streets without a house number")
struct AddressBritishLinesTests {
    @Test("the street (and a town, a unit) before a UK postcode line belong to the address", arguments: [
        ("Unit 4, Riverside Industrial Estate, Leeds LS9 0RQ", "Unit 4, Riverside Industrial Estate, Leeds LS9 0RQ"),
        ("Deliver to The Old Mill, Mill Lane, Ashford, Kent TN24 8AB today",
         "Mill Lane, Ashford, Kent TN24 8AB"),
        ("Flat 3B\nHigh Street\nWhitby YO21 3PU", "Flat 3B\nHigh Street\nWhitby YO21 3PU"),
    ])
    func leadingLines(text: String, item: String) {
        #expect(ShippingQuantityRun(AddressDetector(), text, region: "US").texts == [item])
    }

    @Test("a company or building name alone, or a sentence, is not taken", arguments: [
        ("Acme Ltd, Leeds LS9 0RQ", "Leeds LS9 0RQ"),
        ("We moved to a new Lane, Leeds LS9 0RQ", "Leeds LS9 0RQ"),
        ("Thanks, Leeds LS9 0RQ", "Leeds LS9 0RQ"),
    ])
    func notTaken(text: String, item: String) {
        #expect(ShippingQuantityRun(AddressDetector(), text, region: "US").texts == [item])
    }
}
