import LiveTextCore

/// Turns a parsed expression into the item's `value`, against the reference time.
struct DateResolver {
    let clock: ReferenceClock
    let conventions: DateRegionConventions

    /// A resolved point: a day, and a wall-clock second of that day unless it is a whole day.
    private struct Point {
        var day: Int
        var secondOfDay: Int?
        /// Seconds east of UTC when the text gave the zone.
        var offset: Int?

        mutating func normalize() {
            guard var seconds = secondOfDay else { return }
            let carry = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            day += carry
            seconds -= carry * 86_400
            secondOfDay = seconds
        }
    }

    func value(of expression: DateExpression) -> [String: JSONValue]? {
        var value: [String: JSONValue] = [:]
        var startPoint: Point?
        if let start = expression.start {
            guard let point = resolveStart(start, end: expression.end) else { return nil }
            startPoint = point
            value["start"] = .string(format(point))
            if let endMoment = expression.end {
                guard let end = resolveEnd(endMoment, start: start, startPoint: point) else { return nil }
                value["end"] = .string(format(end))
            }
        }
        if let duration = expression.duration {
            value["duration"] = .string(duration.iso8601)
            if var end = startPoint, let seconds = end.secondOfDay, !duration.hasCalendarParts {
                end.secondOfDay = seconds + duration.seconds
                end.normalize()
                value["end"] = .string(format(end))
            }
        }
        value["allDay"] = .bool(startPoint.map { $0.secondOfDay == nil } ?? false)
        return value
    }

    private func resolveStart(_ moment: DateMoment, end: DateMoment?) -> Point? {
        if let shift = moment.fromNow { return shifted(by: shift) }
        var point = Point(day: clock.day)
        if let spec = moment.day {
            var spec = spec
            // "March 3 – March 5, 2026": the end's year is the start's too.
            if case .calendar(nil, let month, let day, let weekday) = spec,
               case .calendar(let endYear?, let endMonth, let endDay, _)? = end?.day {
                let year = (month, day) <= (endMonth, endDay) ? endYear : endYear - 1
                spec = .calendar(year: year, month: month, day: day, weekday: weekday)
            }
            guard let day = resolveDay(spec, notBefore: nil) else { return nil }
            point.day = day
        } else if moment.time?.isMidnight == true {
            point.day += 1  // a bare "midnight" is the one ending today
        }
        if let time = moment.time {
            point.secondOfDay = time.secondOfDay(evening: moment.evening)
        }
        point.offset = moment.zoneMinutes.map { GenericTimeZones.minutes($0, day: point.day, secondOfDay: point.secondOfDay) * 60 }
        return point
    }

    private func resolveEnd(_ moment: DateMoment, start: DateMoment, startPoint: Point) -> Point? {
        var point = Point(day: startPoint.day)
        if let spec = moment.day {
            guard let day = resolveDay(spec, notBefore: startPoint.day), day >= startPoint.day else { return nil }
            point.day = day
        }
        if let time = moment.time {
            let seconds = time.secondOfDay(evening: moment.evening || start.evening)
            point.secondOfDay = seconds
            if moment.day == nil, let startSeconds = startPoint.secondOfDay, seconds <= startSeconds {
                point.day += 1  // "10pm–2am"
            }
        } else if moment.day == nil {
            return nil
        }
        point.offset = (moment.zoneMinutes ?? start.zoneMinutes).map {
            GenericTimeZones.minutes($0, day: point.day, secondOfDay: point.secondOfDay) * 60
        }
        return point
    }

    /// "in 3 days" is a day; "in 2 hours" an instant.
    private func shifted(by duration: DurationSpec) -> Point {
        var day = clock.day
        if duration.years != 0 || duration.months != 0 {
            let (y, m, d) = CivilCalendar.civil(day)
            day = CivilCalendar.adding(months: duration.years * 12 + duration.months, toYear: y, month: m, day: d)
        }
        day += duration.weeks * 7 + duration.days
        if duration.businessDays != 0 { day = Self.addingBusinessDays(duration.businessDays, to: day) }
        guard duration.seconds != 0 else { return Point(day: day) }
        if !duration.hasCalendarParts {
            let wall = clock.wallTime(ofInstant: clock.instant + duration.seconds)
            return Point(day: wall.day, secondOfDay: wall.secondOfDay, offset: wall.offset)
        }
        var point = Point(day: day, secondOfDay: clock.secondOfDay + duration.seconds)
        point.normalize()
        return point
    }

    /// `count` Monday-to-Friday days after (or, negative, before) `day`; a weekend start counts
    /// from the Friday before (going back, the Monday after).
    static func addingBusinessDays(_ count: Int, to day: Int) -> Int {
        let step = count < 0 ? -1 : 1
        var day = day
        while CivilCalendar.weekday(day) == 1 || CivilCalendar.weekday(day) == 7 { day -= step }
        // Whole weeks at once, then day by day (at most four steps and a weekend).
        day += count / 5 * 7
        var left = abs(count % 5)
        while left > 0 {
            day += step
            let weekday = CivilCalendar.weekday(day)
            if weekday != 1 && weekday != 7 { left -= 1 }
        }
        return day
    }

    /// How far back a date without a year may lie: recent past dates stay in the past (a
    /// receipt from last month), everything else is upcoming (a poster's "Sep 10" read in March).
    static let lookBackMonths = 3

    /// The day number of a day spec. Dates without a year take the first occurrence on or after
    /// `notBefore`, by default `lookBackMonths` before the reference day.
    private func resolveDay(_ spec: DaySpec, notBefore: Int?) -> Int? {
        let today = clock.day
        switch spec {
        case .calendar(let year?, let month, let day, _):
            guard CivilCalendar.isValid(year: year, month: month, day: day) else { return nil }
            return CivilCalendar.dayNumber(year: year, month: month, day: day)
        case .calendar(nil, let month, let day, let weekday):
            let (y, m, d) = clock.today
            let windowStart = notBefore ?? CivilCalendar.adding(months: -Self.lookBackMonths, toYear: y, month: m, day: d)
            guard let year = inferYear(month: month, day: day, weekday: weekday, notBefore: windowStart) else {
                return nil
            }
            return CivilCalendar.dayNumber(year: year, month: month, day: day)
        case .monthOfYear(let year, let month):
            return CivilCalendar.dayNumber(year: year, month: month, day: 1)
        case .offset(let days):
            return today + days
        case .weekday(let weekday, let choice):
            let current = CivilCalendar.weekday(today)
            switch choice {
            case .upcoming:
                // The end of "Wednesday to Sunday" read on a Sunday is the Sunday after the
                // Wednesday, not today.
                if let notBefore, notBefore > today {
                    return notBefore + (weekday - CivilCalendar.weekday(notBefore) + 7) % 7
                }
                return today + (weekday - current + 7) % 7
            case .next:
                let ahead = (weekday - current + 7) % 7
                return today + (ahead == 0 ? 7 : ahead)
            case .previous:
                let back = (current - weekday + 7) % 7
                return today - (back == 0 ? 7 : back)
            }
        case .weekStart(let offset):
            let back = (CivilCalendar.weekday(today) - conventions.firstWeekday + 7) % 7
            return today - back + 7 * offset
        case .monthStart(let offset):
            let (y, m, _) = clock.today
            return CivilCalendar.adding(months: offset, toYear: y, month: m, day: 1)
        case .yearStart(let offset):
            return CivilCalendar.dayNumber(year: clock.today.year + offset, month: 1, day: 1)
        case .nthWeekday(let ordinal, let weekday, let month, let year):
            return upcoming(year) { Holiday.nthWeekday(ordinal, weekday, month: month, year: $0) }
        case .holiday(let holiday, let year):
            return upcoming(year) { holiday.day(in: $0) }
        case .season(let month, let choice, let year, let end):
            return season(month: month, choice: choice, year: year, end: end)
        case .namedMonth(let month, let choice):
            let (y, m, _) = clock.today
            let year = choice > 0 ? (month > m ? y : y + 1) : choice < 0 ? (month < m ? y : y - 1) : y
            return CivilCalendar.dayNumber(year: year, month: month, day: 1)
        case .monthEnd(let year?, let month):
            return CivilCalendar.dayNumber(year: year, month: month, day: CivilCalendar.daysInMonth(month, year: year))
        case .monthEnd(nil, let month):
            // The month's first day as a year-less date decides the year.
            // (As a range's end, the month that the start lies in: from a month before it.)
            guard let first = resolveDay(.calendar(year: nil, month: month, day: 1, weekday: nil),
                                         notBefore: notBefore.map { $0 - 30 }) else { return nil }
            let year = CivilCalendar.civil(first).year
            return first + CivilCalendar.daysInMonth(month, year: year) - 1
        case .shifted(let spec, let days):
            return resolveDay(spec, notBefore: notBefore).map { $0 + days }
        }
    }

    /// A season's first (or last) day: in `year` when given; else the current or coming one
    /// (`choice` 0), the first to begin after today (1), or the last to end before today (-1).
    private func season(month: Int, choice: Int, year: Int?, end: Bool) -> Int {
        func bounds(_ year: Int) -> (Int, Int) {
            let first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
            return (first, CivilCalendar.adding(months: 3, toYear: year, month: month, day: 1) - 1)
        }
        var chosen: (Int, Int)
        if let year {
            chosen = bounds(year)
        } else {
            let thisYear = clock.today.year
            let candidates = (thisYear - 2...thisYear + 1).map(bounds)
            switch choice {
            case 1: chosen = candidates.first { $0.0 > clock.day } ?? bounds(thisYear + 1)
            case -1: chosen = candidates.last { $0.1 < clock.day } ?? bounds(thisYear - 1)
            default: chosen = candidates.first { $0.1 >= clock.day } ?? bounds(thisYear + 1)
            }
        }
        return end ? chosen.1 : chosen.0
    }

    /// A day found by its year: in `year` when given, else the first on or after today.
    private func upcoming(_ year: Int?, _ day: (Int) -> Int?) -> Int? {
        if let year { return day(year) }
        let thisYear = clock.today.year
        for candidate in thisYear...(thisYear + 1) {
            if let found = day(candidate), found >= clock.day { return found }
        }
        return nil
    }

    /// The first year the date falls on or after `notBefore`; with a weekday written beside it
    /// ("Fri 6/5"), a neighbouring year whose date falls on that weekday wins.
    private func inferYear(month: Int, day: Int, weekday: Int?, notBefore: Int) -> Int? {
        let firstYear = CivilCalendar.civil(notBefore).year
        var chosen: Int?
        for year in firstYear...(firstYear + 8) where CivilCalendar.isValid(year: year, month: month, day: day) {
            if CivilCalendar.dayNumber(year: year, month: month, day: day) >= notBefore {
                chosen = year
                break
            }
        }
        guard let chosen else { return nil }
        if let weekday,
           CivilCalendar.weekday(CivilCalendar.dayNumber(year: chosen, month: month, day: day)) != weekday {
            for year in [chosen + 1, chosen - 1] where CivilCalendar.isValid(year: year, month: month, day: day)
                && CivilCalendar.weekday(CivilCalendar.dayNumber(year: year, month: month, day: day)) == weekday {
                return year
            }
        }
        return chosen
    }

    private func format(_ point: Point) -> String {
        guard let seconds = point.secondOfDay else { return CivilCalendar.isoDate(point.day) }
        let offset = point.offset ?? clock.offset(day: point.day, secondOfDay: seconds)
        return CivilCalendar.isoDateTime(dayNumber: point.day, secondOfDay: seconds, offsetSeconds: offset)
    }
}
