/// Durations ("for 2 hours", "2h 30m", "an hour and a half") and offsets from now ("in 3 days",
/// "2 weeks ago").
extension DateParser {
    /// "for 2 hours", "takes 90 min": the duration without the verb or preposition.
    func parseContextualDuration(_ first: DateToken) -> DateExpression? {
        guard let body = reader.next(first.end), body.gap != .lineBreak,
              let (duration, end) = parseDurationBody(body, contextual: true), duration.businessDays == 0
        else { return nil }
        return DateExpression(range: body.start..<end, duration: duration)
    }

    /// "in 3 days", "in an hour", "dans 3 jours", "dentro de 3 días", "daqui a 3 dias", "tra 3
    /// giorni", "over 3 dagen", "za 3 dni": a moment relative to now.
    func parseFromNow(_ first: DateToken) -> DateExpression? {
        guard var body = reader.next(first.end), body.gap != .lineBreak else { return nil }
        // "dentro de", "daqui a": the second word of the preposition.
        if body.word == .of || (body.key == WordKeys.a && !reader.languages.isEmpty),
           let after = reader.next(body.end), after.gap != .lineBreak, after.kind == .number {
            body = after
        }
        guard let (duration, end) = parseDurationBody(body, contextual: true) else { return nil }
        return DateExpression(range: first.start..<end, start: DateMoment(fromNow: duration))
    }

    /// "vor 3 Tagen", "hace 3 días", "há 3 dias", "il y a 3 jours": "ago" before the amount.
    func parseAgoBefore(_ first: DateToken) -> DateExpression? {
        guard var body = reader.next(first.end), body.gap != .lineBreak else { return nil }
        if first.key == WordKeys.il {
            guard body.key == WordKeys.y, let a = reader.next(body.end), a.key == WordKeys.a,
                  let after = reader.next(a.end), after.gap != .lineBreak else { return nil }
            body = after
        }
        guard let (duration, end) = parseDurationBody(body, contextual: true) else { return nil }
        return DateExpression(range: first.start..<end, start: DateMoment(fromNow: duration.negated()))
    }

    /// "2 hours", "90 min", "2h 30m", "an hour", and "3 days ago", "2 years ago", "3 days from now".
    /// `momentOnly`: only "ago" and "from now" ("twenty minutes ago", not "twenty minutes").
    func parseBareDuration(_ first: DateToken, momentOnly: Bool = false) -> DateExpression? {
        // Before "ago" or "from now" any unit is a moment ("3 months ago"); "a" as an amount
        // only there ("a week ago").
        guard let reading = readDuration(first, contextual: false)
                ?? (first.word == .article ? readDuration(first, contextual: true) : nil) else { return nil }
        if let after = reader.next(reading.end), after.gap != .lineBreak {
            if after.word == .ago {
                return DateExpression(range: first.start..<after.end, start: DateMoment(fromNow: reading.duration.negated()))
            }
            if after.word == .from, let now = reader.next(after.end), now.gap == .space, now.key == WordKeys.now {
                return DateExpression(range: first.start..<now.end, start: DateMoment(fromNow: reading.duration))
            }
        }
        guard !momentOnly, reading.bare, reading.duration.businessDays == 0 else { return nil }
        return DateExpression(range: first.start..<reading.end, duration: reading.duration)
    }

    /// Amount-unit pairs in falling units, joined by spaces, commas or "and". Without a
    /// `contextual` word before it, a duration counts in units of at most a week, an article
    /// only before "hour" ("an hour"; "a day" is everyday prose), and no lone one-letter unit
    /// but "h" ("30m" may be metres, "5d" anything).
    func parseDurationBody(_ first: DateToken, contextual: Bool) -> (DurationSpec, Int)? {
        guard let reading = readDuration(first, contextual: contextual), contextual || reading.bare else { return nil }
        return (reading.duration, reading.end)
    }

    /// The duration at `first` and whether it stands without a context word (`bare`): read once,
    /// for both uses.
    private func readDuration(_ first: DateToken, contextual: Bool) -> (duration: DurationSpec, end: Int, bare: Bool)? {
        var total = DurationSpec()
        var token = first
        var end = first.start
        var lastUnit: DurationUnit?
        var pairs = 0
        var onlyCompact = true
        var articleAmount = false
        var firstUnit: DurationUnit?
        while pairs < 4 {
            guard let amount = parseAmount(token, contextual: contextual) else { break }
            guard var unitToken = reader.next(amount.end), unitToken.gap != .lineBreak else { break }
            // "business days", "working days"
            if unitToken.key == WordKeys.business || unitToken.key == WordKeys.working,
               let day = reader.next(unitToken.end), day.gap == .space, case .unit(.day, false)? = day.word {
                unitToken = day
                unitToken.word = .unit(.businessDay, compact: false)
            }
            guard case .unit(let unit, let compact)? = unitToken.word else { break }
            if compact {
                guard unitToken.gap == .none, !amount.article, !amount.word else { break }
                if unit == .second && lastUnit == nil { break }
            } else {
                onlyCompact = false
                // "mo" and "s" are too short to trust spaced from their number.
                if unitToken.length <= 2 && unitToken.gap != .none && unit == .month { break }
            }
            if let lastUnit, unit >= lastUnit { break }
            if pairs == 0 {
                articleAmount = amount.article || amount.word
                firstUnit = unit
            }
            guard add(amount.value, unit, to: &total) else { return nil }
            lastUnit = unit
            pairs += 1
            end = unitToken.end
            // "1h30": minutes without their unit after compact hours.
            if compact, unit == .hour, let minutes = adjacent(end), minutes.isNumber(maxDigits: 2),
               minutes.length == 2, minutes.value < 60, adjacent(minutes.end)?.kind != .word {
                total.seconds += minutes.value * 60
                end = minutes.end
                break
            }
            // "an hour and a half"
            if amount.article, let and = reader.next(end), and.word == .and, let a = reader.next(and.end),
               a.word == .article, let half = reader.next(a.end), half.word == .half {
                _ = add(0.5, unit, to: &total)
                end = half.end
                break
            }
            guard var next = reader.next(end), next.gap != .lineBreak else { break }
            if next.isSymbol(",") || next.word == .and {
                guard let after = reader.next(next.end), after.gap != .lineBreak else { break }
                next = after
            }
            token = next
        }
        guard pairs > 0 else { return nil }
        if total.businessDays != 0 && pairs > 1 { return nil }
        // "an hour", "three hours", "twenty minutes"; "a day", "two weeks" are everyday prose.
        let bare = total.years == 0 && total.months == 0
            && !(onlyCompact && pairs == 1 && !(total.seconds > 0 && total.seconds % 3600 == 0))
            && !(articleAmount && firstUnit != .hour && firstUnit != .minute)
            && !(articleAmount && firstUnit == .minute && total.seconds < 600)
        return (total, end, bare)
    }

    private struct Amount {
        var value: Double
        var end: Int
        var article = false
        /// Written as a word ("three").
        var word = false
    }

    /// "2", "1.5", "an", "a" (after a context word), "half an", "half a".
    private func parseAmount(_ token: DateToken, contextual: Bool) -> Amount? {
        if token.kind == .number {
            guard !token.folded, token.length <= 4 else { return nil }
            if let point = adjacent(token.end), point.isSymbol(".") || point.isSymbol(","),
               let fraction = adjacent(point.end), fraction.isNumber(maxDigits: 2) {
                var scale = 1.0
                for _ in 0..<fraction.length { scale *= 10 }
                return Amount(value: Double(token.value) + Double(fraction.value) / scale, end: fraction.end)
            }
            return Amount(value: Double(token.value), end: token.end)
        }
        if token.word == .article {
            guard contextual || token.key != WordKeys.a else { return nil }
            return Amount(value: 1, end: token.end, article: true)
        }
        if case .numberWord(let value)? = token.word {
            // "twenty-five", "twenty five"
            if value >= 20, value % 10 == 0, let joint = reader.next(token.end), joint.gap != .lineBreak {
                var ones = joint
                if joint.isDash, joint.gap == .none, let after = adjacent(joint.end) { ones = after }
                if case .numberWord(let one)? = ones.word, one < 10, ones.gap != .lineBreak {
                    return Amount(value: Double(value + one), end: ones.end, word: true)
                }
            }
            return Amount(value: Double(value), end: token.end, word: true)
        }
        if token.word == .half {
            if let article = reader.next(token.end), article.word == .article {
                return Amount(value: 0.5, end: article.end, article: true)
            }
            return nil
        }
        return nil
    }

    /// Adds an amount of a unit; fractions of days and weeks become smaller units, fractions of
    /// months and years are refused.
    private func add(_ amount: Double, _ unit: DurationUnit, to total: inout DurationSpec) -> Bool {
        let whole = Int(amount)
        let fraction = amount - Double(whole)
        switch unit {
        case .second, .minute, .hour:
            total.seconds += Int((amount * Double(unit.seconds!)).rounded())
        case .day:
            total.days += whole
            total.seconds += Int((fraction * 86_400).rounded())
        case .week:
            if fraction == 0 { total.weeks += whole } else { total.days += Int((amount * 7).rounded()) }
        case .businessDay:
            guard fraction == 0 else { return false }
            total.businessDays += whole
        case .month, .year:
            guard fraction == 0 else { return false }
            if unit == .month { total.months += whole } else { total.years += whole }
        }
        return true
    }
}
