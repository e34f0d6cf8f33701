import Testing
import LiveTextCore
@testable import LiveTextDetectors

@Suite("measurements")
struct MeasurementDetectorTests {
    @Test("our cases (Fixtures/measurement/cases.jsonl)", arguments: ShippingQuantityCase.load("measurement"))
    func cases(example: ShippingQuantityCase) {
        #expect(ShippingQuantityRun(MeasurementDetector(), example.text).texts == example.expected)
    }

    @Test("the case file is there")
    func caseFile() {
        #expect(ShippingQuantityCase.load("measurement").count >= 30)
    }

    @Test("values, units and quantities", arguments: [
        ("5 km", "5", "km", "length"),
        ("2,5 kg", "2.5", "kg", "mass"),
        ("1,500 m", "1500", "m", "length"),
        ("-4 °C", "-4", "°C", "temperature"),
        ("350°F", "350", "°F", "temperature"),
        ("60 mph", "60", "mph", "speed"),
        ("120 m²", "120", "m²", "area"),
        ("256 GB", "256", "GB", "data"),
        ("5'11\"", "71", "in", "length"),
        ("6 ft 2 in", "74", "in", "length"),
        ("5 kilometers", "5", "km", "length"),
        ("3 pounds", "3", "lb", "mass"),
        ("1 1/2 cups", "1.5", "cup", "volume"),
        ("½ tsp", "0.5", "tsp", "volume"),
        ("12 fl oz", "12", "fl oz", "volume"),
        ("27\"", "27", "in", "length"),
        ("16 GiB", "16", "GiB", "data"),
        ("100 km/h", "100", "km/h", "speed"),
        ("750 mL", "750", "ml", "volume"),
        ("2 lbs", "2", "lb", "mass"),
        // Words and compound heights (issue 18 C).
        ("six miles", "6", "mi", "length"),
        ("twenty-five kilograms", "25", "kg", "mass"),
        ("5 feet and 3 inches", "63", "in", "length"),
        ("6 ft, 1 in", "73", "in", "length"),
        ("512 MB", "512", "MB", "data"),
        ("23 °C", "23", "°C", "temperature"),
    ])
    func values(text: String, value: String, unit: String, quantity: String) {
        let run = ShippingQuantityRun(MeasurementDetector(), text)
        #expect(run.texts == [text])
        #expect(run.field("value") == value)
        #expect(run.field("unit") == unit)
        #expect(run.field("quantity") == quantity)
    }

    @Test("OCR-misread numbers and doubled blanks", arguments: [
        ("25O ml", "250", "ml"),
        ("3S0°F", "350", "°F"),
        ("6O mph", "60", "mph"),
        ("2S6 GB", "256", "GB"),
        ("3  pounds", "3", "lb"),
        ("3.S in.", "3.5", "in"),
        ("1O0  km/h", "100", "km/h"),
        ("1,S0O sq ft", "1500", "ft²"),
        ("15  gal", "15", "gal"),
        ("50O g", "500", "g"),
        ("1.S L", "1.5", "l"),
        ("100  Mbps", "100", "Mbit/s"),
        ("2S degrees", "25", "°"),
        ("20O m", "200", "m"),
    ])
    func ocr(text: String, value: String, unit: String) {
        let run = ShippingQuantityRun(MeasurementDetector(), "It is " + text + " here")
        #expect(run.texts == [text])
        #expect(run.field("value") == value)
        #expect(run.field("unit") == unit)
    }

    @Test("number words stay words without a unit word of three letters or more", arguments: [
        "one in ten", "two m apart", "the ten commandments", "five of them", "seven minutes",
    ])
    func wordNegatives(text: String) {
        #expect(ShippingQuantityRun(MeasurementDetector(), text).texts.isEmpty)
    }

    @Test("command-line options are no quantities; a spaced unit or a longer one still is", arguments: [
        ("$ ls -1l --time-style=long-iso", [String]()), ("tail -5l log.txt", []), ("git log -3m", []),
        ("cooled to -5 l", ["5 l"]), ("a 2l bottle", ["2l"]), ("-40 °C outside", ["-40 °C"]),
    ])
    func commandLineOptions(text: String, expected: [String]) {
        #expect(ShippingQuantityRun(MeasurementDetector(), text).texts == expected)
    }

    @Test("letters that only look like digits stay words", arguments: [
        "The trail is S km long", "lO km", "CO2 kg", "Use SOS m", "50Og", "5Ol ml", "Section 2O m",
        "about 20  m away", "ISO 9OOO km",
    ])
    func ocrNegatives(text: String) {
        #expect(ShippingQuantityRun(MeasurementDetector(), text).texts == [])
    }

    @Test("hostile OCR-looking input finishes", arguments: [
        ("5O ", 300_000), ("lO", 500_000), ("1.S", 200_000), ("1O  ", 200_000),
    ])
    func hostileOCR(pattern: String, repeats: Int) {
        let text = String(repeating: pattern, count: repeats)
        #expect(ShippingQuantityRun(MeasurementDetector(), text).texts.count <= 300_000)
    }

    @Test("hostile input finishes", arguments: [
        ("1", 1_000_000), ("1 m", 200_000),
        ("1/", 300_000), ("5'", 300_000),
        ("1 1/2 ", 100_000),
    ])
    func hostile(pattern: String, repeats: Int) {
        let text = String(repeating: pattern, count: repeats)
        #expect(ShippingQuantityRun(MeasurementDetector(), text).texts.count <= 300_000)
    }
}
