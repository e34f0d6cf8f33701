/// A day as written, before it is resolved against the reference time.
enum DaySpec: Equatable {
    /// "March 3", "3/5/2026"; `weekday` when one was written beside it ("Tue, Mar 3").
    case calendar(year: Int?, month: Int, day: Int, weekday: Int?)
    /// "March 2026": its first day.
    case monthOfYear(year: Int, month: Int)
    /// "today" (0), "tomorrow" (1), "yesterday" (-1).
    case offset(days: Int)
    /// 1 = Sunday ... 7 = Saturday.
    case weekday(Int, WeekdayChoice)
    /// "this week" (0), "next week" (1), "last week" (-1): the week's first day.
    case weekStart(offset: Int)
    case monthStart(offset: Int)
    case yearStart(offset: Int)
    /// "the third Monday of May" (ordinal -1: the last).
    case nthWeekday(ordinal: Int, weekday: Int, month: Int, year: Int?)
    /// "Christmas", "Easter Monday 2027".
    case holiday(Holiday, year: Int?)
    /// "next summer", "last winter", "summer 2027": the season's first day (its month's first),
    /// or its last day (`end`). `choice`: -1 last, 0 this, 1 next; a year overrides it.
    case season(month: Int, choice: Int, year: Int?, end: Bool)
    /// "next March", "last December": the month's first day (-1 last, 0 this, 1 next).
    case namedMonth(Int, choice: Int)
    /// The last day of a month ("the end of March", "end of February 2028").
    case monthEnd(year: Int?, month: Int)
    /// "3 days before March 5".
    indirect case shifted(DaySpec, days: Int)

    var isBareWeekday: Bool {
        if case .weekday = self { return true }
        return false
    }
}

/// Which occurrence of a named weekday is meant.
enum WeekdayChoice: Equatable {
    /// "Friday", "on Friday", "this Friday": today if today is Friday, else the next one.
    case upcoming
    /// "next Friday": the first Friday after today.
    case next
    /// "last Friday": the last Friday before today.
    case previous
}

enum Meridiem: Equatable { case am, pm }

/// A time of day as written.
struct ClockTime: Equatable {
    var hour: Int
    var minute = 0
    var second = 0
    var meridiem: Meridiem?
    /// An hour alone ("9"): a time only after "at" or a day, or as part of a range.
    var bareHour = false
    /// "3 o'clock": a time by itself, but am or pm is still a guess.
    var oClock = false
    /// "à 9h", "14 Uhr": an hour alone but on a 24-hour clock, so no afternoon guess.
    var writtenTwentyFour = false
    var isMidnight = false

    /// The hour on a 24-hour clock. A bare hour from 1 to 6 is taken as afternoon ("at 3"
    /// means 15:00; nobody books 3 a.m. that way); `evening` ("tonight at 9") moves any hour
    /// before noon to the evening.
    func hour24(evening: Bool) -> Int {
        switch meridiem {
        case .am?: return hour == 12 ? 0 : hour
        case .pm?: return hour == 12 ? 12 : hour + 12
        case nil:
            if evening && hour < 12 && !isMidnight { return hour + 12 }
            if (bareHour && !writtenTwentyFour || oClock) && (1...6).contains(hour) { return hour + 12 }
            return hour
        }
    }

    /// Written on a 24-hour clock, so a range's am/pm does not spread to it.
    var isTwentyFourHour: Bool { meridiem == nil && (hour == 0 || hour > 12 || writtenTwentyFour) }

    func secondOfDay(evening: Bool) -> Int { hour24(evening: evening) * 3600 + minute * 60 + second }
}

/// A length of time by its parts; fixed-length parts are summed in seconds.
struct DurationSpec: Equatable {
    var years = 0
    var months = 0
    var weeks = 0
    var days = 0
    var seconds = 0
    /// Monday-to-Friday days ("in 5 business days"): only from now, never an ISO duration.
    var businessDays = 0

    var hasCalendarParts: Bool { years != 0 || months != 0 || weeks != 0 || days != 0 || businessDays != 0 }

    /// ISO 8601: `PT2H30M`, `P3D`, `P2W`, `P1DT12H`.
    var iso8601: String {
        var text = "P"
        var days = days
        if years != 0 { text += "\(years)Y" }
        if months != 0 { text += "\(months)M" }
        if weeks != 0 {
            if years == 0 && months == 0 && days == 0 && seconds == 0 {
                return "P\(weeks)W"
            }
            days += weeks * 7
        }
        if days != 0 { text += "\(days)D" }
        if seconds != 0 {
            text += "T"
            let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
            if hours != 0 { text += "\(hours)H" }
            if minutes != 0 { text += "\(minutes)M" }
            if rest != 0 { text += "\(rest)S" }
        }
        return text == "P" ? "PT0S" : text
    }

    func negated() -> DurationSpec {
        DurationSpec(years: -years, months: -months, weeks: -weeks, days: -days, seconds: -seconds,
                     businessDays: -businessDays)
    }
}

/// One point of a date expression: a day, a time, or both, or an offset from now.
struct DateMoment: Equatable {
    var day: DaySpec?
    var time: ClockTime?
    /// Minutes east of UTC when a zone or offset was written ("3pm EST", "T14:00+01:00").
    var zoneMinutes: Int?
    /// "in 3 days", "2 hours ago".
    var fromNow: DurationSpec?
    /// "tonight": bare hours are in the evening.
    var evening = false
}

/// What the grammar read: where, and the moments and duration it names.
struct DateExpression: Equatable {
    var range: Range<Int>
    var start: DateMoment?
    var end: DateMoment?
    var duration: DurationSpec?
}
