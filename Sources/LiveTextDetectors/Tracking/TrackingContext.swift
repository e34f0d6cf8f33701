/// The words around a candidate number: a shipping word makes a weak format believable, a
/// carrier's name picks that carrier when formats collide.
struct TrackingContext {
    /// Some shipping word or carrier name is near.
    var isShipping = false
    /// Carrier ids named near.
    var carriers: Set<String> = []

    /// How far before and after the number to look, in scalars.
    static let before = 80
    static let after = 40

    init(_ text: ScannedText, around range: Range<Int>) {
        let low = max(0, range.lowerBound - Self.before)
        let high = min(text.count, range.upperBound + Self.after)
        scan(text, low..<range.lowerBound)
        scan(text, range.upperBound..<high)
        if !isShipping { columnHeader(text, above: range) }
    }

    /// How many lines up a table's header may be, and how long a line is read.
    static let headerLines = 12
    static let lineLimit = 240

    /// The word above the number in a table, at its column, on one of the lines before it
    /// ("Tracking" over "986578788855" three rows down): a column header counts as a word nearby.
    /// Only for a number in a table's row (a column gap before it on its line).
    /// Each line above is read only around the column, so the cost per number is bounded.
    private mutating func columnHeader(_ text: ScannedText, above range: Range<Int>) {
        var lineStart = range.lowerBound
        while lineStart > 0, range.lowerBound - lineStart < Self.lineLimit, !text[lineStart - 1].isLineBreak {
            lineStart -= 1
        }
        guard lineStart == 0 || text[lineStart - 1].isLineBreak else { return }
        // Only in a table's row: a column gap (two blanks, a tab or a bar) before the number.
        var gap = false
        var index = lineStart
        while index + 1 < range.lowerBound, !gap {
            let scalar = text[index]
            gap = scalar == "\t" || scalar == "|" || (scalar == " " && text[index + 1] == " ")
            index += 1
        }
        guard gap else { return }
        let column = range.lowerBound - lineStart
        var end = lineStart - 1  // the line break before the number's line
        for _ in 0..<Self.headerLines {
            guard end > 0 else { return }
            var start = end
            while start > 0, end - start < Self.lineLimit, !text[start - 1].isLineBreak { start -= 1 }
            guard start == 0 || text[start - 1].isLineBreak else { return }
            // The word at the column, or starting within two columns of it.
            var position = start + column
            if position < end, text[position].isASCIILetter {
                while position > start, text[position - 1].isASCIILetter { position -= 1 }
            } else {
                var ahead = position
                while ahead < end, ahead < start + column + 3, !text[ahead].isASCIILetter { ahead += 1 }
                position = ahead
            }
            if position < end, text[position].isASCIILetter {
                var wordEnd = position
                var word = ""
                while wordEnd < end, text[wordEnd].isASCIILetter, wordEnd - position < 24 {
                    word.unicodeScalars.append(text[wordEnd].asciiLowercased)
                    wordEnd += 1
                }
                note(word)
                if isShipping { return }
            }
            end = start - 1
        }
    }

    private mutating func scan(_ text: ScannedText, _ range: Range<Int>) {
        var word = ""
        for index in range {
            let scalar = text[index]
            if scalar.isASCIILetter {
                word.unicodeScalars.append(scalar.asciiLowercased)
            } else if !word.isEmpty {
                note(word)
                word = ""
            }
        }
        if !word.isEmpty { note(word) }
    }

    private mutating func note(_ word: String) {
        if let carrier = Self.carrierWords[word] {
            isShipping = true
            carriers.insert(carrier)
        } else if Self.shippingWords.contains(word) {
            isShipping = true
        }
    }

    static let carrierWords: [String: String] = [
        "ups": "ups", "fedex": "fedex", "usps": "usps", "dhl": "dhl", "amazon": "amazon",
        "canada": "canada_post", "canadapost": "canada_post", "postes": "canada_post",
        "canpar": "canpar", "dpd": "dpd", "gofo": "gofo", "landmark": "landmark",
        "lasership": "lasership", "dominion": "old_dominion", "odfl": "old_dominion",
        "ontrac": "ontrac", "purolator": "purolator", "speedee": "speedee", "spee": "speedee",
        "yodel": "yodel", "yunexpress": "yunexpress", "upu": "s10", "ems": "s10",
    ]

    static let shippingWords: Set<String> = [
        "tracking", "track", "tracked", "trace", "shipment", "shipments", "shipping", "shipped",
        "ship", "parcel", "parcels", "package", "packages", "pkg", "delivery", "delivered",
        "deliver", "awb", "waybill", "airwaybill", "consignment", "courier", "carrier", "label",
        "pro", "postal", "post", "mail", "registered", "sendung", "sendungsnummer",
        "sendungsverfolgung", "paket", "paketnummer", "lieferung", "colis", "suivi", "envoi",
        "livraison", "envio", "seguimiento", "spedizione", "pacco", "zending", "pakket", "transit",
    ]
}
