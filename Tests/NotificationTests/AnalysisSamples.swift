import Foundation
import LiveTextCore
import LiveTextDetectors

/// Analyses built from words and codes and run through the real interpreter, so the items and
/// quick actions are the ones the daemon would produce.
enum AnalysisSamples {
    /// One line a word each, 20 px high, in the order given.
    static func analysis(lines: [String], codes: [MachineReadableCode] = [],
                         width: Int = 600, height: Int = 200) -> ImageAnalysis {
        let blocks = lines.isEmpty ? [] : [TextBlock(lines: lines.enumerated().map { row, line in
            var x = 10
            let words = line.split(separator: " ").map { word -> TextWord in
                defer { x += word.count * 9 + 9 }
                return TextWord(text: String(word), bounds: Bounds(x: x, y: 10 + row * 24, width: word.count * 9, height: 20),
                                confidence: 95)
            }
            return TextLine(words: words)
        })]
        var analysis = ImageAnalysis(image: .init(width: width, height: height, source: "test"), blocks: blocks, codes: codes)
        let context = DetectionContext(referenceDate: Date(timeIntervalSince1970: 1_790_000_000),
                                       timeZone: TimeZone(identifier: "UTC")!, region: "US")
        AnalysisInterpreter(context: context).interpret(&analysis, only: nil)
        return analysis
    }

    static let invoice = analysis(lines: [
        "Invoice 4471 see https://example.org/pay",
        "Mail billing@example.com or call +1 415 555 0123",
        "Thanks",
    ])

    static let wifiCode = analysis(lines: [], codes: [
        MachineReadableCode(symbology: "QR-Code", payload: "WIFI:T:WPA;S:Home;P:secret99;;",
                            bounds: Bounds(x: 20, y: 20, width: 120, height: 120)),
    ])

    static let linkCodeAndText = analysis(lines: ["Scan to pay"], codes: [
        MachineReadableCode(symbology: "QR-Code", payload: "https://www.example.net/pay?id=7",
                            bounds: Bounds(x: 300, y: 20, width: 120, height: 120)),
    ])

    static let plainText = analysis(lines: ["Hello there", "General Kenobi"])

    static let empty = analysis(lines: [])
}
