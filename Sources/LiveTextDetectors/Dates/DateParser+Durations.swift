/// Durations ("for 2 hours", "2h 30m", "an hour and a half") and offsets from now ("in 3 days",
/// "2 weeks ago").
extension DateParser {
    /// "for 2 hours", "takes 90 min": the duration without the verb or preposition.
    func parseContextualDuration(_ first: DateToken) -> DateExpression? {
        guard let body = reader.next(first.end), body.gap != .lineBreak,
              let (duration, end) = parseDurationBody(body, contextual: true) else { return nil }
        return DateExpression(range: body.start..<end, duration: duration)
    }

    /// "in 3 days", "in an hour": a moment relative to now.
    func parseFromNow(_ first: DateToken) -> DateExpression? {
        guard let body = reader.next(first.end), body.gap != .lineBreak,
              let (duration, end) = parseDurationBody(body, contextual: true) else { return nil }
        return DateExpression(range: first.start..<end, start: DateMoment(fromNow: duration))
    }

    /// "2 hours", "90 min", "2h 30m", "an hour", and "3 days ago".
    func parseBareDuration(_ first: DateToken) -> DateExpression? {
        guard let (duration, end) = parseDurationBody(first, contextual: false) else { return nil }
        if let ago = reader.next(end), ago.word == .ago, ago.gap != .lineBreak {
            return DateExpression(range: first.start..<ago.end, start: DateMoment(fromNow: duration.negated()))
        }
        return DateExpression(range: first.start..<end, duration: duration)
    }

    /// Amount-unit pairs in falling units, joined by spaces, commas or "and". Without a
    /// `contextual` word before it, a duration counts in units of at most a week, an article
    /// only before "hour" ("an hour"; "a day" is everyday prose), and no lone one-letter unit
    /// but "h" ("30m" may be metres, "5d" anything).
    func parseDurationBody(_ first: DateToken, contextual: Bool) -> (DurationSpec, Int)? {
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
            guard let unitToken = reader.next(amount.end), unitToken.gap != .lineBreak,
                  case .unit(let unit, let compact)? = unitToken.word else { break }
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
        if !contextual {
            if total.years != 0 || total.months != 0 { return nil }
            if onlyCompact && pairs == 1 && !(total.seconds > 0 && total.seconds % 3600 == 0) { return nil }
            // "an hour", "three hours", "twenty minutes"; "a day", "two weeks" are everyday prose.
            if articleAmount && firstUnit != .hour && firstUnit != .minute { return nil }
            if articleAmount && firstUnit == .minute && total.seconds < 600 { return nil }
        }
        return (total, end)
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
        case .month, .year:
            guard fraction == 0 else { return false }
            if unit == .month { total.months += whole } else { total.years += whole }
        }
        return true
    }
}
