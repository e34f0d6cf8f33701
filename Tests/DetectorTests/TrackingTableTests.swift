import Testing
import LiveTextCore
@testable import LiveTextDetectors

/// Tracking numbers in table cells: the column's header is their context.
@Suite("tracking: numbers in table cells")
struct TrackingTableTests {
    private static let rows = [
        "Order      Placed       Total     Tracking          Status",
        "#100234    2024-03-01   $45.10    986578788855      Pending",
        "#100235    2024-03-02   $12.00    —                 Cancelled",
        "#100236    2024-03-04   $99.95    477179081230      Pending",
    ]

    @Test("a weak-format number far below its 'Tracking' header is found")
    func headerAbove() {
        let text = Self.rows.joined(separator: "\n")
        #expect(ShippingQuantityRun(TrackingNumberDetector(), text).texts == ["986578788855", "477179081230"])
    }

    @Test("the same numbers under another header, or off the column, are not")
    func otherHeader() {
        let text = Self.rows.joined(separator: "\n").replacingOccurrences(of: "Tracking", with: "Invoice ")
        #expect(ShippingQuantityRun(TrackingNumberDetector(), text).texts == [])
        let shifted = ["Tracking", String(repeating: "x", count: 100), "Order " + String(repeating: " ", count: 30)
                       + "986578788855"].joined(separator: "\n")
        #expect(ShippingQuantityRun(TrackingNumberDetector(), shifted).texts == [])
    }

    @Test("a long table stays linear")
    func longTable() {
        let row = "#100234    2024-03-01   $45.10    986578788855      Pending"
        let text = ([Self.rows[0]] + Array(repeating: row, count: 20_000)).joined(separator: "\n")
        // Only the rows within reach of the header (12 lines) count.
        let found = ShippingQuantityRun(TrackingNumberDetector(), text).texts
        #expect(found.count == 12)
    }
}
