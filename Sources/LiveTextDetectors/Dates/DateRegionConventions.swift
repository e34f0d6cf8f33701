/// How a region writes and counts dates: the order of numeric day and month, and the first day
/// of the week ("next week" starts on it).
struct DateRegionConventions: Sendable {
    /// `3/5/2026` is March 5 (true) or 3 May (false). ISO `2026-03-05` is always year-month-day
    /// and dotted `05.03.2026` always day-first, whatever this says.
    let monthFirst: Bool
    /// 1 = Sunday ... 7 = Saturday.
    let firstWeekday: Int

    init(region: String) {
        monthFirst = Self.monthFirstRegions.contains(region)
        if Self.sundayFirstRegions.contains(region) {
            firstWeekday = 1
        } else if Self.saturdayFirstRegions.contains(region) {
            firstWeekday = 7
        } else {
            firstWeekday = 2
        }
    }

    /// Regions whose short numeric dates put the month first: the United States and its
    /// territories, the Philippines, the Federated States of Micronesia, the Marshall Islands,
    /// Palau, and Canada (English usage; French Canadian text mostly writes ISO dates).
    private static let monthFirstRegions: Set<String> = [
        "US", "CA", "PH", "FM", "MH", "PW", "GU", "PR", "AS", "VI", "UM", "MP",
    ]

    /// First day of the week per region, from the Unicode CLDR supplemental data (`weekData`,
    /// `firstDay`); the regions not listed start on Monday.
    private static let sundayFirstRegions: Set<String> = [
        "AG", "AS", "BD", "BR", "BS", "BT", "BW", "BZ", "CA", "CN", "CO", "DM", "DO", "ET", "GT", "GU",
        "HK", "HN", "ID", "IL", "IN", "JM", "JP", "KE", "KH", "KR", "LA", "MH", "MM", "MO", "MT", "MX",
        "MZ", "NI", "NP", "PA", "PE", "PH", "PK", "PR", "PT", "PY", "SA", "SG", "SV", "TH", "TT", "TW",
        "UM", "US", "VE", "VI", "WS", "YE", "ZA", "ZW",
    ]
    private static let saturdayFirstRegions: Set<String> = [
        "AE", "AF", "BH", "DJ", "DZ", "EG", "IQ", "IR", "JO", "KW", "LY", "OM", "QA", "SD", "SY",
    ]
}
