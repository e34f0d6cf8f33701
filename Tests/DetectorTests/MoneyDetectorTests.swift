import Testing
import LiveTextCore
@testable import LiveTextDetectors

@Suite("money")
struct MoneyDetectorTests {
    @Test("our cases (Fixtures/money/cases.jsonl)", arguments: ShippingQuantityCase.load("money"))
    func cases(example: ShippingQuantityCase) {
        #expect(ShippingQuantityRun(MoneyDetector(), example.text).texts == example.expected)
    }

    @Test("the case file is there")
    func caseFile() {
        #expect(ShippingQuantityCase.load("money").count >= 30)
    }

    @Test("amounts and currencies", arguments: [
        ("$12.50", "US", "12.50", "USD"),
        ("12,50 €", "DE", "12.50", "EUR"),
        ("EUR 1.234,56", "DE", "1234.56", "EUR"),
        ("1,234.56 USD", "US", "1234.56", "USD"),
        ("CHF 20.-", "CH", "20", "CHF"),
        ("$1.2M", "US", "1200000", "USD"),
        ("$3k", "US", "3000", "USD"),
        ("-$5.00", "US", "-5.00", "USD"),
        ("$5", "CA", "5", "CAD"),
        ("$5", "AU", "5", "AUD"),
        ("$5", "NZ", "5", "NZD"),
        ("$5", "SG", "5", "SGD"),
        ("$5", "HK", "5", "HKD"),
        ("US$5", "CA", "5", "USD"),
        ("¥500", "JP", "500", "JPY"),
        ("¥500", "CN", "500", "CNY"),
        ("249 kr", "SE", "249", "SEK"),
        ("249 kr", "NO", "249", "NOK"),
        ("249 kr", "DK", "249", "DKK"),
        ("5 dollars", "US", "5", "USD"),
        ("20 euros", "US", "20", "EUR"),
        ("1 234,56 €", "FR", "1234.56", "EUR"),
        ("£1,000,000", "GB", "1000000", "GBP"),
        ("€3 million", "DE", "3000000", "EUR"),
        ("Rs. 500", "IN", "500", "INR"),
        ("R$ 49,90", "BR", "49.90", "BRL"),
        ("$0.99", "US", "0.99", "USD"),
        ("1.5 bn EUR", "DE", "1500000000", "EUR"),
        // Words and minor units (issue 18 C).
        ("twelve euros", "US", "12", "EUR"),
        ("twenty-five dollars", "US", "25", "USD"),
        ("75 cents", "US", "0.75", "USD"),
        ("50 cents", "DE", "0.5", "EUR"),
        ("two pence", "GB", "0.02", "GBP"),
        ("5 cents", "CA", "0.05", "CAD"),
        ("USD 1.2M", "US", "1200000", "USD"),
    ])
    func values(text: String, region: String, amount: String, currency: String) {
        let run = ShippingQuantityRun(MoneyDetector(), text, region: region)
        #expect(run.texts == [text])
        #expect(run.field("amount") == amount)
        #expect(run.field("currency") == currency)
    }

    @Test("ranges: the currency once or twice, the upper end as maxAmount", arguments: [
        ("$10–20", "10", "20"), ("$10-$20", "10", "20"), ("€5 – 8", "5", "8"), ("£1,000-2,500", "1000", "2500"),
    ])
    func ranges(text: String, low: String, high: String) {
        let run = ShippingQuantityRun(MoneyDetector(), text, region: "US")
        #expect(run.texts == [text])
        #expect(run.field("amount") == low)
        #expect(run.field("maxAmount") == high)
    }

    @Test("no money from number words without a currency word, nor a range going down", arguments: [
        ("one of the ten best", []), ("the twelve apostles", []), ("We need five more", []),
        ("ten percent", []), ("$20-10 is a swap", ["$20"]), ("someone paid", []),
    ] as [(String, [String])])
    func wordNegatives(text: String, expected: [String]) {
        #expect(ShippingQuantityRun(MoneyDetector(), text).texts == expected)
    }

    @Test("OCR-misread amounts are folded next to a currency", arguments: [
        ("US$  5", "5", "USD"),
        ("l2,50 €", "12.50", "EUR"),
        ("€l2.50", "12.50", "EUR"),
        ("EUR I.234,56", "1234.56", "EUR"),
        ("1,234.S6 USD", "1234.56", "USD"),
        ("¥5O0", "500", "JPY"),
        ("CHF2O.-", "20", "CHF"),
        ("$l.2M", "1200000", "USD"),
        ("-$5.O0", "-5.00", "USD"),
        ("$I0", "10", "USD"),
        ("$2O", "20", "USD"),
        ("USD4S.00", "45.00", "USD"),
        ("C$l5", "15", "CAD"),
        ("€3  million", "3000000", "EUR"),
        ("99,99  zł", "99.99", "PLN"),
        ("$ I9.99", "19.99", "USD"),
        ("1 234,S6 €", "1234.56", "EUR"),
        ("$1B0", "180", "USD"),
        ("$|0", "10", "USD"),
        ("BOB500", "500", "BOB"),
        ("SEK 5O0", "500", "SEK"),
    ])
    func ocr(text: String, amount: String, currency: String) {
        let run = ShippingQuantityRun(MoneyDetector(), "Paid " + text + " today")
        #expect(run.texts == [text])
        #expect(run.field("amount") == amount)
        #expect(run.field("currency") == currency)
    }

    @Test("billions stay billions", arguments: [("$1.2B", "1200000000"), ("$5Bn", "5000000000")])
    func billions(text: String, amount: String) {
        let run = ShippingQuantityRun(MoneyDetector(), text)
        #expect(run.texts == [text])
        #expect(run.field("amount") == amount)
    }

    @Test("letters that only look like digits stay words", arguments: [
        "He owes me S dollars", "Call SOS $ now", "$ISO standard", "CO2 € tax",
        "Euro lO", "$ Ol", "l0 items", "EUR IOO", "$ SOB", "Windows lO USD",
        "USD  S",
    ])
    func ocrNegatives(text: String) {
        #expect(ShippingQuantityRun(MoneyDetector(), text).texts == [])
    }

    @Test("hostile OCR-looking input finishes", arguments: [
        ("$5O", 200_000), ("lO", 500_000), ("$l.", 200_000), ("1O,", 300_000), ("€  ", 300_000),
    ])
    func hostileOCR(pattern: String, repeats: Int) {
        let text = String(repeating: pattern, count: repeats)
        #expect(ShippingQuantityRun(MoneyDetector(), text).texts.count <= 200_000)
    }

    @Test("hostile input finishes", arguments: [
        ("1", 1_000_000), ("$1.", 200_000),
        ("1,", 300_000), ("€ ", 300_000),
        ("1.2.3 ", 100_000),
    ])
    func hostile(pattern: String, repeats: Int) {
        let text = String(repeating: pattern, count: repeats)
        #expect(ShippingQuantityRun(MoneyDetector(), text).texts.count <= 200_000)
    }
}
