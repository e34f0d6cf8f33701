import Testing
import LiveTextCore
@testable import LiveTextDetectors

@Suite("measurement: ranges, a bare inch and a temperature's letter")
struct MeasurementRangeTests {
    @Test("a range with the unit once is one item, its upper end as maxValue", arguments: [
        ("12–14 in", "12", "14", "in"),
        ("12-14 inches", "12", "14", "in"),
        ("3 to 5 inches", "3", "5", "in"),
        ("10 - 15 cm", "10", "15", "cm"),
        ("20–25 mph", "20", "25", "mph"),
        ("2.5–3 kg", "2.5", "3", "kg"),
        ("65 to 70 °F", "65", "70", "°F"),
    ])
    func ranges(text: String, low: String, high: String, unit: String) {
        let run = ShippingQuantityRun(MeasurementDetector(), "Expect " + text + ", maybe more")
        #expect(run.texts == [text])
        #expect(run.field("value") == low)
        #expect(run.field("maxValue") == high)
        #expect(run.field("unit") == unit)
    }

    @Test("no range going down or through a word, and a bare 'in' is prose", arguments: [
        ("scored 14-12 in the final", [String]()),
        ("from 3 to 5 in the morning", []),
        ("page 3 - 5 m", ["5 m"]),
        ("rows 10-5 kg", ["5 kg"]),
        ("Meet 3 in the hall", []),
        ("version 2-3 in use", []),
    ] as [(String, [String])])
    func negatives(text: String, expected: [String]) {
        #expect(ShippingQuantityRun(MeasurementDetector(), text).texts == expected)
    }

    @Test("a bare 'in' after a range at the end of a line or cell", arguments: [
        ("Snow 12–14 in\nRain", "12–14 in"), ("Snow 12–14 in, then rain", "12–14 in"), ("Depth (3-5 in)", "3-5 in"),
        ("Snow 12–14 in on the pass", "12–14 in"), ("Cut 2-3 in  deep", "2-3 in"),
    ])
    func bareInch(text: String, item: String) {
        #expect(ShippingQuantityRun(MeasurementDetector(), text).texts == [item])
    }

    @Test("F and C alone after a temperature word", arguments: [
        ("Temperature 72 F", "72 F", "°F"), ("temp: 21 C", "21 C", "°C"), ("Feels like 75F today", "75F", "°F"),
        ("Temperatur 18 C", "18 C", "°C"),
    ])
    func temperatureLetter(text: String, item: String, unit: String) {
        let run = ShippingQuantityRun(MeasurementDetector(), text)
        #expect(run.texts == [item])
        #expect(run.field("unit") == unit)
        #expect(run.field("quantity") == "temperature")
    }

    @Test("F and C alone without a temperature word are no unit", arguments: [
        "Grade 72 F", "Row 21 C", "Seat 14 F please", "Vitamin 5 C", "the temperature of row 9 in the C block",
    ])
    func temperatureLetterNegatives(text: String) {
        #expect(ShippingQuantityRun(MeasurementDetector(), text).texts == [])
    }
}
