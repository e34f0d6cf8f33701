/// Numeric ranges whose first date leaves out what the second gives, as CLDR writes them in
/// German, Polish and other languages: "14.–16.05.2026", "14–16.05.2026", "28.05. – 03.06.2026",
/// "28.05–03.06.2026". The second date is whole (day, month and year, with dots or slashes); the
/// first borrows its month and year. A first day after the second in the same month is no range;
/// a first month after the second's is the year before ("28.12.–03.01.2027").
extension DateParser {
    func parseNumericPartialRange(_ first: DateToken) -> DateExpression? {
        guard first.kind == .number, !first.folded, first.length <= 2, (1...31).contains(first.value) else { return nil }
        var end = first.end
        var month: Int?
        if let dot = adjacent(end), dot.isSymbol(".") {
            end = dot.end
            if let number = adjacent(end), number.kind == .number, !number.folded, number.length <= 2,
               (1...12).contains(number.value) {
                month = number.value
                end = number.end
                if let dot = adjacent(end), dot.isSymbol(".") { end = dot.end }
            }
        }
        guard let dash = reader.next(end), dash.isDash, dash.gap != .lineBreak,
              let next = reader.next(dash.end), next.gap != .lineBreak, next.kind == .number, !next.folded,
              let separator = adjacent(next.end), separator.isSymbol(".") || separator.isSymbol("/"),
              let second = parseSpan(next, allowBareHour: false, partner: true), second.end == nil,
              second.start.time == nil,
              case .calendar(let year?, let endMonth, let endDay, _)? = second.start.day else { return nil }
        var startYear = year
        let startMonth = month ?? endMonth
        if month == nil {
            guard first.value < endDay else { return nil }
        } else if startMonth > endMonth || (startMonth == endMonth && first.value >= endDay) {
            guard startMonth > endMonth else { return nil }
            startYear -= 1
        }
        guard CivilCalendar.isValid(year: startYear, month: startMonth, day: first.value) else { return nil }
        return DateExpression(range: first.start..<second.upper,
                              start: DateMoment(day: .calendar(year: startYear, month: startMonth, day: first.value,
                                                               weekday: nil)),
                              end: second.start)
    }
}
