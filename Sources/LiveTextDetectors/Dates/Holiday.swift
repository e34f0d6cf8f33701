/// A holiday: a fixed date, Easter's (Gregorian computus), or the n-th weekday of a month, and
/// days before or after it (`shift`).
enum Holiday: Equatable, Sendable {
    case fixed(month: Int, day: Int, shift: Int)
    case easter(shift: Int)
    case nthWeekday(ordinal: Int, weekday: Int, month: Int, shift: Int)

    func shifted(_ days: Int) -> Holiday {
        switch self {
        case .fixed(let month, let day, let shift): .fixed(month: month, day: day, shift: shift + days)
        case .easter(let shift): .easter(shift: shift + days)
        case .nthWeekday(let o, let w, let m, let shift): .nthWeekday(ordinal: o, weekday: w, month: m, shift: shift + days)
        }
    }

    /// Its day number in `year`.
    func day(in year: Int) -> Int? {
        switch self {
        case .fixed(let month, let day, let shift):
            return CivilCalendar.dayNumber(year: year, month: month, day: day) + shift
        case .easter(let shift):
            // The Gregorian computus holds from the calendar's first Easter (1583) on; before it
            // Easter was reckoned on the Julian calendar, which livetext does not: no day.
            guard year >= Self.firstGregorianEaster else { return nil }
            return Self.easterSunday(year) + shift
        case .nthWeekday(let ordinal, let weekday, let month, let shift):
            return Self.nthWeekday(ordinal, weekday, month: month, year: year).map { $0 + shift }
        }
    }

    /// The day number of the n-th (1-5) or last (-1) weekday (1 = Sunday) of a month.
    static func nthWeekday(_ ordinal: Int, _ weekday: Int, month: Int, year: Int) -> Int? {
        guard (1...12).contains(month) else { return nil }
        if ordinal == -1 {
            let lastDay = CivilCalendar.adding(months: 1, toYear: year, month: month, day: 1) - 1
            return lastDay - (CivilCalendar.weekday(lastDay) - weekday + 7) % 7
        }
        let first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
        let day = first + (weekday - CivilCalendar.weekday(first) + 7) % 7 + 7 * (ordinal - 1)
        return CivilCalendar.civil(day).month == month ? day : nil
    }

    static let firstGregorianEaster = 1583

    /// Easter Sunday (the anonymous Gregorian algorithm).
    static func easterSunday(_ year: Int) -> Int {
        let a = year % 19, b = year / 100, c = year % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return CivilCalendar.dayNumber(year: year, month: month, day: day)
    }
}
