/// Days: month names, numeric dates, weekdays and relative days.
extension DateParser {
    struct DayResult {
        var spec: DaySpec
        var endSpec: DaySpec?
        var end: Int
        /// An abbreviated weekday ("Fri") counts only with a time after it.
        var needsTime = false
        var evening = false
        /// The time of an ISO date-time ("2026-03-05T14:00").
        var isoTime: (time: ClockTime, zoneMinutes: Int?)?
        /// Where a part of the day the day's words name begins ("this morning").
        var partStart: Int?
    }

    /// A day starting at `first`. `afterTime`: it follows a time ("3pm Fri"), which makes short
    /// weekdays and bare numeric dates acceptable; `partner`: it is the second half of a range.
    func parseDay(_ first: DateToken, afterTime: Bool, partner: Bool = false) -> DayResult? {
        // Before the weekdays and months their names may begin with ("Lundi de Pâques", "May Day").
        if first.kind == .word, first.capitalized, let (holiday, end) = parseHoliday(first) {
            return holidayDay(holiday, end: end)
        }
        switch first.word {
        case .weekday(let weekday, let abbreviated)?:
            return parseWeekdayLed(first, weekday: weekday, abbreviated: abbreviated, afterTime: afterTime)
        case .relativeOrdinal(let ordinal)?:
            guard let next = reader.next(first.end), next.gap != .lineBreak else { return nil }
            switch next.word {
            case .weekday(let weekday, let abbreviated)?:
                guard !abbreviated || next.capitalized else { return nil }
                let choice: WeekdayChoice = ordinal > 0 ? .next : ordinal == 0 ? .upcoming : .previous
                return DayResult(spec: .weekday(weekday, choice), end: next.end)
            case .unit(.week, compact: false)?:
                return DayResult(spec: .weekStart(offset: ordinal), end: next.end)
            case .unit(.month, compact: false)? where next.length > 2:
                return DayResult(spec: .monthStart(offset: ordinal), end: next.end)
            case .unit(.year, compact: false)? where next.length > 3:
                return DayResult(spec: .yearStart(offset: ordinal), end: next.end)
            case .season(let month)?:
                return DayResult(spec: .season(month: month, choice: ordinal, year: nil, end: false),
                                 endSpec: .season(month: month, choice: ordinal, year: nil, end: true), end: next.end)
            case .month(let month, _)? where next.capitalized || ordinal != 0:
                // "next March", "last December"; not "next March 5" (a date after a word).
                if let day = reader.next(next.end), day.gap == .space, day.kind == .number { return nil }
                return DayResult(spec: .namedMonth(month, choice: ordinal), end: next.end)
            case .partOfDay(let part)? where ordinal == 0 || (ordinal == -1 && part == .night):
                // "this morning", "this evening", "last night"
                var result = DayResult(spec: .offset(days: ordinal), end: first.end)
                result.partStart = first.end
                return result
            default:
                return nil
            }
        case .today?: return DayResult(spec: .offset(days: 0), end: first.end)
        case .tomorrow?: return DayResult(spec: .offset(days: 1), end: first.end)
        case .yesterday?: return DayResult(spec: .offset(days: -1), end: first.end)
        case .tonight?: return DayResult(spec: .offset(days: 0), end: first.end, evening: true)
        case .dayOffset(let days)?: return DayResult(spec: .offset(days: days), end: first.end)
        case .month?:
            return parseMonthLed(first)
        case .season?:
            return parseSeasonYear(first)
        default:
            guard first.kind == .number else { return nil }
            return parseNumberLed(first, cued: afterTime || partner)
        }
    }

    /// A holiday with its year if one follows ("Easter Monday 2027"). A number after it that is
    /// no year we read ("Easter 1492", "Christmas 9999") makes it no date rather than a holiday of
    /// some other year.
    private func holidayDay(_ holiday: Holiday, end: Int) -> DayResult? {
        if let year = parseYear(after: end) {
            return DayResult(spec: .holiday(holiday, year: year.value), end: year.end)
        }
        if let next = reader.next(end), next.gap == .space, next.kind == .number, next.length >= 3 { return nil }
        return DayResult(spec: .holiday(holiday, year: nil), end: end)
    }

    /// "Tue, Mar 3", "Tuesday 3rd March", "Fri 6/5", "Friday".
    private func parseWeekdayLed(_ first: DateToken, weekday: Int, abbreviated: Bool,
                                 afterTime: Bool) -> DayResult? {
        if abbreviated && !first.capitalized { return nil }
        var position = first.end
        if let dot = adjacent(position), dot.isSymbol(".") { position = dot.end }
        if var next = reader.next(position), next.gap != .lineBreak {
            if next.isSymbol(","), let after = reader.next(next.end) { next = after }
            if next.word == .the, let after = reader.next(next.end) { next = after }
            let date: DayResult?
            switch next.word {
            case .month?: date = parseMonthLed(next)
            case nil where next.kind == .number: date = parseNumberLed(next, cued: true)
            default: date = nil
            }
            if var date, case .calendar(let year, let month, let day, _) = date.spec {
                date.spec = .calendar(year: year, month: month, day: day, weekday: weekday)
                return date
            }
        }
        return DayResult(spec: .weekday(weekday, .upcoming), end: first.end,
                         needsTime: abbreviated && !afterTime)
    }

    /// "March 3", "Mar. 3rd, 2026", "Mar 3-5", "March 2026".
    private func parseMonthLed(_ first: DateToken) -> DayResult? {
        guard case .month(let month, let ambiguous)? = first.word else { return nil }
        var position = first.end
        if let dot = adjacent(position), dot.isSymbol(".") { position = dot.end }
        guard let number = reader.next(position), number.gap != .lineBreak || !ambiguous,
              number.kind == .number else { return nil }
        if number.length == 4, !number.folded, let year = yearValue(number), !continuesAsTime(number.end) {
            if ambiguous && !first.capitalized { return nil }
            return DayResult(spec: .monthOfYear(year: year, month: month), end: number.end)
        }
        // A capitalized month name proves the shape: its day may carry OCR's letters ("Sep O3",
        // "July l3th").
        guard let (day, dayEnd, ordinal) = dayNumber(number, folded: first.capitalized) else { return nil }
        var end = dayEnd
        var endDay: Int?
        if let connector = reader.next(end), connector.isDash || connector.word == .to || connector.word == .through,
           let second = reader.next(connector.end), let (day2, day2End, _) = dayNumber(second), day2 > day {
            endDay = day2
            end = day2End
        }
        let year = parseYear(after: end)
        if let year { end = year.end } else if yearOutOfRange(after: end) { return nil }
        if ambiguous && !first.capitalized && year == nil && !ordinal { return nil }
        guard CivilCalendar.isValid(year: year?.value ?? 2000, month: month, day: endDay ?? day) else { return nil }
        return DayResult(spec: .calendar(year: year?.value, month: month, day: day, weekday: nil),
                         endSpec: endDay.map { .calendar(year: year?.value, month: month, day: $0, weekday: nil) },
                         end: end)
    }

    /// A day of the month: 1-31 with an optional ordinal suffix, not the hour of a time
    /// ("May 5pm", "March 3:30").
    private func dayNumber(_ token: DateToken, folded: Bool = false) -> (day: Int, end: Int, ordinal: Bool)? {
        guard token.kind == .number, token.length <= 2, !token.folded || folded, (1...31).contains(token.value)
        else { return nil }
        if let next = adjacent(token.end) {
            if next.word == .ordinalSuffix { return (token.value, next.end, true) }
            if next.kind == .word || next.isSymbol(":") { return nil }
            if next.isSymbol("."), let after = adjacent(next.end), after.kind == .number { return nil }
        }
        if let next = reader.next(token.end), next.kind == .word, isMeridiemStart(next) { return nil }
        return (token.value, token.end, false)
    }

    /// ", 2026", " 2026", ". 2026" (OCR reads the comma as a period), " '26".
    func parseYear(after position: Int) -> (value: Int, end: Int)? {
        guard var next = reader.next(position) else { return nil }
        if next.isSymbol(",") || next.isSymbol(".") {
            guard let after = reader.next(next.end) else { return nil }
            next = after
        }
        if next.kind == .number, next.length == 4, let year = yearValue(next), !continuesAsTime(next.end) {
            return (year, next.end)
        }
        // "14 de mayo de 2026"
        if next.word == .of, next.gap == .space, let number = reader.next(next.end), number.gap == .space,
           number.length == 4, let year = yearValue(number), !continuesAsTime(number.end) {
            return (year, number.end)
        }
        // "9 July in 2031"
        if next.word == .inWord, next.gap == .space, let number = reader.next(next.end), number.gap == .space,
           number.length == 4, let year = yearValue(number), !continuesAsTime(number.end) {
            return (year, number.end)
        }
        if next.isSymbol("'") || next.isSymbol("\u{2019}"), let short = adjacent(next.end),
           short.isNumber(maxDigits: 2), short.length == 2 {
            return (2000 + short.value, short.end)
        }
        return nil
    }

    /// Four digits where the year goes that are no year we read ("Dec 31, 9999", "1 January
    /// 0001"): the date is not one, rather than a date of the inferred year.
    private func yearOutOfRange(after position: Int) -> Bool {
        guard var next = reader.next(position), next.gap != .lineBreak else { return false }
        var comma = false
        if next.isSymbol(","), let after = reader.next(next.end), after.gap != .lineBreak {
            next = after
            comma = true
        }
        // Without a comma, "Mar 3 1500 units" is a date and a count: only a leading zero or a
        // number past the range says a year was meant.
        guard next.kind == .number, next.length == 4, !next.folded, yearValue(next) == nil,
              !continuesAsTime(next.end) else { return false }
        return comma || next.value < 1000 || next.value > 2399
    }

    private func realDigits(_ token: DateToken) -> Int {
        scalars[token.start..<token.end].reduce(0) { $0 + ($1.isASCIIDigit ? 1 : 0) }
    }

    private func yearValue(_ token: DateToken) -> Int? {
        guard token.kind == .number, token.length == 4, (1600...2399).contains(token.value) else { return nil }
        if token.folded {
            guard realDigits(token) >= 3 else { return nil }
        }
        return token.value
    }

    /// A number followed by ":" and a digit is an hour, not a year or day.
    private func continuesAsTime(_ position: Int) -> Bool {
        position + 1 < scalars.count && scalars[position] == ":" && scalars[position + 1].isASCIIDigit
    }

    /// Numeric dates ("2026-03-05", "3/5/2026", "05.03.2026", "3/5") and day-first dates with a
    /// month name ("3 March 2026", "5. März", "3-5 March", "03-Mar-2026").
    private func parseNumberLed(_ first: DateToken, cued: Bool) -> DayResult? {
        if let separator = adjacent(first.end), separator.isSymbol("/") || separator.isSymbol("-")
            || separator.isSymbol("."), let second = adjacent(separator.end), second.kind == .number,
           let numeric = parseNumeric(first, separator: separator, second: second, cued: cued) {
            return numeric
        }
        return parseDayLed(first)
    }

    private func parseNumeric(_ first: DateToken, separator: DateToken, second: DateToken,
                              cued: Bool) -> DayResult? {
        // OCR's misread digits ("2O24-O6-28", "l986-11-23", "13.O7.20l6", "01/O2/2O21") only in
        // a full date's shape (ISO, or day and month before a four-digit year), each part keeping
        // a real digit and the year three.
        let sep = separator.value
        var third: DateToken?
        if let separator2 = adjacent(second.end), separator2.value == sep, separator2.kind == .symbol,
           let candidate = adjacent(separator2.end), candidate.kind == .number {
            third = candidate
        }
        let iso = first.length == 4 && separator.isDash && yearValue(first) != nil
        let fullShape = iso || (first.length <= 2 && third.map { $0.length == 4 && yearValue($0) != nil } == true)
        func plausible(_ token: DateToken) -> Bool { !token.folded || (fullShape && realDigits(token) >= 1) }
        guard plausible(first), plausible(second), second.length <= 2 else { return nil }
        if let candidate = third, !plausible(candidate) { third = nil }
        if first.length == 4 {
            guard let third, third.length <= 2, let year = yearValue(first),
                  CivilCalendar.isValid(year: year, month: second.value, day: third.value),
                  !continuesAsNumber(third.end) || startsISODate(third.end + 1) else { return nil }
            var result = DayResult(spec: .calendar(year: year, month: second.value, day: third.value, weekday: nil),
                                   end: third.end)
            if let (time, zone, end) = parseISOTime(after: third.end) {
                result.isoTime = (time, zone)
                result.end = end
            }
            return result
        }
        guard first.length <= 2 else { return nil }
        let dotted = sep == Int(("." as Unicode.Scalar).value)
        if let third {
            let year: Int
            if third.length == 4, let value = yearValue(third) {
                year = value
            } else if third.length == 2, !dotted || (first.length == 2 && second.length == 2) {
                year = 2000 + third.value
            } else {
                return nil
            }
            guard !continuesAsNumber(third.end) else { return nil }
            var (month, day) = dotted || !conventions.monthFirst ? (second.value, first.value)
                                                                  : (first.value, second.value)
            if !CivilCalendar.isValid(year: year, month: month, day: day), !dotted,
               CivilCalendar.isValid(year: year, month: day, day: month), month > 12 {
                swap(&month, &day)
            }
            guard CivilCalendar.isValid(year: year, month: month, day: day) else { return nil }
            return DayResult(spec: .calendar(year: year, month: month, day: day, weekday: nil), end: third.end)
        }
        // Two parts: only with a slash, and not a fraction or "24/7".
        guard sep == Int(("/" as Unicode.Scalar).value), !continuesAsNumber(second.end) else { return nil }
        if first.value == 24 && second.value == 7 { return nil }
        if !cued {
            if first.value < second.value && [2, 3, 4, 8, 16].contains(second.value) { return nil }
            // "1/05" reads as a ratio; "05/06", both zero-padded, as a date
            if second.length == 2 && second.value < 10 && !(first.length == 2 && first.value < 10) { return nil }
        }
        let (month, day) = conventions.monthFirst ? (first.value, second.value) : (second.value, first.value)
        guard CivilCalendar.isValid(year: 2000, month: month, day: day) else { return nil }
        return DayResult(spec: .calendar(year: nil, month: month, day: day, weekday: nil), end: second.end)
    }

    /// Four digits and a dash at `position`: the start of an ISO date (the end of an interval
    /// "2026-03-01/2026-03-05").
    func startsISODate(_ position: Int) -> Bool {
        guard position + 4 < scalars.count, scalars[position - 1] == "/" else { return false }
        for k in position..<(position + 4) where !scalars[k].isASCIIDigit { return false }
        return scalars[position + 4] == "-"
    }

    /// "/", ".", ":" and a digit after a numeric date: part of a longer number (an IP address,
    /// a version) rather than a date.
    private func continuesAsNumber(_ position: Int) -> Bool {
        guard position + 1 < scalars.count, scalars[position + 1].isASCIIDigit else { return false }
        let next = scalars[position]
        return next == "/" || next == "." || next == ":"
    }

    /// Whether the folded day `first` is followed (after an ordinal suffix or a dot) by a month
    /// name, capitalized or not ambiguous.
    private func foldedDayBeforeMonth(_ first: DateToken) -> Bool {
        var end = first.end
        if let suffix = adjacent(end), suffix.word == .ordinalSuffix || suffix.isSymbol(".") { end = suffix.end }
        guard let next = reader.next(end), next.gap != .lineBreak, case .month(_, let ambiguous)? = next.word else {
            return false
        }
        return next.capitalized || !ambiguous
    }

    /// "3 March 2026", "3rd of March", "5. März", "3-5 March", "03-Mar-2026", "1er mars".
    private func parseDayLed(_ first: DateToken) -> DayResult? {
        // A day with OCR's letters ("l3 Septiembre", "2I. Dezember") only right before a month
        // name that is no English word: the name proves the shape, as it does after the month.
        guard first.kind == .number, first.length <= 2, (1...31).contains(first.value),
              !first.folded || foldedDayBeforeMonth(first) else { return nil }
        var end = first.end
        var ordinal = false
        if let suffix = adjacent(end) {
            if suffix.word == .ordinalSuffix {
                end = suffix.end
                ordinal = true
            } else if suffix.isSymbol(".") {
                end = suffix.end
            }
        }
        var endDay: Int?
        var dashForm = false
        var slashForm = false
        guard var next = reader.next(end), next.gap != .lineBreak else { return nil }
        // "09/Jun/2024:14:02:11 +0000": web server logs (Common Log Format).
        if next.isSymbol("/"), next.gap == .none, !ordinal, let after = adjacent(next.end), case .month? = after.word,
           let slash = adjacent(after.end), slash.isSymbol("/") {
            dashForm = true
            slashForm = true
            next = after
        } else if next.isDash, let after = reader.next(next.end) {
            if after.isNumber(maxDigits: 2), (1...31).contains(after.value), after.value > first.value {
                endDay = after.value
                end = after.end
                if let suffix = adjacent(end), suffix.word == .ordinalSuffix || suffix.isSymbol(".") {
                    end = suffix.end
                }
                guard let afterRange = reader.next(end) else { return nil }
                next = afterRange
            } else if next.gap == .none, after.gap == .none, case .month? = after.word {
                dashForm = true
                next = after
            }
        }
        if next.word == .of, let after = reader.next(next.end) { next = after }
        guard case .month(let month, let ambiguous)? = next.word, next.gap != .lineBreak else { return nil }
        end = next.end
        // "3 Nov. 2026": an abbreviation's dot; after a whole name ("20 April.") it ends the sentence.
        if let dot = adjacent(end), dot.isSymbol("."), next.length <= 4, !DateWord.wholeShortMonths.contains(next.key) {
            end = dot.end
        }
        var year: Int?
        if dashForm {
            if let dash = adjacent(next.end), dash.isDash || slashForm, let number = adjacent(dash.end),
               number.kind == .number, !number.folded {
                if number.length == 4, let value = yearValue(number) { year = value } else if number.length == 2 {
                    year = 2000 + number.value
                }
                if year != nil { end = number.end }
            }
        } else if let parsed = parseYear(after: end) {
            year = parsed.value
            end = parsed.end
        } else if yearOutOfRange(after: end) {
            return nil
        }
        if slashForm, year == nil { return nil }
        // "le 5 mars à 9h30": a time after the day settles it too.
        if ambiguous && !next.capitalized && year == nil && !ordinal && parseTimeAfterDay(end) == nil { return nil }
        guard CivilCalendar.isValid(year: year ?? 2000, month: month, day: endDay ?? first.value) else { return nil }
        var result = DayResult(spec: .calendar(year: year, month: month, day: first.value, weekday: nil),
                               endSpec: endDay.map { .calendar(year: year, month: month, day: $0, weekday: nil) },
                               end: end)
        if slashForm, let (time, zone, timeEnd) = logTime(after: end) {
            result.isoTime = (time, zone)
            result.end = timeEnd
        }
        return result
    }

    /// ":14:02:11 +0000" glued to a Common Log Format date: the time and its offset.
    private func logTime(after position: Int) -> (ClockTime, Int?, Int)? {
        guard let colon = adjacent(position), colon.isSymbol(":"), let hour = adjacent(colon.end),
              let (time, end, _) = fixedClock(hour) else { return nil }
        let offset = spacedOffset(after: end)
        return (time, offset?.minutes, offset?.end ?? end)
    }

    /// After a time: ", March 3", "on Friday", "tomorrow".
    func parseDayAfterTime(_ position: Int) -> DayResult? {
        guard var next = reader.next(position), next.gap != .lineBreak else { return nil }
        if next.isSymbol(","), let after = reader.next(next.end) { next = after }
        if next.word == .on, let after = reader.next(next.end) { next = after }
        guard let day = parseDay(next, afterTime: true), day.endSpec == nil, day.isoTime == nil else { return nil }
        return day
    }
}
