/// The numbering plans of every region, generated from a numbering-plan database
/// (`NumberingPlanData`, `scripts/gen-numbering-plans.py`), decoded once, on first use.
///
/// The hand-written coarse plans (`NumberingPlans`) stay the plans of the user's region and of the
/// regions the text points at; these precise ones validate numbers of every other region: an
/// international number whose code has no hand plan, and a national number of another country
/// where a word says "phone" or only one plausible plan takes it (`ForeignNationalNumbers`).
enum GeneratedPlans {
    static let all: [NumberingPlan] = NumberingPlanData.text.split(separator: "\n").compactMap {
        NumberingPlan(generated: $0.drop { $0 == " " })
    }

    static let byRegion: [String: NumberingPlan] = {
        var table: [String: NumberingPlan] = [:]
        for plan in all { table[plan.region] = plan }
        return table
    }()

    /// The plans of each calling code, its main region first.
    static let byCallingCode: [Int: [NumberingPlan]] = {
        var table: [Int: [NumberingPlan]] = [:]
        for plan in all {
            if plan.isMainForCode {
                table[plan.callingCode, default: []].insert(plan, at: 0)
            } else {
                table[plan.callingCode, default: []].append(plan)
            }
        }
        return table
    }()

    /// Regions a national number of another country is most likely from, most likely first: the
    /// countries of the languages we read and the largest economies and populations. A number
    /// valid in several plans is read in the first of them; one valid in none of them is only
    /// taken after a word that says "phone".
    static let plausibleRegions: [String] = [
        "US", "GB", "DE", "FR", "NL", "ES", "IT", "PT", "PL", "BR", "CN", "IN", "BE", "CH", "AT", "IE", "DK",
        "SE", "NO", "FI", "CZ", "AU", "NZ", "JP", "KR", "MX", "AR", "RU", "TR", "ZA", "SG", "HK", "IL",
        "AE", "GR", "HU", "RO", "UA", "CO", "CL", "PE", "ID", "MY", "PH", "TH", "VN", "TW", "NG", "EG",
        "SA", "PK", "BD",
    ]

    /// `plausibleRegions`' plans, in order.
    static let plausible: [NumberingPlan] = plausibleRegions.compactMap { byRegion[$0] }

    /// The other plans, in the table's order.
    static let others: [NumberingPlan] = all.filter { !plausibleRegions.contains($0.region) }
}
