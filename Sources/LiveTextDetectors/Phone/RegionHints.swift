import LiveTextCore

/// A region the text itself points at, and where: an address's country, a `+CC` number, a
/// currency of one country, a country-code domain. National phone numbers are read in the
/// nearest such region before the user's.
struct RegionHint: Sendable, Equatable {
    var position: Int
    /// ISO 3166 alpha-2, upper case, a region with a numbering plan.
    var region: String
}

enum RegionHints {
    /// The kinds whose items can name a region.
    static let sourceKinds: Set<ItemKind> = [.address, .link, .email, .money]

    /// The hints in `detections`, in their order.
    static func hints(from detections: [Detection]) -> [RegionHint] {
        var hints: [RegionHint] = []
        for detection in detections {
            guard let named = region(of: detection)?.uppercased() else { continue }
            // Canada and the other NANP members dial as the US plan does.
            let region = NANPRegions.members.contains(named) ? "US" : named
            guard NumberingPlans.byRegion[region] != nil else { continue }
            hints.append(RegionHint(position: detection.range.lowerBound, region: region))
        }
        return hints
    }

    private static func region(of detection: Detection) -> String? {
        switch detection.kind {
        case .address:
            guard case .object(let components)? = detection.value["components"] else { return nil }
            return components.string("country")
        case .link:
            return detection.value.string("host").flatMap(countryOfDomain)
        case .email:
            return detection.value.string("address").flatMap(countryOfDomain)
        case .money:
            return detection.value.string("currency").flatMap { currencyRegions[$0] }
        default:
            return nil
        }
    }

    /// `www.example.de` → `DE`, `shop.example.co.uk` → `GB`; generic domains → nil.
    static func countryOfDomain(_ host: String) -> String? {
        let scalars = Array(host.unicodeScalars.reversed().prefix { $0 != "." && $0 != "@" })
        guard scalars.count == 2, scalars.allSatisfy(\.isASCIILetter) else { return nil }
        let tld = String(String.UnicodeScalarView(scalars.reversed())).uppercased()
        return tld == "UK" ? "GB" : tld
    }

    /// Currencies of one country (the euro and the dollar of many are no hint).
    static let currencyRegions: [String: String] = [
        "GBP": "GB", "CHF": "CH", "SEK": "SE", "NOK": "NO", "DKK": "DK", "PLN": "PL", "CZK": "CZ",
        "AUD": "AU", "NZD": "NZ", "JPY": "JP", "CNY": "CN", "INR": "IN", "BRL": "BR", "ARS": "AR",
        "MXN": "MX", "RUB": "RU", "KRW": "KR", "SGD": "SG", "HKD": "HK", "ZAR": "ZA", "TRY": "TR",
        "ILS": "IL", "AED": "AE", "CAD": "CA",
    ]
}

extension RegionHints {
    /// `+49 …`, `+44(0)…`: the region of each written calling code that has a plan.
    static func callingCodeHints(in s: [Unicode.Scalar]) -> [RegionHint] {
        var hints: [RegionHint] = []
        var i = 0
        while i < s.count {
            defer { i += 1 }
            guard s[i] == "+", i == 0 || !s[i - 1].isAlphanumeric else { continue }
            var k = i + 1
            if k < s.count, s[k].isHorizontalSpace { k += 1 }
            var code = 0
            for _ in 0..<3 {
                guard k < s.count, let d = s[k].asciiDigitValue else { break }
                code = code * 10 + d
                k += 1
                if let plan = NumberingPlans.byCallingCode[code] {
                    hints.append(RegionHint(position: i, region: plan.region))
                    break
                }
                if CallingCodes.region(of: code) != nil { break }
            }
        }
        return hints
    }

    /// How far a hint reaches, in scalars: a screenful of a listing or a signature, not the
    /// next page.
    static let reach = 1000

    /// The plans a national number at `position` is read in: the nearest hint's region before it
    /// (a number under its address, after its `+CC` sibling), the nearest after it, each within
    /// `reach`, then the countries of the languages read (`LanguageRegions`), then the user's
    /// region. One binary search, whatever the number of hints.
    static func plans(near position: Int, hints: [RegionHint], languages: [NumberingPlan] = [],
                      fallback: NumberingPlan?) -> [NumberingPlan] {
        var low = 0, high = hints.count
        while low < high {
            let mid = (low + high) / 2
            if hints[mid].position < position { low = mid + 1 } else { high = mid }
        }
        var nearby: [RegionHint] = []
        if low > 0, position - hints[low - 1].position <= reach { nearby.append(hints[low - 1]) }
        if low < hints.count, hints[low].position - position <= reach { nearby.append(hints[low]) }
        var plans: [NumberingPlan] = []
        for hint in nearby {
            guard let plan = NumberingPlans.byRegion[hint.region],
                  !plans.contains(where: { $0.region == plan.region }) else { continue }
            plans.append(plan)
        }
        for plan in languages where !plans.contains(where: { $0.region == plan.region }) { plans.append(plan) }
        if let fallback, !plans.contains(where: { $0.region == fallback.region }) { plans.append(fallback) }
        return plans
    }
}
