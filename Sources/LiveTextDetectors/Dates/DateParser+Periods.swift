/// Stretches of time named by their place: the beginning or end of a week, month or year ("the
/// end of next month", "beginning of March"), the n-th week of a month or year ("the second week
/// of May"), seasons ("next summer", "winter 2027") and parts of the day ("tomorrow morning",
/// "early in the morning", "late afternoon", "heute Abend").
extension DateParser {
    /// "the end of next month", "end of the year", "beginning of March 2027", "the start of 2027",
    /// "end of this week": the first or last day. `first` is "the" or the boundary word.
    func parseBoundary(_ first: DateToken) -> DateExpression? {
        var token = first
        if first.word == .the {
            guard let next = reader.next(first.end), next.gap == .space else { return nil }
            token = next
        }
        guard case .boundary(let isEnd)? = token.word, let of = reader.next(token.end), of.gap == .space,
              of.word == .of, var target = reader.next(of.end), target.gap == .space else { return nil }
        var offset = 0
        if target.word == .the || target.word == .relativeOrdinal(0) || target.word == .relativeOrdinal(1)
            || target.word == .relativeOrdinal(-1), let after = reader.next(target.end), after.gap == .space {
            if case .relativeOrdinal(let n)? = target.word { offset = n }
            target = after
        }
        var end = target.end
        let day: DaySpec
        switch target.word {
        case .unit(.week, compact: false)?:
            day = isEnd ? .shifted(.weekStart(offset: offset), days: 6) : .weekStart(offset: offset)
        case .unit(.month, compact: false)? where target.length > 2:
            day = isEnd ? .shifted(.monthStart(offset: offset + 1), days: -1) : .monthStart(offset: offset)
        case .unit(.year, compact: false)? where target.length > 3:
            day = isEnd ? .shifted(.yearStart(offset: offset + 1), days: -1) : .yearStart(offset: offset)
        case .month(let month, _)? where offset == 0 && target.capitalized:
            let year = parseYear(after: target.end)
            if let year { end = year.end }
            day = isEnd ? .monthEnd(year: year?.value, month: month)
                        : .calendar(year: year?.value, month: month, day: 1, weekday: nil)
        case nil where target.kind == .number && offset == 0:
            guard target.isNumber(maxDigits: 4), target.length == 4, (1600...2399).contains(target.value) else { return nil }
            day = .calendar(year: target.value, month: isEnd ? 12 : 1, day: isEnd ? 31 : 1, weekday: nil)
        default:
            return nil
        }
        return DateExpression(range: first.start..<end, start: DateMoment(day: day))
    }

    /// "week of May", "week in June 2027", "week of 2027" after an ordinal ("the second week of
    /// May", "the last week of June"): the week's first and last day (days 1-7 are the first week;
    /// the last is the month's last seven days).
    func parseNthWeek(_ first: DateToken, ordinal: Int, week: DateToken) -> DateExpression? {
        guard case .unit(.week, compact: false)? = week.word, week.length > 2, (1...5).contains(ordinal) || ordinal == -1,
              let connector = reader.next(week.end), connector.word == .of || connector.word == .inWord,
              let target = reader.next(connector.end), target.gap == .space else { return nil }
        if case .month(let month, _)? = target.word, target.capitalized {
            var end = target.end
            let year = parseYear(after: end)
            if let year { end = year.end }
            let startSpec: DaySpec, endSpec: DaySpec
            if ordinal == -1 {
                startSpec = .shifted(.monthEnd(year: year?.value, month: month), days: -6)
                endSpec = .monthEnd(year: year?.value, month: month)
            } else {
                let firstDay = 1 + 7 * (ordinal - 1)
                guard firstDay <= 28 || ordinal <= 4 else { return nil }
                startSpec = .calendar(year: year?.value, month: month, day: firstDay, weekday: nil)
                endSpec = ordinal == 5 ? .monthEnd(year: year?.value, month: month)
                                       : .calendar(year: year?.value, month: month, day: firstDay + 6, weekday: nil)
            }
            return DateExpression(range: first.start..<end, start: DateMoment(day: startSpec), end: DateMoment(day: endSpec))
        }
        guard target.isNumber(maxDigits: 4), target.length == 4, (1600...2399).contains(target.value), ordinal > 0 else {
            return nil
        }
        let firstDay = 1 + 7 * (ordinal - 1)
        return DateExpression(range: first.start..<target.end,
                              start: DateMoment(day: .calendar(year: target.value, month: 1, day: firstDay, weekday: nil)),
                              end: DateMoment(day: .calendar(year: target.value, month: 1, day: firstDay + 6, weekday: nil)))
    }

    /// "summer 2027", "Winter, 2026": a season with its year; its first and last day.
    func parseSeasonYear(_ first: DateToken) -> DayResult? {
        guard case .season(let month)? = first.word, let year = parseYear(after: first.end) else { return nil }
        return DayResult(spec: .season(month: month, choice: 0, year: year.value, end: false),
                         endSpec: .season(month: month, choice: 0, year: year.value, end: true), end: year.end)
    }

    /// A part of the day at `position` ("morning", "early morning", "late afternoon", "in the
    /// evening", "early in the morning"): its hours and where it ends.
    func partOfDay(at position: Int) -> (from: Int, to: Int, end: Int)? {
        guard var token = reader.next(position), token.gap != .lineBreak else { return nil }
        var late: Bool?
        if case .earlyLate(let isLate)? = token.word, let after = reader.next(token.end), after.gap == .space {
            late = isLate
            token = after
        }
        if token.word == .inWord, let the = reader.next(token.end), the.word == .the,
           let after = reader.next(the.end), after.gap == .space {
            token = after
        }
        guard case .partOfDay(let part)? = token.word else { return nil }
        let hours = part.hours(late: late)
        return (hours.from, hours.to, token.end)
    }

    /// "early in the morning", "late afternoon", "late in the evening": today's part of the day.
    func parseEarlyLate(_ first: DateToken) -> DateExpression? {
        guard let part = partOfDay(at: first.start) else { return nil }
        var start = DateMoment(day: .offset(days: 0))
        applyPartOfDay(part, to: &start)
        return DateExpression(range: first.start..<part.end, start: start,
                              end: DateMoment(time: ClockTime(hour: part.to, writtenTwentyFour: true)))
    }

    func applyPartOfDay(_ part: (from: Int, to: Int, end: Int), to moment: inout DateMoment) {
        moment.time = ClockTime(hour: part.from, writtenTwentyFour: true)
    }
}
