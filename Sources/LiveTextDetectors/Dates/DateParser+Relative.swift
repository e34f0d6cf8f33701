/// Days named by their place rather than their date: holidays ("Christmas", "New Year's Eve"),
/// the n-th weekday of a month ("the third Monday of May", "the last Friday in June"), a day some
/// days before or after another ("3 days before Christmas", "two weeks after Easter"), and
/// "the day after tomorrow", "the week after next".
extension DateParser {
    /// "Christmas", "Christmas Eve", "New Year's Day", "Easter Monday", "Thanksgiving": the
    /// holiday, where it ends. Capitalized only (a "christmas tree" sale is no date).
    func parseHoliday(_ first: DateToken) -> (Holiday, Int)? {
        guard first.kind == .word, first.capitalized else { return nil }
        let second = reader.next(first.end).flatMap { $0.gap == .space && $0.kind == .word ? $0 : nil }
        // "New Year's Eve": "Year", "'", "s" read as tokens of their own.
        if first.key == WordKeys.pack("new"), let year = second, year.key == WordKeys.pack("year"),
           let apostrophe = adjacent(year.end), apostrophe.isSymbol("'") || apostrophe.isSymbol("\u{2019}"),
           let s = adjacent(apostrophe.end), s.key == WordKeys.s, let which = reader.next(s.end), which.gap == .space {
            if which.key == WordKeys.pack("eve") { return (.fixed(month: 12, day: 31, shift: 0), which.end) }
            if which.key == WordKeys.pack("day") { return (.fixed(month: 1, day: 1, shift: 0), which.end) }
        }
        if let second, second.capitalized, let compound = Holiday.compounds[[first.key, second.key]] {
            return (compound, second.end)
        }
        return Holiday.named[first.key].map { ($0, first.end) }
    }

    /// "the third Monday of May", "the last Friday in June", "first Tuesday of November 2026",
    /// "the day after tomorrow", "the week after next". `first` is "the" or the ordinal.
    func parseOrdinalDay(_ first: DateToken) -> DateExpression? {
        var token = first
        if first.word == .the {
            guard let next = reader.next(first.end), next.gap == .space else { return nil }
            token = next
            if let relative = parseDayAfterNext(first, token) { return relative }
        }
        let ordinal: Int
        switch token.word {
        case .ordinalWord(let n)?: ordinal = n
        case .relativeOrdinal(-1)?: ordinal = -1
        case .unit(.second, compact: false)? where token.key == WordKeys.pack("second"): ordinal = 2
        default: return nil
        }
        guard let weekdayToken = reader.next(token.end), weekdayToken.gap == .space,
              case .weekday(let weekday, false)? = weekdayToken.word,
              let connector = reader.next(weekdayToken.end), connector.word == .of || connector.word == .inWord,
              let monthToken = reader.next(connector.end), case .month(let month, _)? = monthToken.word,
              monthToken.capitalized else { return nil }
        var end = monthToken.end
        var year: Int?
        if let parsed = parseYear(after: end) {
            year = parsed.value
            end = parsed.end
        }
        let day = DaySpec.nthWeekday(ordinal: ordinal, weekday: weekday, month: month, year: year)
        return DateExpression(range: first.start..<end, start: DateMoment(day: day))
    }

    /// "the day after tomorrow", "the day before yesterday", "the week after next".
    private func parseDayAfterNext(_ the: DateToken, _ unit: DateToken) -> DateExpression? {
        guard case .unit(let which, compact: false)? = unit.word, which == .day || which == .week,
              let direction = reader.next(unit.end), direction.word == .after || direction.word == .before,
              let anchor = reader.next(direction.end) else { return nil }
        let forward = direction.word == .after
        let day: DaySpec
        switch (which, anchor.word) {
        case (.day, .tomorrow?) where forward: day = .offset(days: 2)
        case (.day, .yesterday?) where !forward: day = .offset(days: -2)
        case (.week, .relativeOrdinal(1)?) where forward: day = .weekStart(offset: 2)
        case (.week, .relativeOrdinal(-1)?) where !forward: day = .weekStart(offset: -2)
        default: return nil
        }
        return DateExpression(range: the.start..<anchor.end, start: DateMoment(day: day))
    }

    /// "3 days before Christmas", "two weeks after Easter", "a day before March 3": the amount in
    /// days or weeks, then a day the rest of the grammar reads.
    func parseShiftedDay(_ first: DateToken) -> DateExpression? {
        let amount: Int
        switch first.word {
        case .numberWord(let n)?: amount = n
        case .article?: amount = 1
        default:
            guard first.isNumber(maxDigits: 3), first.value > 0 else { return nil }
            amount = first.value
        }
        guard let unit = reader.next(first.end), unit.gap == .space, case .unit(let which, compact: false)? = unit.word,
              which == .day || which == .week, let direction = reader.next(unit.end), direction.gap == .space,
              direction.word == .after || direction.word == .before,
              let anchor = reader.next(direction.end), anchor.gap == .space else { return nil }
        let days = (which == .week ? 7 : 1) * amount * (direction.word == .after ? 1 : -1)
        if let (holiday, end) = parseHoliday(anchor) {
            return DateExpression(range: first.start..<end, start: DateMoment(day: .holiday(holiday.shifted(days), year: nil)))
        }
        guard let day = parseDay(anchor, afterTime: false), day.endSpec == nil, day.isoTime == nil,
              case .calendar = day.spec else { return nil }
        return DateExpression(range: first.start..<day.end, start: DateMoment(day: .shifted(day.spec, days: days)))
    }
}

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

    /// Easter Sunday (the anonymous Gregorian algorithm).
    static func easterSunday(_ year: Int) -> Int {
        let a = year % 19, b = year / 100, c = year % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return CivilCalendar.dayNumber(year: year, month: month, day: day)
    }

    /// Names that stand alone.
    static let named: [WordKey: Holiday] = [
        WordKeys.pack("christmas"): .fixed(month: 12, day: 25, shift: 0), WordKeys.pack("xmas"): .fixed(month: 12, day: 25, shift: 0),
        WordKeys.pack("halloween"): .fixed(month: 10, day: 31, shift: 0), WordKeys.pack("easter"): .easter(shift: 0),
        WordKeys.pack("thanksgiving"): .nthWeekday(ordinal: 4, weekday: 5, month: 11, shift: 0),
        WordKeys.pack("pentecost"): .easter(shift: 49), WordKeys.pack("weihnachten"): .fixed(month: 12, day: 25, shift: 0),
        WordKeys.pack("silvester"): .fixed(month: 12, day: 31, shift: 0), WordKeys.pack("ostern"): .easter(shift: 0),
    ]

    /// Two-word names.
    static let compounds: [[WordKey]: Holiday] = [
        [WordKeys.pack("christmas"), WordKeys.pack("eve")]: .fixed(month: 12, day: 24, shift: 0),
        [WordKeys.pack("christmas"), WordKeys.pack("day")]: .fixed(month: 12, day: 25, shift: 0),
        [WordKeys.pack("easter"), WordKeys.pack("monday")]: .easter(shift: 1),
        [WordKeys.pack("easter"), WordKeys.pack("sunday")]: .easter(shift: 0),
        [WordKeys.pack("good"), WordKeys.pack("friday")]: .easter(shift: -2),
        [WordKeys.pack("boxing"), WordKeys.pack("day")]: .fixed(month: 12, day: 26, shift: 0),
        [WordKeys.pack("thanksgiving"), WordKeys.pack("day")]: .nthWeekday(ordinal: 4, weekday: 5, month: 11, shift: 0),
        [WordKeys.pack("independence"), WordKeys.pack("day")]: .fixed(month: 7, day: 4, shift: 0),
        [WordKeys.pack("labor"), WordKeys.pack("day")]: .nthWeekday(ordinal: 1, weekday: 2, month: 9, shift: 0),
        [WordKeys.pack("memorial"), WordKeys.pack("day")]: .nthWeekday(ordinal: -1, weekday: 2, month: 5, shift: 0),
    ]
}
