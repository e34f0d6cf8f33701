/// The tracking number formats, most specific first: when two formats match the same text and no
/// carrier is named nearby, the one listed earlier wins (a longer match wins over both).
///
/// Facts (lengths, prefixes, check-digit algorithms, tracking pages) from
/// github.com/jkeen/tracking_number_data (couriers/*.json, MIT); the Amazon, LaserShip and S10
/// pages are the carriers' public tracking pages.
enum TrackingFormats {
    static let ups = "https://wwwapps.ups.com/WebTracking/track?track=yes&trackNums=%s"
    static let fedex = "https://www.fedex.com/apps/fedextrack/?tracknumbers=%s"
    static let usps = "https://tools.usps.com/go/TrackConfirmAction?tLabels=%s"
    static let dhl = "https://www.dhl.com/en/express/tracking.html?brand=DHL&AWB=%s"
    static let amazon = "https://track.amazon.com/tracking/%s"
    static let lasership = "https://www.lasership.com/track/%s"
    static let purolator = "https://www.purolator.com/en/shipping/tracker?searchValue=%s"
    static let odfl = "https://www.odfl.com/us/en/tools/trace-track-ltl-freight/trace.html?proNumbers=%s"
    static let ontrac = "https://www.ontrac.com/tracking/?number=%s"
    static let dpd = "https://www.dpdgroup.com/nl/mydpd/my-parcels/track?lang=en&parcelNumber=%s"
    /// S10 items: the destination or origin post's page where we know it, else a multi-post tracker.
    static let s10Fallback = "https://www.17track.net/en/track?nums=%s"
    static let s10Pages: [String: String] = [
        "US": usps,
        "CA": "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=%s",
        "GB": "https://www.royalmail.com/track-your-item#/tracking-results/%s",
        "DE": "https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode=%s",
        "FR": "https://www.laposte.fr/outils/suivre-vos-envois?code=%s",
        "AU": "https://auspost.com.au/mypost/track/#/details/%s",
        "NL": "https://postnl.nl/tracktrace/?B=%s",
    ]

    /// FedEx Express weights (3 1 7 repeating) and the FedEx 34-digit serial weights (1 7 3).
    private static let w317 = [3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1]
    private static let w173 = [1, 7, 3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1]

    static let all: [TrackingFormat] = specific + usPostal + generic

    /// Formats with a distinctive prefix.
    private static let specific: [TrackingFormat] = [
        TrackingFormat("ups", "UPS", "UPS", "1Z***************#",
                       .mod10(sequence: 2..<17, check: 17, evens: 1, odds: 2, prefix: []), url: ups),
        TrackingFormat("s10", "UPU S10", "S10", "@@#########@@", .s10, url: s10Fallback),
        TrackingFormat("amazon", "Amazon Logistics", "Amazon Logistics", "TB[ACM]############",
                       url: amazon),
        TrackingFormat("ontrac", "OnTrac", "OnTrac C", "C##############",
                       .mod10(sequence: 1..<14, check: 14, evens: 1, odds: 2, prefix: [4]), url: ontrac),
        TrackingFormat("ontrac", "OnTrac", "OnTrac D", "D##############",
                       .mod10(sequence: 1..<14, check: 14, evens: 1, odds: 2, prefix: [5]), url: ontrac),
        TrackingFormat("canpar", "Canpar", "Canpar", "[CDKLSUXZ]#####################",
                       url: "https://www.canpar.com/en/track/tracking.jsp?reference=%s&locale=en"),
        TrackingFormat("gofo", "GOFO Express", "GOFO Express", "GFUS##############",
                       url: "https://www.gofoexpress.com/tracking.html?searchID=%s"),
        TrackingFormat("landmark", "Landmark Global", "Landmark Global LTN", "LTN########N1",
                       url: "https://track.landmarkglobal.com/?search=%s"),
        TrackingFormat("lasership", "LaserShip", "LaserShip 1LS7 (18)", "1LS7[12]##01[1-4]######-1",
                       url: lasership),
        TrackingFormat("lasership", "LaserShip", "LaserShip 1LS7", "1LS7[12]##########", url: lasership),
        TrackingFormat("lasership", "LaserShip", "LaserShip 1LSCX", "1LSCX**********", url: lasership),
        TrackingFormat("lasership", "LaserShip", "LaserShip LX", "L[AIEHNX][1-3]#######",
                       context: true, url: lasership),
        TrackingFormat("speedee", "Spee-Dee Delivery", "Spee-Dee", "SP##################",
                       url: "https://www.speedeedelivery.com/track/?tracking=%s"),
        TrackingFormat("yodel", "Yodel", "Yodel JJD", "JJD################",
                       url: "https://www.yodel.co.uk/tracking/%s"),
        TrackingFormat("yodel", "Yodel", "Yodel JD", "JD################",
                       url: "https://www.yodel.co.uk/tracking/%s"),
        TrackingFormat("yunexpress", "YunExpress", "YunExpress", "YT################",
                       url: "https://www.yuntrack.com/parcelTracking?id=%s"),
        TrackingFormat("dhl", "DHL", "DHL Express piece ID", "J@@##########", context: true, url: dhl),
        TrackingFormat("dhl", "DHL", "DHL Express piece ID", "J@@@##########", context: true, url: dhl),
        TrackingFormat("dhl", "DHL", "DHL Express piece ID", "J@@#########", context: true, url: dhl),
        TrackingFormat("dhl", "DHL", "DHL Express piece ID", "J@@@#########", context: true, url: dhl),
        // The prefix and its 10-39 characters are matched by the detector itself.
        TrackingFormat("dhl", "DHL", "DHL eCommerce", "@@", url: dhl, variableLength: true),
    ]

    /// USPS numbers, bare or after the `420` + ZIP (+4) routing code of the IMpb barcode. The check
    /// digit covers the number after the routing code only.
    private static let usPostal: [TrackingFormat] = {
        // (name, template, sequence length before the check digit, prefix digits of the check)
        let bodies: [(String, String, Int, [Int], Bool)] = [
            ("USPS IMpb", "9[2-5]########################", 25, [], false),
            ("USPS IMpb", "9[1-5]####################", 21, [], true),
            ("USPS 20", "####################", 19, [], true),
            ("USPS Legacy", "####################", 19, [9, 1], true),
        ]
        var formats: [TrackingFormat] = []
        for (routing, zipPlus4) in [("420#########", true), ("420#####", false), ("", false)] {
            for (name, body, length, prefix, takesZipPlus4) in bodies where !zipPlus4 || takesZipPlus4 {
                let offset = routing.count
                formats.append(TrackingFormat(
                    "usps", "USPS", name, routing + body,
                    .mod10(sequence: offset..<(offset + length), check: offset + length, evens: 3, odds: 1,
                           prefix: prefix),
                    url: usps))
            }
        }
        return formats
    }()

    /// Numeric formats told apart by length and check digit; the short ones need context.
    private static let generic: [TrackingFormat] = [
        TrackingFormat("fedex", "FedEx", "FedEx Ground GSN", "96################################",
                       .weighted(sequence: 20..<33, check: 33, weights: w173, modulo1: 11, modulo2: 10),
                       url: fedex),
        TrackingFormat("fedex", "FedEx", "FedEx Express (34)", "[0-8]#################################",
                       .weighted(sequence: 20..<33, check: 33, weights: w173, modulo1: 11, modulo2: 10),
                       url: fedex),
        TrackingFormat("fedex", "FedEx", "FedEx ASTRA", "3###############################",
                       .weighted(sequence: 16..<27, check: 27, weights: w317, modulo1: 11, modulo2: 10),
                       url: fedex),
        TrackingFormat("dpd", "DPD", "DPD (28)", "###########################*",
                       .mod3736(sequence: 0..<27, check: 27), url: dpd),
        TrackingFormat("fedex", "FedEx", "FedEx Ground 96", "96####################",
                       .mod10(sequence: 7..<21, check: 21, evens: 1, odds: 3, prefix: []), url: fedex),
        TrackingFormat("fedex", "FedEx", "FedEx Ground (SSCC-18)", "##################",
                       .mod10(sequence: 0..<17, check: 17, evens: 3, odds: 1, prefix: []),
                       context: true, url: fedex),
        TrackingFormat("canada_post", "Canada Post", "Canada Post", "################",
                       .mod10(sequence: 0..<15, check: 15, evens: 3, odds: 1, prefix: []), context: true,
                       url: "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=%s"),
        TrackingFormat("fedex", "FedEx", "FedEx Ground", "###############",
                       .mod10(sequence: 0..<14, check: 14, evens: 1, odds: 3, prefix: []),
                       context: true, url: fedex),
        TrackingFormat("dpd", "DPD", "DPD (14)", "##############*",
                       .mod3736(sequence: 0..<14, check: 14), context: true, url: dpd),
        TrackingFormat("dhl", "DHL", "DHL eCommerce (14)", "##############", context: true, url: dhl),
        TrackingFormat("fedex", "FedEx", "FedEx Express (12)", "############",
                       .weighted(sequence: 0..<11, check: 11, weights: w317, modulo1: 11, modulo2: 10),
                       context: true, url: fedex),
        TrackingFormat("purolator", "Purolator", "Purolator", "[0-5]###########", .luhn,
                       context: true, url: purolator),
        TrackingFormat("old_dominion", "Old Dominion Freight Line", "Old Dominion", "[07]##########",
                       .luhn, context: true, url: odfl),
        TrackingFormat("old_dominion", "Old Dominion Freight Line", "Old Dominion Guaranteed",
                       "80#########", .luhn, context: true, url: odfl),
        TrackingFormat("dhl", "DHL", "DHL Express", "###########", .mod7(sequence: 0..<10, check: 10),
                       context: true, url: dhl),
        TrackingFormat("dhl", "DHL", "DHL Express", "##########", .mod7(sequence: 0..<9, check: 9),
                       context: true, url: dhl),
        TrackingFormat("ups", "UPS", "UPS Waybill", "[AHJKTV]##########",
                       .mod10(sequence: 1..<10, check: 10, evens: 1, odds: 2, prefix: []),
                       context: true, url: ups),
        TrackingFormat("amazon", "Amazon", "Amazon International", "[AFC]##########",
                       context: true, url: amazon),
        TrackingFormat("purolator", "Purolator", "Purolator", "@@@#########", context: true, url: purolator),
    ]

    /// Old Dominion PRO numbers start 072, 777, 778 or 780; the template above is looser, this
    /// is the exact rule.
    static func isOldDominionPrefix(_ symbols: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefix = (Int(symbols[0]), Int(symbols[1]), Int(symbols[2]))
        return prefix == (0, 7, 2) || prefix == (7, 7, 7) || prefix == (7, 7, 8) || prefix == (7, 8, 0)
    }

    /// S10 service indicators UPU allots (first two letters), from tracking_number_data.
    static func isS10Service(_ first: UInt8, _ second: UInt8) -> Bool {
        let letter = Character(Unicode.Scalar(first - 10 + 0x41))
        let next = Character(Unicode.Scalar(second - 10 + 0x41))
        switch letter {
        case "E", "L", "M", "R", "U", "V", "C", "H", "B", "D", "N", "P", "Z": return true
        case "Q": return next <= "M"
        case "A": return next >= "V"
        case "G": return next == "A" || next == "D"
        default: return false
        }
    }

    /// DHL eCommerce prefixes.
    static let dhlEcommercePrefixes: Set<String> = ["GM", "LX", "RX", "UV", "CN", "SG", "TH", "IN", "HK", "MY"]
}
