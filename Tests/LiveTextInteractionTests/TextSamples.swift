import LiveTextCore

/// Analyses laid out by hand: every character 10 px wide, words 10 px apart, lines 20 px high.
enum TextSamples {
    /// A block of `lines` (words split on spaces) whose first line's top-left corner is (x, y);
    /// lines 30 px apart.
    static func block(_ lines: [String], x: Int, y: Int) -> TextBlock {
        TextBlock(lines: lines.enumerated().map { row, line in
            var left = x
            return TextLine(words: line.split(separator: " ").map { word in
                defer { left += word.count * 10 + 10 }
                return TextWord(text: String(word), bounds: Bounds(x: left, y: y + row * 30, width: word.count * 10, height: 20),
                                confidence: 90)
            })
        })
    }

    /// Three blocks: two lines top left, two lines below them, and a note in a right-hand column.
    ///
    ///     Hello wide world            Side note
    ///     second line cafe´
    ///
    ///     Call +1 415 555 0123
    ///     Thanks!
    static let page = ImageAnalysis(image: .init(width: 600, height: 200, source: "test"), blocks: [
        block(["Hello wide world", "second line cafe\u{301}"], x: 10, y: 10),
        block(["Call +1 415 555 0123", "Thanks!"], x: 10, y: 100),
        block(["Side note"], x: 400, y: 10),
    ])

    /// `page` with a phone number item, a two-line item, and a QR code whose payload gave a link.
    static var withItems: ImageAnalysis {
        var analysis = page
        let text = analysis.text
        func item(_ kind: ItemKind, _ covered: String) -> DetectedItem {
            let range = text.range(of: covered)!
            let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound)
            let end = start + covered.unicodeScalars.count
            return DetectedItem(kind: kind, text: covered, start: start, end: end, bounds: nil)
        }
        var phone = item(.phone, "+1 415 555 0123")
        phone.bounds = Bounds(x: 60, y: 100, width: 150, height: 20)
        var twoLines = item(.address, "world\nsecond")
        twoLines.bounds = Bounds(x: 10, y: 10, width: 160, height: 50)
        twoLines.lines = [Bounds(x: 120, y: 10, width: 50, height: 20), Bounds(x: 10, y: 40, width: 60, height: 20)]
        let code = MachineReadableCode(symbology: "QR-Code", payload: "https://example.org",
                                       bounds: Bounds(x: 450, y: 100, width: 80, height: 80))
        let link = DetectedItem(kind: .link, text: "https://example.org", start: 0, end: 19, bounds: code.bounds,
                                source: .code)
        analysis.items = [phone, twoLines, link]
        analysis.codes = [code]
        analysis.actions = [
            QuickAction(id: "call-phone-0", title: "Call", kind: .call, target: "tel:+14155550123", subject: .item(0)),
            QuickAction(id: "copy-phone-0", title: "Copy", kind: .copy, target: "+1 415 555 0123", subject: .item(0)),
            QuickAction(id: "open-link-0", title: "Open", kind: .open, target: "https://example.org", subject: .item(2)),
            QuickAction(id: "copy-code-0", title: "Copy code", kind: .copy, target: "https://example.org", subject: .code(0)),
            QuickAction(id: "copy-text", title: "Copy Text", kind: .copy, target: text, subject: .text),
            QuickAction(id: "lookup-text", title: "Look Up", kind: .lookup, target: "x", subject: .text),
        ]
        return analysis
    }

    /// `text` between two Unicode-scalar offsets.
    static func slice(_ text: String, _ from: Int, _ to: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[from..<to])
        return String(result)
    }
}
