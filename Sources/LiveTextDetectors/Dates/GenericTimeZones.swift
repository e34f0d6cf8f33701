/// North America's generic zones as schedules write them after a time ("9am PT", "2 p.m. ET"):
/// standard time in winter, daylight time from the second Sunday of March to the first Sunday of
/// November, both at 2:00 local. The parser has no day yet when it reads the zone, so it keeps
/// the standard offset marked (`encode`) in the moment's `zoneMinutes`, and the resolver turns it
/// into the offset in force on the day it settles on (`minutes(_:day:secondOfDay:)`).
enum GenericTimeZones {
    /// Far outside any real offset (at most ±14 hours = ±840 minutes).
    private static let marker = 100_000

    /// "pt", "et", "ct", "mt", "akt", "ht": standard minutes east of UTC.
    static let standardMinutes: [WordKey: Int] = [
        WordKeys.pack("pt"): -480, WordKeys.pack("mt"): -420, WordKeys.pack("ct"): -360,
        WordKeys.pack("et"): -300, WordKeys.pack("akt"): -540,
    ]

    static func encode(standard minutes: Int) -> Int { minutes + marker }

    /// The minutes east of UTC that `zoneMinutes` stands for on `day` (a day number) at a
    /// wall-clock second: fixed offsets as they are, generic zones with daylight time applied.
    static func minutes(_ zoneMinutes: Int, day: Int, secondOfDay: Int?) -> Int {
        guard zoneMinutes > marker / 2 else { return zoneMinutes }
        let standard = zoneMinutes - marker
        let (year, _, _) = CivilCalendar.civil(day)
        let begins = nthSunday(2, year: year, month: 3), ends = nthSunday(1, year: year, month: 11)
        let second = secondOfDay ?? 43_200
        let afterStart = day > begins || (day == begins && second >= 7_200)
        let beforeEnd = day < ends || (day == ends && second < 7_200)
        return afterStart && beforeEnd ? standard + 60 : standard
    }

    /// The day number of the n-th Sunday of a month.
    private static func nthSunday(_ n: Int, year: Int, month: Int) -> Int {
        let first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
        let weekday = ((first + 4) % 7 + 7) % 7  // 0 = Sunday; day 0 (1970-01-01) was a Thursday
        return first + (7 - weekday) % 7 + 7 * (n - 1)
    }
}
