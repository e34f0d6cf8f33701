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
        "livraison", "envio", "seguimiento", "spedizione", "pacco", "zending", "pakket",
    ]
}
