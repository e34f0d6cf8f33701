import Foundation

/// Proleptic Gregorian day arithmetic on plain integers.
///
/// Dates are handled as day numbers (days since 1970-01-01) so that "in 3 days", "next Friday" and
/// year inference are additions and comparisons, not `Calendar` round trips; `Calendar` is slow
/// and its results depend on the process locale. The conversions use the well-known era/day-of-era
/// decomposition of the Gregorian 400-year cycle (146,097 days).
enum CivilCalendar {
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(month, year: year)
    }

    /// Days since 1970-01-01 of a valid date.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number.
    static func civil(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 1 = Sunday ... 7 = Saturday, as Foundation numbers weekdays (1970-01-01 was a Thursday).
    static func weekday(_ dayNumber: Int) -> Int {
        ((dayNumber % 7 + 7 + 4) % 7) + 1
    }

    /// The day number `months` calendar months after the given date, the day clamped to the
    /// target month's length (Jan 31 + 1 month = Feb 28).
    static func adding(months: Int, toYear year: Int, month: Int, day: Int) -> Int {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        return dayNumber(year: newYear, month: newMonth,
                         day: min(day, daysInMonth(newMonth, year: newYear)))
    }

    static func isoDate(_ dayNumber: Int) -> String {
        let (y, m, d) = civil(dayNumber)
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
    }

    /// `2026-03-03T15:00:00+01:00` for a wall-clock time and its UTC offset.
    static func isoDateTime(dayNumber: Int, secondOfDay: Int, offsetSeconds: Int) -> String {
        let hour = secondOfDay / 3600, minute = secondOfDay / 60 % 60, second = secondOfDay % 60
        let sign = offsetSeconds < 0 ? "-" : "+"
        let offsetMinutes = abs(offsetSeconds) / 60
        return isoDate(dayNumber) + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
            + sign + pad(offsetMinutes / 60, 2) + ":" + pad(offsetMinutes % 60, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        return value < 0 ? "-" + padded : padded
    }
}

/// The reference time split into the local day and second of day, and the conversions between
/// wall-clock times in the context's zone and instants.
struct ReferenceClock {
    let timeZone: TimeZone
    /// Whole seconds since 1970 of the reference instant.
    let instant: Int
    let day: Int
    let secondOfDay: Int

    init(referenceDate: Date, timeZone: TimeZone) {
        self.timeZone = timeZone
        instant = Int(referenceDate.timeIntervalSince1970.rounded(.down))
        let local = instant + timeZone.secondsFromGMT(for: referenceDate)
        day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        secondOfDay = local - day * 86_400
    }

    var today: (year: Int, month: Int, day: Int) { CivilCalendar.civil(day) }

    /// The zone's UTC offset in force at a wall-clock time (the offset before a DST gap).
    func offset(day: Int, secondOfDay: Int) -> Int {
        let wall = day * 86_400 + secondOfDay
        let guess = wall - timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall)))
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(guess)))
    }

    /// The wall-clock day, second of day and offset of an instant.
    func wallTime(ofInstant seconds: Int) -> (day: Int, secondOfDay: Int, offset: Int) {
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        let local = seconds + offset
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (day, local - day * 86_400, offset)
    }
}
