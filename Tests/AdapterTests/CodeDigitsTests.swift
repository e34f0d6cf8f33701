import Foundation
import LiveTextCore
import LiveTextEngines
import Testing

/// The value printed under a bar code, read as text, agrees with what the bars decoded.
@Suite("a bar code's printed value")
struct CodeDigitsTests {
    static let codes = BackgroundEdgesTests.screens.deletingLastPathComponent().appendingPathComponent("codes")

    static func lines(_ name: String) async throws -> [String] {
        let image = try ImageInput().decodeInProcess(Data(contentsOf: codes.appendingPathComponent(name)))
        let analysis = try await Fixture.analyzer.analyze(image, source: name, configuration: .init(types: [.text, .codes]))
        return analysis.blocks.flatMap(\.lines).map(\.text)
    }

    @Test("under a Code 128, a Code 93 and GS1 DataBar: read in full beside the bars (no margin cuts them) and, a few edits off, as decoded")
    func printedValues() async throws {
        let label = try await Self.lines("label-code128-qr.png")
        #expect(label.contains("1Z999AA10123456784"), "\(label)")
        let invoice = try await Self.lines("code93-invoice.png")
        #expect(invoice.contains("INV 93-7731"), "\(invoice)")
        let coupon = try await Self.lines("databar-coupon.png")
        #expect(coupon.contains("(01)09501101530010"), "\(coupon)")
        let carton = try await Self.lines("i25-carton.png")
        #expect(carton.filter { $0 == "12345678901231" }.count == 1, "\(carton)")
    }

    static func line(_ text: String, _ bounds: Bounds) -> TextLine {
        TextLine(words: [TextWord(text: text, bounds: bounds, confidence: 80)])
    }

    @Test("a caption under the bars, a line far below or beside them, and a reading many edits off stay as read")
    func leftAsRead() {
        let code = MachineReadableCode(symbology: "CODE-128", payload: "1Z999AA10123456784", bounds: Bounds(x: 20, y: 70, width: 370, height: 70))
        let near = Self.line("17999AA10123456784", Bounds(x: 140, y: 145, width: 125, height: 12))
        let caption = Self.line("Scan at the counter", Bounds(x: 140, y: 145, width: 125, height: 12))
        let far = Self.line("17999AA10123456784", Bounds(x: 140, y: 200, width: 125, height: 12))
        let beside = Self.line("17999AA10123456784", Bounds(x: 400, y: 145, width: 125, height: 12))
        let garbled = Self.line("LZYYYHH LU 1", Bounds(x: 140, y: 145, width: 125, height: 12))
        let fixed = CodeDigits.reconciled([near, caption, far, beside, garbled].map { TextBlock(lines: [$0]) }, with: [code])
        #expect(fixed.map(\.text) == ["1Z999AA10123456784", "Scan at the counter", "17999AA10123456784",
                                      "17999AA10123456784", "LZYYYHH LU 1"])
        // A QR code's payload is never printed as its value.
        let qr = MachineReadableCode(symbology: "QR-Code", payload: "1Z999AA10123456784", bounds: code.bounds)
        #expect(CodeDigits.reconciled([TextBlock(lines: [near])], with: [qr]).map(\.text) == ["17999AA10123456784"])
    }
}
