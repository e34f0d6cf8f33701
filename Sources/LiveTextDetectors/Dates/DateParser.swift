/// The date grammar: reads one expression at a token start, by hand, with bounded lookahead.
///
/// Every rule consumes a fixed maximum number of tokens, so an attempt costs O(1) and the
/// detector stays linear in the text; there is no backtracking beyond trying a handful of
/// alternatives at the same token.
struct DateParser {
    let reader: DateTokenReader
    let conventions: DateRegionConventions

    var scalars: [Unicode.Scalar] { reader.scalars }

    /// A day, possibly with a time or a time range, possibly with an end day ("Mar 3-5").
    struct Span {
        var start: DateMoment
        var end: DateMoment?
        var lower: Int
        var upper: Int
    }

    /// The expression starting at the token at `start`, or nil.
    func parse(at start: Int) -> DateExpression? {
        let first = reader.token(at: start)
        if first.kind == .number, !startsCleanly(first.start) { return nil }
        if !mayStartExpression(first) { return nil }
        let expression: DateExpression?
        switch first.word {
        case .from?, .between?: expression = parseFromRange(first)
        case .forWord?, .lasting?: expression = parseContextualDuration(first)
        case .inWord?: expression = parseFromNow(first)
        case .agoBefore?: expression = parseAgoBefore(first)
        case .boundary?: expression = parseBoundary(first)
        case .earlyLate?: expression = parseEarlyLate(first)
        case .at?, .atForeign?: expression = parseAt(first)
        case .the?, .ordinalWord?: expression = parseOrdinalDay(first)
        case .numberWord?: expression = parseShiftedDay(first) ?? parseBareDuration(first, momentOnly: true)
        case .relativeOrdinal(-1)?:
            expression = parseOrdinalDay(first) ?? parseSpanExpression(first) ?? parseBareDuration(first)
        default:
            expression = parseNumericPartialRange(first) ?? parseShiftedDay(first) ?? parseSpanExpression(first)
                ?? parseBareDuration(first)
        }
        guard let expression, endsCleanly(expression.range.upperBound) else { return nil }
        return expression
    }

    /// A cheap look at the token after a common word ("a", "at", "in", "for", "this") before
    /// the full grammar runs: prose is full of these words and almost never of dates after them.
    private func mayStartExpression(_ first: DateToken) -> Bool {
        guard let word = first.word else { return true }
        switch word {
        case .article, .half, .at, .atForeign, .inWord, .forWord, .lasting, .from, .between, .relativeOrdinal,
             .the, .ordinalWord, .numberWord, .agoBefore, .boundary, .earlyLate, .season:
            break
        default:
            return true
        }
        // "Spring Bank Holiday", "New Year's Day"
        if first.capitalized, HolidayNames.mayStart(HolidayNames.prefixKey(scalars, first.start)) { return true }
        guard let next = reader.next(first.end), next.gap != .lineBreak else { return false }
        if next.kind == .number {
            if case .relativeOrdinal = word { return false }
            return true
        }
        if case .numberWord = word, next.isDash, next.gap == .none { return true }  // "twenty-five"
        switch (word, next.word) {
        case (.article, .unit?), (.half, .article?), (.at, .noon?), (.at, .midnight?),
             (.inWord, .article?), (.inWord, .half?), (.forWord, .article?), (.forWord, .half?),
             (.lasting, .article?), (.lasting, .half?), (.inWord, .numberWord?), (.forWord, .numberWord?),
             (.lasting, .numberWord?), (.relativeOrdinal, .weekday?),
             (.relativeOrdinal, .unit?), (.from, .month?), (.from, .weekday?), (.from, .today?),
             (.from, .tomorrow?), (.from, .noon?), (.from, .relativeOrdinal?), (.between, .month?),
             (.between, .weekday?), (.between, .noon?),
             (.the, .unit?), (.the, .ordinalWord?), (.the, .relativeOrdinal?), (.ordinalWord, .weekday?),
             (.numberWord, .unit?), (.numberWord, .numberWord?), (.agoBefore, .numberWord?), (.agoBefore, .article?),
             (.relativeOrdinal, .season?), (.relativeOrdinal, .partOfDay?), (.relativeOrdinal, .month?),
             (.the, .boundary?), (.boundary, .of?), (.earlyLate, .partOfDay?), (.earlyLate, .inWord?),
             (.inWord, .of?):
            return true
        case (.agoBefore, _):
            // French "il y a 3 jours"
            return first.key == WordKeys.il && next.key == WordKeys.y
        default:
            return false
        }
    }

    // MARK: - Expressions

    private func parseSpanExpression(_ first: DateToken) -> DateExpression? {
        if let range = parseWeekdayRange(first) { return range }
        guard var span = parseSpan(first, allowBareHour: false) else { return nil }
        if span.end == nil, let second = isoIntervalEnd(first, span) {
            span.end = second.start
            span.upper = second.upper
        }
        if span.end == nil, span.start.day != nil, let (second, _) = spanAfterConnector(span.upper),
           second.start.day != nil, second.end == nil,
           !(span.start.day!.isBareWeekday && second.start.day!.isBareWeekday) {
            span.end = second.start
            span.upper = second.upper
        }
        var expression = DateExpression(range: span.lower..<span.upper, start: span.start, end: span.end)
        if span.start.time != nil, span.end == nil, let tail = reader.next(span.upper),
           tail.word == .forWord, let body = reader.next(tail.end),
           let (duration, end) = parseDurationBody(body, contextual: true), !duration.hasCalendarParts {
            expression.duration = duration
            expression.range = span.lower..<end
        }
        return expression
    }

    /// The end of an ISO 8601 interval, "2026-03-01/2026-03-05", "2026-03-01T10:00/2026-03-01T12:00":
    /// a slash right after an ISO date (with or without its time) and another ISO date right after it.
    private func isoIntervalEnd(_ first: DateToken, _ span: Span) -> Span? {
        guard first.kind == .number, first.length == 4, case .calendar(_?, _, _, _)? = span.start.day,
              let slash = adjacent(span.upper), slash.isSymbol("/"), let next = adjacent(slash.end),
              next.kind == .number, next.length == 4,
              let second = parseSpan(next, allowBareHour: false, partner: true),
              case .calendar(_?, _, _, _)? = second.start.day, second.end == nil,
              (second.start.time == nil) == (span.start.time == nil) else { return nil }
        return second
    }

    /// "from 2 to 4 pm", "from March 3 to March 5", "between 9 and 11am".
    private func parseFromRange(_ first: DateToken) -> DateExpression? {
        let andConnector = first.word == .between
        guard let next = reader.next(first.end) else { return nil }
        if let days = parseDayNumberRange(next, andConnector: andConnector) {
            return DateExpression(range: first.start..<days.upper, start: days.start, end: days.end)
        }
        if let times = parseTimeRange(next, allowBareHour: true, andConnector: andConnector),
           let endTime = times.end {
            var start = DateMoment(time: times.start, zoneMinutes: times.zoneMinutes)
            var end = DateMoment(time: endTime, zoneMinutes: times.zoneMinutes)
            var upper = times.upper
            if let day = parseDayAfterTime(times.upper) {
                start.day = day.spec
                end.evening = day.evening
                start.evening = day.evening
                upper = day.end
            }
            return DateExpression(range: first.start..<upper, start: start, end: end)
        }
        guard let span = parseSpan(next, allowBareHour: false), span.start.day != nil else { return nil }
        if span.end != nil {
            return DateExpression(range: first.start..<span.upper, start: span.start, end: span.end)
        }
        guard let (second, _) = spanAfterConnector(span.upper, andConnector: andConnector),
              second.start.day != nil || second.start.time != nil, second.end == nil else { return nil }
        return DateExpression(range: first.start..<second.upper, start: span.start, end: second.start)
    }

    /// "3 to 5 March 2027", "3. bis 5. März", "3 au 5 mars", "3 al 5 de marzo", "3rd and 5th
    /// of May": two days of one month after "from" or "between". Without the month the two
    /// numbers are hours ("from 3 to 5"), so it is tried first and needs the month.
    private func parseDayNumberRange(_ first: DateToken, andConnector: Bool) -> (start: DateMoment, end: DateMoment, upper: Int)? {
        func day(_ token: DateToken) -> (value: Int, end: Int)? {
            guard token.isNumber(maxDigits: 2), (1...31).contains(token.value) else { return nil }
            if let after = adjacent(token.end), after.isSymbol(".") || after.word == .ordinalSuffix { return (token.value, after.end) }
            return (token.value, token.end)
        }
        guard let (from, fromEnd) = day(first), let connector = reader.next(fromEnd), connector.gap != .lineBreak,
              andConnector ? connector.word == .and : (connector.word == .to || connector.word == .through || connector.isDash),
              let second = reader.next(connector.end), second.gap != .lineBreak,
              let (to, toEnd) = day(second), to > from, var month = reader.next(toEnd), month.gap != .lineBreak
        else { return nil }
        if month.word == .of, let after = reader.next(month.end), after.gap != .lineBreak { month = after }
        guard case .month(let number, let ambiguous)? = month.word else { return nil }
        var upper = month.end
        if month.length <= 4, let dot = adjacent(upper), dot.isSymbol("."),
           !DateWord.wholeShortMonths.contains(month.key) { upper = dot.end }
        let year = parseYear(after: upper)
        if let year { upper = year.end }
        // "from 3 to 5 march" in English is a month only with a capital or a year; French and
        // German write "mars" and "mai" in lower case.
        guard !ambiguous || month.capitalized || year != nil || !reader.languages.isEmpty else { return nil }
        guard CivilCalendar.isValid(year: year?.value ?? 2000, month: number, day: to) else { return nil }
        return (DateMoment(day: .calendar(year: year?.value, month: number, day: from, weekday: nil)),
                DateMoment(day: .calendar(year: year?.value, month: number, day: to, weekday: nil)), upper)
    }

    /// "at 9", "at 3pm on Friday": the bare hour needs the "at", which then belongs to the match.
    private func parseAt(_ first: DateToken) -> DateExpression? {
        guard let next = reader.next(first.end),
              let times = parseTimeRange(next, allowBareHour: true) else { return nil }
        var start = DateMoment(time: times.start, zoneMinutes: times.zoneMinutes)
        var end = times.end.map { DateMoment(time: $0, zoneMinutes: times.zoneMinutes) }
        var upper = times.upper
        let day = parseDayAfterTime(times.upper)
        if let day {
            start.day = day.spec
            start.evening = day.evening
            end?.evening = day.evening
            upper = day.end
        } else if times.start.bareHour, times.end == nil, !bareHourMayEnd(at: times.upper) {
            return nil
        }
        let lower = times.start.bareHour ? first.start : next.start
        return DateExpression(range: lower..<upper, start: start, end: end)
    }

    /// A bare "at 3" counts only when the sentence does not go on with an ordinary word
    /// ("look at 3 options" is no time).
    private func bareHourMayEnd(at position: Int) -> Bool {
        guard let next = reader.next(position) else { return true }
        if next.gap == .lineBreak { return true }
        switch next.kind {
        case .symbol:
            return !next.isSymbol(":") && !next.isSymbol("/") && !next.isDash && !next.isSymbol("%")
        case .number:
            return false
        case .word:
            switch next.word {
            case .today?, .tomorrow?, .tonight?, .on?, .weekday?, .month?, .zone?, .relativeOrdinal?:
                return true
            default:
                return false
            }
        }
    }

    /// A span after a range connector ("–", "-", "to", "until", "through"; "and" after "between").
    private func spanAfterConnector(_ position: Int, andConnector: Bool = false) -> (Span, Int)? {
        guard var connector = reader.next(position) else { return nil }
        // "28 de mai. – 3 de jun. de 2026": an abbreviation's dot the first day left out, then the dash.
        if !andConnector, connector.isSymbol("."), connector.gap == .none, let dash = reader.next(connector.end),
           dash.isDash, dash.gap == .space {
            connector = dash
        }
        let isConnector = andConnector
            ? connector.word == .and
            : (connector.isDash || connector.word == .to || connector.word == .through)
        guard isConnector, let next = reader.next(connector.end),
              let span = parseSpan(next, allowBareHour: false, partner: true) else { return nil }
        return (span, connector.start)
    }

    /// A day with an optional time after it, or a time with an optional day after it.
    func parseSpan(_ first: DateToken, allowBareHour: Bool, partner: Bool = false) -> Span? {
        if let day = parseDay(first, afterTime: false, partner: partner) {
            var span = Span(start: DateMoment(day: day.spec, evening: day.evening),
                            end: day.endSpec.map { DateMoment(day: $0) }, lower: first.start, upper: day.end)
            if let iso = day.isoTime {
                span.start.time = iso.time
                span.start.zoneMinutes = iso.zoneMinutes
                // "2024-03-05 14:03:11 +0100" (git log --date=iso, `%ai`): the offset a blank away.
                if iso.zoneMinutes == nil, let offset = spacedOffset(after: span.upper) {
                    span.start.zoneMinutes = offset.minutes
                    span.upper = offset.end
                }
                return span
            }
            if day.endSpec == nil, let times = parseTimeAfterDay(day.end) {
                span.start.time = times.start
                span.start.zoneMinutes = times.zoneMinutes
                if let endTime = times.end {
                    span.end = DateMoment(time: endTime, zoneMinutes: times.zoneMinutes, evening: day.evening)
                }
                span.upper = times.upper
                if span.end == nil, let (year, zone, end) = yearAfterTime(span) {
                    span.start.day = year
                    if let zone { span.start.zoneMinutes = zone }
                    span.upper = end
                } else if span.end == nil, span.start.zoneMinutes == nil, let offset = spacedOffset(after: span.upper) {
                    // "28 Oct 2014 16:39:01 +0000"
                    span.start.zoneMinutes = offset.minutes
                    span.upper = offset.end
                }
            } else if day.endSpec == nil, let part = partOfDay(at: day.partStart ?? day.end) {
                // "tomorrow morning", "Friday evening", "this afternoon", "morgen früh"
                applyPartOfDay(part, to: &span.start)
                span.end = DateMoment(time: ClockTime(hour: part.to, writtenTwentyFour: true))
                span.upper = part.end
            } else if day.needsTime || day.partStart != nil {
                return nil
            }
            return span
        }
        guard let times = parseTimeRange(first, allowBareHour: allowBareHour) else { return nil }
        var span = Span(start: DateMoment(time: times.start, zoneMinutes: times.zoneMinutes),
                        end: times.end.map { DateMoment(time: $0, zoneMinutes: times.zoneMinutes) },
                        lower: first.start, upper: times.upper)
        if let day = parseDayAfterTime(times.upper) {
            span.start.day = day.spec
            span.start.evening = day.evening
            span.end?.evening = day.evening
            span.upper = day.end
        }
        return span
    }

    /// "Wed Mar 10 08:01:44 2027 +0200" (git log, ctime, mail headers): the year after the time,
    /// then maybe a numeric UTC offset.
    private func yearAfterTime(_ span: Span) -> (DaySpec, Int?, Int)? {
        guard case .calendar(nil, let month, let day, let weekday)? = span.start.day,
              var year = reader.next(span.upper) else { return nil }
        // "Tue Jan 5 10:00:00,2021"
        if year.isSymbol(","), year.gap == .none, let after = adjacent(year.end) { year = after }
        guard year.gap != .lineBreak, year.kind == .number, year.length == 4,
              !year.folded, (1600...2399).contains(year.value), endsCleanly(year.end),
              CivilCalendar.isValid(year: year.value, month: month, day: day) else { return nil }
        var end = year.end
        var zone: Int?
        if span.start.zoneMinutes == nil, let offset = spacedOffset(after: end) {
            zone = offset.minutes
            end = offset.end
        }
        return (.calendar(year: year.value, month: month, day: day, weekday: weekday), zone, end)
    }

    /// "Mon–Fri", "Mon-Fri 9–17", "Monday to Friday 9:00-17:30": the days, and with hours the
    /// first day's hours.
    private func parseWeekdayRange(_ first: DateToken) -> DateExpression? {
        guard case .weekday(let from, let abbreviated)? = first.word, !abbreviated || first.capitalized else {
            return nil
        }
        var position = first.end
        if abbreviated, let dot = adjacent(position), dot.isSymbol(".") { position = dot.end }
        guard let connector = reader.next(position), connector.gap != .lineBreak,
              connector.isDash || connector.word == .to || connector.word == .through,
              let second = reader.next(connector.end), second.gap != .lineBreak,
              case .weekday(let to, let abbreviated2)? = second.word, to != from,
              !abbreviated2 || second.capitalized else { return nil }
        var upper = second.end
        if abbreviated2, let dot = adjacent(upper), dot.isSymbol(".") { upper = dot.end }
        var start = DateMoment(day: .weekday(from, .upcoming))
        var end = DateMoment(day: .weekday(to, .upcoming))
        if let hours = reader.next(upper), hours.gap != .lineBreak,
           let times = parseTimeRange(hours, allowBareHour: true), let endTime = times.end {
            start.time = times.start
            start.zoneMinutes = times.zoneMinutes
            end = DateMoment(day: .weekday(from, .upcoming), time: endTime, zoneMinutes: times.zoneMinutes)
            upper = times.upper
        }
        return DateExpression(range: first.start..<upper, start: start, end: end)
    }

    // MARK: - Boundaries

    /// A number starts an expression only when it is not the tail of a longer token: not after
    /// a letter or digit ("v1", "A320"), a currency or plus sign, or a digit group separator
    /// ("1.2.3", "192.168", "1,234", "555-1234").
    func startsCleanly(_ start: Int) -> Bool {
        guard start > 0 else { return true }
        let before = scalars[start - 1]
        if before.isAlphanumeric { return false }
        switch before {
        case "$", "€", "£", "¥", "₹", "#", "+", "№", "\\", "_":
            return false
        case ".", ",", "/", "-", ":":
            return start < 2 || !scalars[start - 2].isASCIIDigit
        default:
            return true
        }
    }

    /// What follows a match must not continue it: no letter or digit, no separator and digit
    /// ("3/5/7/9", "12:30:45:10", "2026-03-05-1"), no percent or degree sign.
    func endsCleanly(_ end: Int) -> Bool {
        guard end < scalars.count else { return true }
        let after = scalars[end]
        if after.isAlphanumeric { return false }
        switch after {
        case "%", "°":
            return false
        case ".", ",", "/", "-", ":":
            return end + 1 >= scalars.count || !scalars[end + 1].isASCIIDigit
        default:
            return true
        }
    }

    /// The token right after `position` with nothing in between.
    func adjacent(_ position: Int) -> DateToken? {
        guard let token = reader.next(position), token.gap == .none else { return nil }
        return token
    }
}
