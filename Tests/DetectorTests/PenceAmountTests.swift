import Testing
import LiveTextCore
@testable import LiveTextDetectors

@Suite("money: pence written with a glued p")
struct PenceAmountTests {
    @Test("pence where the page is British money", arguments: [
        ("Oat milk 2 99p", "GB", "99p", "0.99"),
        ("Bananas 45p each", "GB", "45p", "0.45"),
        ("Unit rate 22.5p/kWh", "GB", "22.5p", "0.225"),
        ("Total £4.29, saved 45p", "US", "45p", "0.45"),
        ("Stamps now cost 85p (GBP)", "US", "85p", "0.85"),
    ])
    func pence(text: String, region: String, item: String, amount: String) {
        let run = ShippingQuantityRun(MoneyDetector(), text, region: region)
        let index = run.texts.firstIndex(of: item)
        #expect(index != nil, "\(run.texts)")
        if let index {
            #expect(run.values[index]["amount"] == .string(amount))
            #expect(run.values[index]["currency"] == .string("GBP"))
        }
    }

    @Test("no pence without British money, nor video heights, parts or times", arguments: [
        ("Oat milk 2 99p", "US"),
        ("Stream in 1080p or 720p, £4.99 a month", "US"),
        ("Stream in 1080p or 720p", "GB"),
        ("Doors open at 11p.m.", "GB"),
        ("A 1920x1080p panel", "GB"),
        ("Model RX-45p2 costs £40", "US"),
        ("Page 3/45p", "GB"),
        ("v1.45p release", "GB"),
        ("a 4p connector for £3", "US"),
        ("Shoots 4K at 25p and 50p, £1,299", "GB"),
        ("60p footage, £40 a licence", "US"),
        ("12p connector cable £3", "US"),
    ])
    func negatives(text: String, region: String) {
        let run = ShippingQuantityRun(MoneyDetector(), text, region: region)
        #expect(!run.texts.contains { $0.hasSuffix("p") }, "\(run.texts)")
    }

    @Test("a one-digit amount needs a pound sign on its line", arguments: [
        ("Price £1.20, was 9p more", ["£1.20", "9p"]),
        ("Total £1.20\na 4p cable", ["£1.20"]),
    ] as [(String, [String])])
    func oneDigit(text: String, expected: [String]) {
        #expect(ShippingQuantityRun(MoneyDetector(), text, region: "US").texts == expected)
    }

    @Test("a pound sign far away (another text pasted below) does not make pence")
    func farAway() {
        let text = "Total £4.29" + String(repeating: "\n", count: 700) + "Oat milk 99p"
        #expect(ShippingQuantityRun(MoneyDetector(), text, region: "US").texts == ["£4.29"])
    }

    @Test("many candidates stay linear")
    func hostile() {
        let text = String(repeating: "12p £1 ", count: 50_000)
        let run = ShippingQuantityRun(MoneyDetector(), text, region: "US")
        #expect(run.texts.count == 100_000)
    }
}
