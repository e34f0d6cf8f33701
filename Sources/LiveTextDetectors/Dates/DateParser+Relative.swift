/// Days named by their place rather than their date: holidays ("Christmas", "New Year's Eve"),
/// the n-th weekday of a month ("the third Monday of May", "the last Friday in June"), a day some
/// days before or after another ("3 days before Christmas", "two weeks after Easter"), and
/// "the day after tomorrow", "the week after next".
extension DateParser {
    /// "Christmas", "Christmas Eve", "New Year's Day", "Easter Monday", "Tag der Deutschen
    /// Einheit" (`HolidayNames`): the holiday, where its name ends. Capitalized only (a
    /// "christmas tree" sale is no date).
    func parseHoliday(_ first: DateToken) -> (Holiday, Int)? {
        guard first.kind == .word, first.capitalized else { return nil }
        return HolidayNames.match(scalars, at: first.start, languages: reader.languages)
    }

    /// "the third Monday of May", "the last Friday in June", "first Tuesday of November 2026",
    /// "the day after tomorrow", "the week after next". `first` is "the" or the ordinal.
    func parseOrdinalDay(_ first: DateToken) -> DateExpression? {
        var token = first
        if first.word == .the {
            guard let next = reader.next(first.end), next.gap == .space else { return nil }
            token = next
            if let relative = parseDayAfterNext(first, token) { return relative }
            if case .boundary? = token.word { return parseBoundary(first) }
        }
        let ordinal: Int
        switch token.word {
        case .ordinalWord(let n)?: ordinal = n
        case .relativeOrdinal(-1)?: ordinal = -1
        case .unit(.second, compact: false)? where token.key == WordKeys.pack("second"): ordinal = 2
        default: return nil
        }
        guard let weekdayToken = reader.next(token.end), weekdayToken.gap == .space else { return nil }
        if case .unit(.week, compact: false)? = weekdayToken.word {
            return parseNthWeek(first, ordinal: ordinal, week: weekdayToken)
        }
        guard case .weekday(let weekday, false)? = weekdayToken.word,
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
